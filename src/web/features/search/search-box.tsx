/**
 * The header's search box. What every shop page loads first is a plain search form
 * (`/search?q=…`, which works before and without JavaScript); the combobox that shows
 * suggestions as the shopper types, and sends the form to the results page without
 * reloading (search-combobox.tsx), is a separate chunk, loaded when the browser is
 * idle or at the first touch of the box, so the home page's first download barely
 * grows (ADR 009's budget, ADR 060).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { SEARCH_PATH } from './search-path.ts';
import './search-box.css';

const loadCombobox = () => import('./search-combobox.tsx');

/** The combobox, and the plain input's text and focus when it took over. */
interface Enhanced {
  module: Awaited<ReturnType<typeof loadCombobox>>;
  text: string;
  focused: boolean;
}

/** The id of the header's search input (one per page). */
export const SEARCH_INPUT_ID = 'site-search';

/** The search form in the shop's header (not in the checkout, which has its own header). */
export function SearchBox() {
  const { pathname, search } = useLocation();
  const plain = useRef<HTMLInputElement>(null);
  const [enhanced, setEnhanced] = useState<Enhanced | null>(null);
  // A load that ends after the header has gone (another layout, a test's end) is dropped.
  const mounted = useRef(true);
  const enhance = useCallback(() => {
    loadCombobox().then(
      (module) =>
        mounted.current &&
        setEnhanced(
          (before) =>
            before ?? {
              module,
              text: plain.current?.value ?? '',
              focused: document.activeElement === plain.current,
            },
        ),
      // Without its suggestions the box is still a working search form.
      () => undefined,
    );
  }, []);
  useEffect(() => {
    mounted.current = true;
    if (window.requestIdleCallback) {
      const idle = window.requestIdleCallback(enhance);
      return () => {
        mounted.current = false;
        window.cancelIdleCallback(idle);
      };
    }
    const timer = window.setTimeout(enhance, 500);
    return () => {
      mounted.current = false;
      window.clearTimeout(timer);
    };
  }, [enhance]);

  // The results page's query shows in the box; other pages start empty.
  const current = pathname === SEARCH_PATH ? (new URLSearchParams(search).get('q') ?? '') : '';
  return (
    <form role="search" action={SEARCH_PATH} method="get" className="search-box">
      <label htmlFor={SEARCH_INPUT_ID} className="visually-hidden">
        Search the shop
      </label>
      {enhanced ? (
        <enhanced.module.SearchCombobox
          initialText={enhanced.text}
          focused={enhanced.focused}
          current={current}
        />
      ) : (
        <input
          ref={plain}
          key={current}
          id={SEARCH_INPUT_ID}
          className="search-box__input"
          type="search"
          name="q"
          defaultValue={current}
          maxLength={200}
          onFocus={enhance}
        />
      )}
      <button type="submit" className="search-box__submit">
        Search
      </button>
    </form>
  );
}
