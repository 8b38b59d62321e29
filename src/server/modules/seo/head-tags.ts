/**
 * The tags a page's head carries for search engines and shared links (ADR 059): its
 * title and description, canonical address, robots directive, Open Graph and Twitter
 * card, and structured data. Everything written is escaped: catalogue text (a product
 * name with quotes or `</script>`) can never become markup.
 */
import { escapeHtml } from '../../lib/html.ts';
import { jsonLdScript, type JsonLd } from './json-ld.ts';

export interface PageHead {
  /** The whole document title, as the browser sets it ('Fern | Everbloom'). */
  title: string;
  description: string;
  /** The page's absolute canonical URL, or null for none. */
  canonical: string | null;
  /** A robots directive ('noindex, follow'), or null: indexed and followed. */
  robots: string | null;
  /** og:type: 'website', or 'product' for a product page. */
  type: 'website' | 'product';
  /** The picture a shared link shows (absolute), with its description; null for none. */
  image: { url: string; alt: string } | null;
  /** A product page's price (decimal pounds) and currency: Open Graph's product tags. */
  price?: { amount: string; currency: string } | undefined;
  jsonLd: JsonLd[];
}

/** Open Graph's locale of the shop, and its name. */
export const OG_LOCALE = 'en_GB';
export const SITE_NAME = 'Everbloom';

/** The longest description written: search engines show about 155–160 characters. */
export const MAX_DESCRIPTION = 160;

/**
 * `text` as a description: whitespace collapsed, and cut at a word before
 * MAX_DESCRIPTION characters with an ellipsis when longer.
 */
export function descriptionOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_DESCRIPTION) return flat;
  const cut = flat.slice(0, MAX_DESCRIPTION - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_DESCRIPTION / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The head's markup for `head`, one tag a line. */
export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}" />` : '',
    head.robots ? meta('name', 'robots', head.robots) : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', OG_LOCALE),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    head.image ? meta('property', 'og:image', head.image.url) : '',
    head.image ? meta('property', 'og:image:alt', head.image.alt) : '',
    head.price ? meta('property', 'product:price:amount', head.price.amount) : '',
    head.price ? meta('property', 'product:price:currency', head.price.currency) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    ...head.jsonLd.map(jsonLdScript),
  ];
  return tags.filter(Boolean).join('\n  ');
}
