/**
 * The postcode search (spec sections 4, 7 and 8): the browser asks the configured
 * lookup service (Postcoder, or the shop's test-mode stand-in) directly, so the call
 * goes through plain fetch without the shop's credentials or bearer header.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  lookupUrl,
  MAX_LOOKUP_PAGES,
  nextLookupPage,
  normaliseUkPostcode,
  type PostcoderAddress,
} from '../../../domain/address-lookup.ts';
import { parseLookupReply } from '../../../domain/address-lookup-reply.ts';
import { configQuery } from '../../api/config.ts';

// The address form shows and fills results with these; it loads them with the search.
export { lookupResultLabel, lookupResultToAddress } from '../../../domain/address-lookup.ts';

/**
 * The addresses at `postcode`, every page of them (Postcoder pages long results);
 * null when it is not a postcode, has no addresses, or the first lookup fails (the form
 * then shows 'Postcode not found…'). A later page that fails leaves the list at what
 * came: the shopper can still enter the address manually.
 */
export async function searchPostcode(
  client: QueryClient,
  input: string,
): Promise<PostcoderAddress[] | null> {
  const postcode = normaliseUkPostcode(input);
  if (!postcode) return null;
  try {
    const { address_lookup: lookup } = await client.fetchQuery(configQuery);
    const fetchPage = async (page?: number) => {
      const response = await fetch(lookupUrl(lookup.base_url, postcode, lookup.identifier, page), {
        headers: { accept: 'application/json' },
      });
      return response.ok ? parseLookupReply(await response.json()) : null;
    };
    const results = await fetchPage();
    if (!results || results.length === 0) return null;
    let next = nextLookupPage(results);
    for (let pages = 1; next !== null && pages < MAX_LOOKUP_PAGES; pages++) {
      const more = await fetchPage(next).catch((error: unknown) => {
        console.warn('Postcode lookup page failed', error);
        return null;
      });
      if (!more) break;
      results.push(...more);
      const after = nextLookupPage(more);
      // A page that points back (or to itself) would loop: stop there.
      next = after !== null && after > next ? after : null;
    }
    return results;
  } catch (error) {
    console.warn('Postcode lookup failed', error);
    return null;
  }
}
