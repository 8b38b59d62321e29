/**
 * Card brands (spec section 5): the shop's slug for each brand. The spec names three —
 * Visa is `visa`, American Express is `amex`, MasterCard is `mastercard` — while the
 * card libraries spell them their own ways: credit-card-type says 'american-express',
 * braintree-web's hosted fields say 'master-card', the gateway says 'American Express'
 * and 'MasterCard'. Everything the shop keys by brand uses these slugs.
 */

/** The brands the spec names, by slug, with the name a shopper reads. */
export const CARD_BRANDS = {
  visa: 'Visa',
  amex: 'American Express',
  mastercard: 'MasterCard',
} as const;

/** A slug the spec names. */
export type CardBrandSlug = keyof typeof CARD_BRANDS;

const SPEC_SLUGS: Record<string, CardBrandSlug> = {
  visa: 'visa',
  amex: 'amex',
  'american-express': 'amex',
  'american express': 'amex',
  mastercard: 'mastercard',
  'master-card': 'mastercard',
};

/**
 * The shop's slug for a brand however a card library names it ('american-express',
 * 'master-card', 'American Express', 'MasterCard' → 'amex', 'mastercard'); a brand the
 * spec does not name keeps credit-card-type's slug ('Diners Club' → 'diners-club').
 */
export function cardBrandSlug(name: string): string {
  const key = name.trim().toLowerCase();
  return SPEC_SLUGS[key] ?? key.replace(/\s+/g, '-');
}

/** The name a shopper reads for a slug: the spec's for the brands it names, else the library's. */
export function cardBrandName(slug: string, libraryName: string): string {
  return slug in CARD_BRANDS ? CARD_BRANDS[slug as CardBrandSlug] : libraryName;
}
