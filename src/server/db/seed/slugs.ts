/** URL slugs of the demo data. */

/** 'White ceramic pot' → 'white-ceramic-pot'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A variation's own slug: 'artificial-olive-tree' + 'OLV-120-GRY' → '…-olv-120-gry'. */
export function variationSlug(productSlug: string, sku: string): string {
  return `${productSlug}-${slugify(sku)}`;
}
