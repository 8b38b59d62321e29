/**
 * GET /api/v1/search/suggestions: what the header's search box suggests for the text
 * typed so far. A module of its own (not api/catalogue.ts) so that the search box's
 * lazily loaded chunk and the list pages share no chunk: the home page's first download
 * stays one file smaller (ADR 060).
 */
import { queryOptions } from '@tanstack/react-query';
import { SUGGEST_MIN_CHARS, type SuggestionView } from '../../domain/api/catalogue.ts';
import { api } from '../lib/api-client.ts';

/**
 * The suggestions for a text (none below two characters), keyed by the trimmed text: an
 * answer for an earlier text lands under its own key and never replaces a newer one.
 */
export function suggestionsQuery(text: string) {
  const q = text.trim();
  return queryOptions({
    queryKey: ['search-suggestions', q],
    queryFn: async () =>
      q.length < SUGGEST_MIN_CHARS
        ? []
        : (
            await api<{ suggestions: SuggestionView[] }>(
              'GET',
              `/search/suggestions?q=${encodeURIComponent(q)}`,
            )
          ).suggestions,
    staleTime: 60_000,
  });
}
