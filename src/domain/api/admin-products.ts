/**
 * The back office's products (issue 22, ADR 062): the list's rows, a family as the edit
 * page reads it, and the VAT treatments staff choose from. The server declares its routes
 * with these schemas; the browser imports the inferred types.
 */
import { z } from 'zod/mini';

const int = z.int();

/** The VAT treatments a variation can have, and the rate each charges (basis points). */
export const TAX_CODES = ['standard', 'reduced', 'zero', 'exempt'] as const;
export type TaxCode = (typeof TAX_CODES)[number];

export const TAX_LABELS: Record<TaxCode, string> = {
  standard: '20% (standard)',
  reduced: '5% (reduced)',
  zero: '0% (zero-rated)',
  exempt: 'Exempt from VAT',
};

/** tax_rate_bp and vat_exempt for a treatment. */
export function taxColumns(tax: TaxCode): { tax_rate_bp: number; vat_exempt: boolean } {
  switch (tax) {
    case 'standard':
      return { tax_rate_bp: 2000, vat_exempt: false };
    case 'reduced':
      return { tax_rate_bp: 500, vat_exempt: false };
    case 'zero':
      return { tax_rate_bp: 0, vat_exempt: false };
    case 'exempt':
      return { tax_rate_bp: 0, vat_exempt: true };
  }
}

/** The treatment stored columns mean (another rate reads as the nearest named one). */
export function taxCodeOf(rateBp: number, exempt: boolean): TaxCode {
  if (exempt) return 'exempt';
  if (rateBp >= 2000) return 'standard';
  if (rateBp > 0) return 'reduced';
  return 'zero';
}

/** Text holding an HTML tag or entity: staff text is plain text (422 otherwise). */
export function hasMarkup(text: string): boolean {
  return /<\s*\/?\s*[a-z!?]|&[a-z#][a-z0-9]*;/i.test(text);
}

/** Highest price a variation can have: £100,000 in pence (a typo guard). */
export const MAX_PRICE = 10_000_000;

export const MARKUP_MESSAGE = 'Please write plain text, without HTML tags';

/** 'White ceramic pot' → 'white-ceramic-pot'. */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** One family in the list: what staff need to pick the right one. */
export const adminProductRowSchema = z.object({
  id: int,
  name: z.string(),
  slug: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  /** The cheapest variation still sold, in pence including VAT (any when all are discontinued). */
  price: int,
  variations: int,
  /** Stock on hand over all variations. */
  stock: int,
  /** Every variation is discontinued. */
  discontinued: z.boolean(),
  preorder: z.boolean(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductListSchema = z.object({
  products: z.array(adminProductRowSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.nullable(z.string()),
});
export type AdminProductList = z.infer<typeof adminProductListSchema>;

export const adminVariationSchema = z.object({
  id: int,
  sku: z.string(),
  /** Pence including VAT. */
  price: int,
  tax: z.enum(TAX_CODES),
  /** Option name → value, e.g. { "Size": "60cm" }. */
  options: z.record(z.string(), z.string()),
  /** Units on hand (products.quantity_on_hand); a bundle's follows its parts. */
  stock: int,
  preorder: z.boolean(),
  /** yyyy-MM-dd, or null. */
  restock_date: z.nullable(z.string()),
  discontinued: z.boolean(),
  is_bundle: z.boolean(),
  /** A bundle's parts. */
  components: z.array(z.object({ id: int, sku: z.string(), name: z.string(), quantity: int })),
});
export type AdminVariation = z.infer<typeof adminVariationSchema>;

export const adminProductSchema = z.object({
  id: int,
  name: z.string(),
  slug: z.string(),
  /** The family's address in the shop. */
  url: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  description: z.string(),
  /** Slugs this family had before: each answers 301 to `url`. */
  old_slugs: z.array(z.string()),
  variations: z.array(adminVariationSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

/**
 * Pence from what staff type as pounds ('24.99', '£1,024', '7.5'); null when it is not
 * an amount of 0 or more with at most two decimals.
 */
export function penceFromPounds(text: string): number | null {
  const cleaned = text.trim().replace(/^£/, '').replace(/,/g, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const pounds = Number(match[1]);
  const pennies = Number((match[2] ?? '').padEnd(2, '0'));
  return pounds * 100 + pennies;
}

/** 2499 → '24.99', for a price field. */
export function poundsOf(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}
