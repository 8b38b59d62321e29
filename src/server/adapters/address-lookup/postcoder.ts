/**
 * Postcoder (Allies Computing): the browser calls
 * `https://ws.postcoder.com/pcw/{key}/address/UK/{postcode}` directly with the shop's
 * web key. Postcoder's web keys are made to be embedded in pages (their usage is limited
 * in Postcoder's account settings, e.g. to the shop's domain), so the key is no secret.
 *
 * `requestAddresses` is a small client for the same request, used by the contract test
 * against both Postcoder and the test-mode stand-in.
 */
import type { ContentSources } from '../content-sources.ts';
import { DEFAULT_LOOKUP_IDENTIFIER, type AddressLookup } from './port.ts';

export const POSTCODER_ORIGIN = 'https://ws.postcoder.com';

/** The browser fetches lookups from Postcoder: the policy must let it connect. */
export const POSTCODER_CONTENT_SOURCES: ContentSources = { 'connect-src': [POSTCODER_ORIGIN] };

/** A key as Postcoder issues them (e.g. PCW45-12345-12345-1234X): safe in a URL path. */
export const POSTCODER_KEY = /^[A-Za-z0-9_-]{1,100}$/;

/** The lookup base for `apiKey`: `https://ws.postcoder.com/pcw/{key}`. */
export function postcoderBaseUrl(apiKey: string): string {
  if (!POSTCODER_KEY.test(apiKey)) throw new Error('A Postcoder key has letters, digits, - and _');
  return `${POSTCODER_ORIGIN}/pcw/${apiKey}`;
}

export function postcoderLookup(options: { apiKey: string; identifier?: string }): AddressLookup {
  return {
    mode: 'postcoder',
    baseUrl: postcoderBaseUrl(options.apiKey),
    identifier: options.identifier ?? DEFAULT_LOOKUP_IDENTIFIER,
    contentSources: POSTCODER_CONTENT_SOURCES,
  };
}

/** A lookup reply: its status and parsed JSON body (null when not JSON). */
export interface LookupReply {
  status: number;
  body: unknown;
}

/**
 * GETs `{base}/address/{country}/{term}` with Postcoder's query parameters, as the
 * browser does. `base` must be absolute here (a server has no page origin).
 */
export async function requestAddresses(
  base: string,
  term: string,
  options: {
    country?: string;
    lines?: number | string;
    identifier?: string;
    format?: string;
    fetch?: typeof globalThis.fetch;
    timeoutMs?: number;
  } = {},
): Promise<LookupReply> {
  const query = new URLSearchParams({ format: options.format ?? 'json' });
  if (options.lines !== undefined) query.set('lines', String(options.lines));
  query.set('identifier', options.identifier ?? DEFAULT_LOOKUP_IDENTIFIER);
  const url = `${base.replace(/\/+$/, '')}/address/${options.country ?? 'UK'}/${encodeURIComponent(term)}?${query}`;
  const response = await (options.fetch ?? globalThis.fetch)(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Errors may come as plain text; the status says enough.
  }
  return { status: response.status, body };
}
