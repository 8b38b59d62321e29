/**
 * Shaping a shopper's search text into what the search engine asks (ADR 055): words
 * folded to plain lower-case letters and digits, the edit-distance rule for typos, and
 * the plan of alternatives per word (synonyms, the last word as a prefix, corrections
 * from the shop's vocabulary). Pure: the engine supplies the vocabulary it looked up.
 */

/** At most this many words of a search text are used. */
export const MAX_SEARCH_WORDS = 8;
/** Longer words are cut (no real word is this long; keeps the queries small). */
const MAX_WORD_LENGTH = 40;

/** Lower case, accents and apostrophes removed ("Devil's Crème" → "devils creme"). */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’`]/g, '');
}

/** The words of a search text: runs of a–z and 0–9 after folding, at most eight. */
export function tokenise(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/** Typos forgiven in a typed word: none below four letters, one from four, two from eight. */
export function allowedEdits(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 4) return 1;
  return 0;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of
 * two neighbouring letters each count one ("olvie" → "olive" is one edit).
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i]!;
    const above = rows[i - 1]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      row[j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** Whether `word` is what `typed` meant, within the typos allowed for its length. */
export function isTypoOf(typed: string, word: string): boolean {
  const allowed = allowedEdits(typed);
  return allowed > 0 && typed !== word && editDistance(typed, word) <= allowed;
}

/**
 * Whether `typed` is the start of `word` with typos ("hydrg" → "hydrangea"): the
 * word's beginnings one letter shorter, as long and one longer are tried.
 */
export function isPrefixTypoOf(typed: string, word: string): boolean {
  const allowed = allowedEdits(typed);
  if (allowed === 0 || word.length <= typed.length) return false;
  for (let n = typed.length - 1; n <= typed.length + 1; n++) {
    if (n < 1 || n >= word.length) continue;
    if (editDistance(typed, word.slice(0, n)) <= allowed) return true;
  }
  return false;
}

/** A vocabulary word the engine found near a typed word, with how many families use it. */
export interface VocabularyHit {
  token: string;
  word: string;
  families: number;
}

/** What the engine looked up for the typed words. */
export interface Vocabulary {
  /** Near and equal words from the shop's vocabulary (names, categories, option values). */
  words: readonly VocabularyHit[];
  /** Synonyms per typed word (the shop's synonym groups, other members). */
  synonyms: ReadonlyMap<string, readonly string[]>;
}

/** One typed word's alternatives. */
export interface WordPlan {
  token: string;
  /** The word and its synonyms, matched as whole words (after stemming). */
  exact: string[];
  /** Also matched as the start of a word (the last word typed). */
  prefix: boolean;
  /** Vocabulary words the typed one is a typo of, best first. */
  corrections: string[];
}

export interface SearchPlan {
  words: WordPlan[];
  /** The text with each unknown word replaced by its best correction; null when none. */
  corrected: string | null;
}

/**
 * The alternatives for each typed word. A word the vocabulary has (or, for the last
 * word, starts) is not corrected; any other is, to the vocabulary words within its
 * allowed edits (the last also to words it starts with typos), closest and commonest
 * first.
 */
export function planSearch(tokens: readonly string[], vocabulary: Vocabulary): SearchPlan {
  let changed = false;
  const words = tokens.map((token, index): WordPlan => {
    const last = index === tokens.length - 1;
    const prefix = last && token.length >= 2;
    const near = vocabulary.words.filter((hit) => hit.token === token);
    const known = near.some((hit) => hit.word === token || (prefix && hit.word.startsWith(token)));
    const exact = [token, ...(vocabulary.synonyms.get(token) ?? [])];
    if (known) return { token, exact, prefix, corrections: [] };
    const scored = near
      .map((hit) => {
        const whole = isTypoOf(token, hit.word);
        const start = prefix && !whole && isPrefixTypoOf(token, hit.word);
        if (!whole && !start) return null;
        const distance = whole ? editDistance(token, hit.word) : allowedEdits(token) + 0.5;
        return { word: hit.word, distance, families: hit.families };
      })
      .filter((hit): hit is { word: string; distance: number; families: number } => !!hit)
      .sort(
        (a, b) => a.distance - b.distance || b.families - a.families || (a.word < b.word ? -1 : 1),
      );
    const corrections = [...new Set(scored.map((hit) => hit.word))].slice(0, 5);
    if (corrections.length) changed = true;
    return { token, exact, prefix, corrections };
  });
  const corrected = changed
    ? words.map((word) => word.corrections[0] ?? word.token).join(' ')
    : null;
  return { words, corrected };
}

/** The text as an exact SKU to look for (upper case), or null when it cannot be one. */
export function skuCandidate(text: string): string | null {
  const sku = text.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9-]{1,63}$/.test(sku) ? sku : null;
}
