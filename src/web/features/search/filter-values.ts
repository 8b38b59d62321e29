/**
 * What the filters write into a list page's address (list-params.ts): a value ticked
 * or unticked in a comma list, a price box's text as whole pounds. Only the filters'
 * own chunk needs them.
 */

/** A comma list of slugs with `slug` added (on) or removed, or null when it is empty. */
export function toggleSlug(list: string | null, slug: string, on: boolean): string | null {
  const values = (list ?? '').split(',').filter((s) => s && s !== slug);
  if (on) values.push(slug);
  return values.length ? values.join(',') : null;
}

export type PriceInput = { ok: true; value: string | null } | { ok: false; message: string };

/**
 * A price box's text as the address's whole pounds: '' is no limit; '£12.50' is 12 as
 * a lower bound and 13 as an upper one, so the range never leaves out what was typed.
 */
export function priceParam(text: string, bound: 'min' | 'max'): PriceInput {
  const cleaned = text.trim().replace(/^£/, '').replace(/,/g, '').trim();
  if (cleaned === '') return { ok: true, value: null };
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(cleaned)) {
    return { ok: false, message: 'Enter an amount in pounds, like 25' };
  }
  const amount = Number(cleaned);
  return { ok: true, value: String(bound === 'min' ? Math.floor(amount) : Math.ceil(amount)) };
}
