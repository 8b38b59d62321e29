/**
 * The postcode search (spec sections 4, 7 and 8): the browser asks the configured
 * lookup service (Postcoder, or the shop's test-mode stand-in) directly, so the call
 * goes through plain fetch without the shop's credentials or bearer header.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  lookupUrl,
  normaliseUkPostcode,
  parseLookupReply,
  type PostcoderAddress,
} from '../../../domain/address-lookup.ts';
import { configQuery } from '../../api/config.ts';

/**
 * The addresses at `postcode`; null when it is not a postcode, has no addresses, or
 * the lookup fails (the form then shows 'Postcode not found…').
 */
export async function searchPostcode(
  client: QueryClient,
  input: string,
): Promise<PostcoderAddress[] | null> {
  const postcode = normaliseUkPostcode(input);
  if (!postcode) return null;
  try {
    const { address_lookup: lookup } = await client.fetchQuery(configQuery);
    const response = await fetch(lookupUrl(lookup.base_url, postcode, lookup.identifier), {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const results = parseLookupReply(await response.json());
    return results && results.length > 0 ? results : null;
  } catch (error) {
    console.warn('Postcode lookup failed', error);
    return null;
  }
}
