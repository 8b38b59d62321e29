import { useEffect, useRef } from 'react';

/**
 * Scrolls to the top and moves focus to the main content whenever `path` changes
 * (not on first render), so a screen-reader or keyboard user starts at the new page.
 * Returns the ref to put on the focusable main element (tabIndex -1).
 */
export function useRouteChangeFocus(path: string) {
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [path]);
  return main;
}
