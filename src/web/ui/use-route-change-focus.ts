import { useEffect, useRef } from 'react';
import { useNavigationType } from 'react-router';

/**
 * Scrolls to the top and moves focus to the main content whenever `path` changes, so
 * a screen-reader or keyboard user starts at the new page. On first render only when
 * the frame was reached by a link inside the app (the shop's frame gives way to the
 * checkout's, and the link that had the focus is gone) and nothing has the focus yet;
 * a page load keeps the browser's own start, before the skip link.
 * Returns the ref to put on the focusable main element (tabIndex -1).
 */
export function useRouteChangeFocus(path: string) {
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const arrivedByLink = useRef(useNavigationType() !== 'POP');
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      const focused = document.activeElement;
      if (!arrivedByLink.current || (focused && focused !== document.body)) return;
    }
    main.current?.focus({ preventScroll: true });
  }, [path]);
  return main;
}
