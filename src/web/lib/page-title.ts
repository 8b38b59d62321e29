import { useEffect } from 'react';

export const SHOP_NAME = 'Everbloom';

/** Sets the document title: 'Basket | Everbloom'. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title
      ? `${title} | ${SHOP_NAME}`
      : `${SHOP_NAME} — artificial plants and flowers`;
  }, [title]);
}
