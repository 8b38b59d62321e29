/**
 * What the shop tells search engines (ADR 059): robots.txt, and the sitemap read from
 * the catalogue's tables. A shop that does not allow indexing (by default a test shop:
 * payments in test mode) tells every crawler to stay away and lists nothing.
 */
import type { SitemapRepository } from './sitemap.repository.ts';
import { sitemaps, type SitemapReply } from './sitemap.ts';

/** Pages no search engine should crawl: personal, transactional, the back office, the API. */
export const DISALLOWED_PATHS = [
  '/checkout',
  '/basket',
  '/account',
  '/login',
  '/order',
  '/track-order',
  '/wishlists/',
  '/admin',
  '/api/',
  '/dev/',
] as const;

/** robots.txt for a shop at `origin`: indexed (with its sitemap) or kept out entirely. */
export function robotsTxt(origin: string, allowIndexing: boolean): string {
  if (!allowIndexing) {
    return '# A test shop (no real payments): not for search engines.\nUser-agent: *\nDisallow: /\n';
  }
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface SeoService {
  /** Whether search engines may index the shop. */
  allowIndexing: boolean;
  robotsTxt(): string;
  /** /sitemap.xml, or null when the shop is not indexed. */
  sitemap(): Promise<SitemapReply | null>;
  /** One file of the sitemap index, or null when there is none (or no indexing). */
  sitemapFile(name: string): Promise<AsyncIterable<string> | null>;
}

export function seoService(deps: {
  repository: SitemapRepository;
  /** The shop's public origin, without a trailing slash. */
  origin: string;
  allowIndexing: boolean;
  /** URLs in one sitemap file (50,000; tests make it small). */
  maxUrls?: number;
}): SeoService {
  const files = sitemaps({
    repository: deps.repository,
    origin: deps.origin,
    ...(deps.maxUrls ? { maxUrls: deps.maxUrls } : {}),
  });
  return {
    allowIndexing: deps.allowIndexing,
    robotsTxt: () => robotsTxt(deps.origin, deps.allowIndexing),
    sitemap: async () => (deps.allowIndexing ? files.main() : null),
    sitemapFile: async (name) => (deps.allowIndexing ? files.file(name) : null),
  };
}
