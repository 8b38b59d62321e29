import { useEffect } from 'react';
import { documentTitle } from '../../domain/page-titles.ts';

export { SHOP_NAME, searchPageTitle } from '../../domain/page-titles.ts';

/** Sets the document title: 'Basket | Everbloom' (domain/page-titles.ts). */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
