import { useEffect } from 'react';

/** Sets the document title: "<title> · Everbloom back office". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Everbloom back office`;
  }, [title]);
}
