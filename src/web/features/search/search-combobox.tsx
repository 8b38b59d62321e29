/**
 * The search box's suggestions: an editable combobox with list autocomplete (WAI-ARIA
 * Authoring Practices, "Combobox"). It replaces the header's plain search input once
 * loaded (search-box.tsx), inside the same form: Enter without a chosen suggestion
 * submits that form (`/search?q=…`); Enter on one goes to its page.
 *
 * Focus stays in the input; the active option is `aria-activedescendant`. Suggestions
 * are asked for from the second character, 150 ms after the last keystroke, keyed by
 * the text, so a late answer for an earlier text never replaces a newer one. Their
 * number is announced in a polite live region. A failed request shows nothing: the
 * form still searches.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SUGGEST_MIN_CHARS, type SuggestionView } from '../../../domain/api/catalogue.ts';
import { suggestionsQuery } from '../../api/search-suggestions.ts';
import { SEARCH_PATH } from './search-path.ts';
import { SEARCH_INPUT_ID } from './search-box.tsx';

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;

export interface SearchComboboxProps {
  /** What the plain input held when this replaced it. */
  initialText: string;
  /** Whether the plain input had the focus (it moves to this one). */
  focused: boolean;
  /** The query of the page shown (the results page's `q`, else empty). */
  current: string;
}

/** The address of the results for a text (encoded as the plain form would encode it). */
export function searchUrl(text: string): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ q: text }).toString()}`;
}

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** What the live region says once the suggestions for the text have arrived. */
export function suggestionCountMessage(count: number): string {
  if (count === 0) return 'No suggestions.';
  return `${count} ${count === 1 ? 'suggestion' : 'suggestions'} available.`;
}

export function SearchCombobox({ initialText, focused, current }: SearchComboboxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const page = location.pathname + location.search;
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [shownFor, setShownFor] = useState(page);

  // A new page (a search, a product) shows its own query and closes the popup.
  if (page !== shownFor) {
    setShownFor(page);
    setText(current);
    setOpen(false);
    setActive(-1);
  }

  // Taking over from the plain input: keep the shopper's focus (caret at the end).
  useLayoutEffect(() => {
    if (focused) input.current?.focus();
  }, [focused]);

  // Searching goes to the results page without reloading the shop. (The form and its
  // submit button are the header's; this listens once it has taken over.)
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const submit = (event: SubmitEvent) => {
      event.preventDefault();
      const q = input.current?.value.trim() ?? '';
      if (q) void navigate(searchUrl(q));
      else input.current?.focus();
    };
    form.addEventListener('submit', submit);
    return () => form.removeEventListener('submit', submit);
  }, [navigate]);

  const typed = text.trim();
  const wanted = useDebounced(typed, SUGGEST_DEBOUNCE_MS);
  const enough = wanted.length >= SUGGEST_MIN_CHARS && typed.length >= SUGGEST_MIN_CHARS;
  const suggestions = useQuery({
    ...suggestionsQuery(wanted),
    enabled: open && enough,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const items: SuggestionView[] =
    (open && enough && !suggestions.isError && suggestions.data) || [];
  const settled =
    open &&
    enough &&
    wanted === typed &&
    !suggestions.isFetching &&
    !suggestions.isError &&
    !suggestions.isPlaceholderData &&
    suggestions.data !== undefined;
  const loading = open && typed.length >= SUGGEST_MIN_CHARS && !settled && !suggestions.isError;
  const expanded = items.length > 0;
  const popup = expanded || (settled && items.length === 0);
  const activeItem = expanded && active >= 0 ? items[active] : undefined;
  const optionId = (index: number) => `${listId}-${index}`;

  // The list changed under the active option: start again from the text.
  const [listFor, setListFor] = useState(items);
  if (
    listFor !== items &&
    (listFor.length !== items.length || listFor.some((s, i) => s !== items[i]))
  ) {
    setListFor(items);
    setActive(-1);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function go(suggestion: SuggestionView) {
    close();
    void navigate(suggestion.url);
  }

  function change(event: ChangeEvent<HTMLInputElement>) {
    setText(event.target.value);
    setOpen(true);
    setActive(-1);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (event.altKey) {
          // Alt+Down opens the list without choosing; Alt+Up closes it.
          event.preventDefault();
          if (event.key === 'ArrowDown') setOpen(true);
          else close();
          return;
        }
        event.preventDefault();
        if (!open) {
          setOpen(true);
          return;
        }
        if (items.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => {
          if (index < 0) return step > 0 ? 0 : items.length - 1;
          return (index + step + items.length) % items.length;
        });
        return;
      }
      case 'Enter':
        if (activeItem) {
          event.preventDefault();
          go(activeItem);
        } else {
          // The form submits the text (search-box.tsx).
          close();
        }
        return;
      case 'Escape':
        // Also stops the browser clearing a search field on its own.
        event.preventDefault();
        if (popup || loading) close();
        else {
          setText('');
          close();
        }
        return;
      case 'Tab':
        close();
        return;
      default:
    }
  }

  const message = settled && !suggestions.isError ? suggestionCountMessage(items.length) : '';

  return (
    <div className="search-box__field">
      <input
        ref={input}
        id={SEARCH_INPUT_ID}
        className="search-box__input"
        type="search"
        name="q"
        value={text}
        // Only here, not in the plain input: its 50 bytes would be in every page's entry.
        placeholder="Search plants, flowers, pots…"
        maxLength={200}
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeItem ? optionId(active) : undefined}
        onChange={change}
        onKeyDown={keyDown}
        onBlur={close}
      />
      {loading && !expanded && (
        <span className="search-box__loading" aria-hidden="true">
          <span className="spinner" />
        </span>
      )}
      <div
        className="search-box__popup"
        hidden={!popup}
        // A press inside the popup must not blur the input (which closes it).
        onMouseDown={(event) => event.preventDefault()}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className="search-box__list"
          hidden={!expanded}
          aria-busy={loading || undefined}
        >
          {items.map((suggestion, index) => (
            <li
              key={`${suggestion.kind}:${suggestion.slug}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              aria-label={
                suggestion.kind === 'category' ? `Category: ${suggestion.name}` : undefined
              }
              className="search-box__option"
              onClick={() => go(suggestion)}
            >
              {suggestion.image ? (
                <img
                  className="search-box__picture"
                  src={suggestion.image.src}
                  srcSet={suggestion.image.srcset}
                  sizes="40px"
                  width="40"
                  height="40"
                  alt=""
                  loading="lazy"
                />
              ) : suggestion.kind === 'product' ? (
                <span className="search-box__picture" />
              ) : (
                <span className="search-box__picture search-box__picture--category">
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    width="20"
                    height="20"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <rect x="4" y="4" width="6" height="6" rx="1" />
                    <rect x="14" y="4" width="6" height="6" rx="1" />
                    <rect x="4" y="14" width="6" height="6" rx="1" />
                    <rect x="14" y="14" width="6" height="6" rx="1" />
                  </svg>
                </span>
              )}
              <span className="search-box__name">{suggestion.name}</span>
              {suggestion.kind === 'category' && (
                <span className="badge badge--muted" aria-hidden="true">
                  Category
                </span>
              )}
            </li>
          ))}
        </ul>
        {settled && items.length === 0 && (
          <p className="search-box__empty">No suggestions. Press Enter to search.</p>
        )}
      </div>
      <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
        {message}
      </div>
    </div>
  );
}
