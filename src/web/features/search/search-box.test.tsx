import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SuggestionView } from '../../../domain/api/catalogue.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { SearchBox } from './search-box.tsx';
import { suggestionCountMessage } from './search-combobox.tsx';

const product = (name: string, slug: string): SuggestionView => ({
  kind: 'product',
  name,
  slug,
  url: `/products/${slug}`,
  image: { src: `/images/${slug}-200.jpg`, srcset: `/images/${slug}-200.jpg 200w`, alt: name },
});
const category = (name: string, slug: string): SuggestionView => ({
  kind: 'category',
  name,
  slug,
  url: `/categories/${slug}`,
  image: null,
});

const OLIVES = [
  product('Artificial Olive Tree', 'artificial-olive-tree'),
  product('Olive Topiary Ball', 'olive-topiary-ball'),
  category('Olive trees', 'olive-trees'),
];

/** Suggestions answered from a table by the text asked for (none for anything else). */
function suggestions(table: Record<string, SuggestionView[]> = { oli: OLIVES, ol: OLIVES }) {
  return mockApi({
    'GET /api/v1/search/suggestions': (_body, url) => ({
      body: { data: { suggestions: table[url.searchParams.get('q') ?? ''] ?? [] } },
    }),
  });
}

/** The header's box, enhanced: focused, with the combobox in place of the plain input. */
async function renderBox(path = '/') {
  const user = userEvent.setup();
  const view = renderWithApp(<SearchBox />, { path });
  await user.click(screen.getByRole('searchbox', { name: 'Search the shop' }));
  const box = await screen.findByRole('combobox', { name: 'Search the shop' });
  await waitFor(() => expect(box).toHaveFocus());
  return { ...view, user, box };
}

const at = (router: ReturnType<typeof renderWithApp>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('the header search box, before its combobox has loaded', () => {
  it('is a plain search form that works without JavaScript: GET /search with q', () => {
    mockApi({});
    renderWithApp(<SearchBox />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    const input = screen.getByRole('searchbox', { name: 'Search the shop' });
    expect(input).toHaveAttribute('name', 'q');
    expect(input).toHaveAttribute('type', 'search');
    expect(form).toContainElement(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
  });

  it('shows the query of the results page', () => {
    mockApi({});
    renderWithApp(<SearchBox />, { path: '/search?q=olive+tree' });
    expect(screen.getByRole('searchbox', { name: 'Search the shop' })).toHaveValue('olive tree');
  });

  it('becomes the combobox once the browser is idle', async () => {
    mockApi({});
    renderWithApp(<SearchBox />);
    const box = await screen.findByRole('combobox', { name: 'Search the shop' });
    expect(box).toHaveAttribute('name', 'q');
    expect(box).not.toHaveFocus();
  });

  it('hands over what was typed and the focus when the combobox arrives', async () => {
    suggestions();
    const user = userEvent.setup();
    renderWithApp(<SearchBox />);
    await user.click(screen.getByRole('searchbox'));
    await user.keyboard('oli');
    const box = await screen.findByRole('combobox');
    expect(box).toHaveValue('oli');
    expect(box).toHaveFocus();
  });
});

describe('the header search box’s suggestions', () => {
  it('are asked for from the second character, once typing pauses, and announced', async () => {
    const { calls } = suggestions();
    const { user, box } = await renderBox();
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('o');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(calls).toHaveLength(0);

    await user.keyboard('li');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    // Typed quickly, "oli" is one request: the pause comes after the last key.
    expect(calls.map((call) => call.search)).toEqual(['?q=oli']);

    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Artificial Olive Tree',
      'Olive Topiary Ball',
      'Olive treesCategory',
    ]);
    expect(screen.getByRole('option', { name: 'Category: Olive trees' })).toBeInTheDocument();
    expect(options[0]?.querySelector('img')).toHaveAttribute('alt', '');
    expect(screen.getByRole('status')).toHaveTextContent('3 suggestions available.');
  });

  it('say so when nothing matches', async () => {
    suggestions();
    const { user } = await renderBox();
    await user.keyboard('zzz');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No suggestions.'));
    expect(screen.getByText('No suggestions. Press Enter to search.')).toBeVisible();
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });

  it('never show an earlier text’s late answer over a newer one', async () => {
    const answers: Record<string, (value: Response) => void> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (input: RequestInfo | URL) =>
          new Promise<Response>((resolve) => {
            const q = new URL(String(input), 'http://localhost').searchParams.get('q') ?? '';
            answers[q] = resolve;
          }),
      ),
    );
    const reply = (list: SuggestionView[]) =>
      new Response(JSON.stringify({ data: { suggestions: list } }), {
        headers: { 'content-type': 'application/json' },
      });
    const user = userEvent.setup();
    renderWithApp(<SearchBox />);
    await user.click(screen.getByRole('searchbox'));
    await screen.findByRole('combobox');
    await user.keyboard('ol');
    await waitFor(() => expect(answers.ol).toBeDefined());
    // While the first answer is on its way the box shows it is busy, and says nothing yet.
    expect(document.querySelector('.search-box__loading .spinner')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.keyboard('ive');
    await waitFor(() => expect(answers.olive).toBeDefined());

    await act(async () => answers.olive?.(reply([product('Olive Tree', 'olive-tree')])));
    await screen.findByRole('option', { name: 'Olive Tree' });
    await act(async () => answers.ol?.(reply([product('Old Man Cactus', 'old-man-cactus')])));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Olive Tree',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('1 suggestion available.');
  });

  it('fail quietly: no popup, no announcement, and Enter still searches', async () => {
    mockApi({
      'GET /api/v1/search/suggestions': () => ({
        status: 503,
        body: { error_type: 'service_unavailable', message: 'Try again' },
      }),
    });
    const { user, box, router } = await renderBox();
    await user.keyboard('olive');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(at(router)).toBe('/search?q=olive'));
  });
});

describe('the header search box with the keyboard', () => {
  it('moves the active option with the arrow keys, focus staying in the box', async () => {
    suggestions();
    const { user, box } = await renderBox();
    await user.keyboard('oli');
    const options = await screen.findAllByRole('option');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]?.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    expect(box).toHaveFocus();

    // Typing again starts from the text, not from an option.
    await user.keyboard('v');
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('goes to the active option’s page on Enter', async () => {
    suggestions();
    const { user, box, router } = await renderBox();
    await user.keyboard('oli');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(at(router)).toBe('/products/artificial-olive-tree'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('searches for the text on Enter without an active option, in the app', async () => {
    suggestions();
    const { user, router } = await renderBox();
    await user.keyboard('olive tree');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(at(router)).toBe('/search?q=olive+tree'));
    // The results page's query shows in the box.
    expect(screen.getByRole('combobox')).toHaveValue('olive tree');
  });

  it('stays put on Enter with nothing typed', async () => {
    suggestions();
    const { user, box, router } = await renderBox();
    await user.keyboard('   {Enter}');
    expect(at(router)).toBe('/');
    expect(box).toHaveFocus();
  });

  it('closes with Escape, and clears the text with a second Escape', async () => {
    suggestions();
    const { user, box } = await renderBox();
    await user.keyboard('oli');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('oli');

    await user.keyboard('{ArrowDown}');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    await user.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('closes when Tab leaves it', async () => {
    suggestions();
    const { user, box } = await renderBox();
    await user.keyboard('oli');
    await screen.findAllByRole('option');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the header search box with a pointer', () => {
  it('goes to a clicked option, and closes on a click elsewhere', async () => {
    suggestions();
    const { user, box, router } = await renderBox();
    await user.keyboard('oli');
    await user.click(await screen.findByRole('option', { name: 'Category: Olive trees' }));
    await waitFor(() => expect(at(router)).toBe('/categories/olive-trees'));
    // A new page starts the box afresh.
    expect(box).toHaveValue('');

    await user.click(box);
    await user.keyboard('oli');
    await screen.findAllByRole('option');
    await user.click(document.body);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('suggestionCountMessage', () => {
  it('reads the number of suggestions as a screen reader should say it', () => {
    expect(suggestionCountMessage(0)).toBe('No suggestions.');
    expect(suggestionCountMessage(1)).toBe('1 suggestion available.');
    expect(suggestionCountMessage(5)).toBe('5 suggestions available.');
  });
});
