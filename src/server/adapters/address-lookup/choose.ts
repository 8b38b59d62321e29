/**
 * Which address lookup a configuration gives: Postcoder with POSTCODER_API_KEY, else the
 * shop's test-mode stand-in (ADR 015).
 */
import type { AppConfig } from '../../config.ts';
import type { AddressLookup } from './port.ts';
import { postcoderLookup } from './postcoder.ts';
import { testModeLookup } from './test-mode.ts';

type LookupSettings = Pick<AppConfig, 'env' | 'addressLookup'>;

export function addressLookupFor(config: LookupSettings): AddressLookup {
  const { postcoderApiKey, identifier } = config.addressLookup;
  return postcoderApiKey
    ? postcoderLookup({ apiKey: postcoderApiKey, identifier })
    : testModeLookup({ identifier });
}

/**
 * A production shop with no POSTCODER_API_KEY serves the test-mode lookup: shoppers
 * find only the bundled demo addresses (invented, at real-format postcodes) and must
 * type theirs. Allowed, for demonstration shops, but said at start; null otherwise.
 */
export function addressLookupWarning(config: LookupSettings): string | null {
  if (config.env !== 'production' || config.addressLookup.postcoderApiKey) return null;
  return (
    'POSTCODER_API_KEY is unset: the postcode search offers only the demo addresses ' +
    '(README, Postcode lookup) and shoppers elsewhere must type their address. ' +
    'Set POSTCODER_API_KEY to a Postcoder web key.'
  );
}
