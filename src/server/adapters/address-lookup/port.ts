/**
 * The UK address lookup, as the browser sees it. The browser calls the lookup service
 * itself (spec section 7): the server only says where (GET /api/v1/config) and, in test
 * mode, serves a stand-in for Postcoder. Adapters: Postcoder (postcoder.ts) and the
 * offline test mode (test-mode.ts).
 */
import type { ContentSources } from '../content-sources.ts';

export interface AddressLookup {
  /** 'postcoder' with a POSTCODER_API_KEY; 'test' serves bundled addresses itself. */
  readonly mode: 'postcoder' | 'test';
  /**
   * Where the browser sends `/address/UK/{postcode}?format=json&lines=4&identifier=…`:
   * `https://ws.postcoder.com/pcw/{key}`, or a path on the shop's own origin.
   */
  readonly baseUrl: string;
  /** Postcoder's `identifier`: groups this shop's requests in Postcoder's usage pages. */
  readonly identifier: string;
  /** What the browser's calls need the page's content security policy to allow. */
  readonly contentSources: ContentSources;
}

/** The identifier sent with every lookup unless POSTCODER_IDENTIFIER says otherwise. */
export const DEFAULT_LOOKUP_IDENTIFIER = 'Everbloom checkout';
