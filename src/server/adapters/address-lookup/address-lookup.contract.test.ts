/**
 * One contract for the lookup services the browser may call: the shop's test-mode
 * stand-in (always, over real HTTP) and Postcoder itself when POSTCODER_API_KEY is set
 * (e.g. the documentation's demo key PCW45-12345-12345-1234X, which answers only for
 * NR14 7PZ; POSTCODER_TEST_POSTCODE names another postcode for a full key).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lookupResultToAddress,
  lookupUrl,
  normaliseUkPostcode,
} from '../../../domain/address-lookup.ts';
import { parseLookupReply } from '../../../domain/address-lookup-reply.ts';
import { postcoderBaseUrl, requestAddresses } from './postcoder.ts';
import { registerTestModePostcoder, TEST_MODE_LOOKUP_BASE } from './test-mode.ts';

interface Service {
  name: string;
  skip: boolean;
  /** The lookup base, known once the service is up. */
  base(): string;
  /** A postcode it has addresses for, and a well-formed one it has none for. */
  known: string;
  unknown: string;
}

let standIn: FastifyInstance;
let standInBase = '';
beforeAll(async () => {
  standIn = Fastify();
  registerTestModePostcoder(standIn);
  const address = await standIn.listen({ host: '127.0.0.1', port: 0 });
  standInBase = `${address}${TEST_MODE_LOOKUP_BASE}`;
});
afterAll(() => standIn.close());

const key = process.env.POSTCODER_API_KEY;
const services: Service[] = [
  {
    name: 'test mode',
    skip: false,
    base: () => standInBase,
    known: 'SE1 9QX',
    unknown: 'SE1 9ZZ',
  },
  {
    name: 'Postcoder',
    skip: !key,
    base: () => postcoderBaseUrl(key ?? 'unset'),
    known: process.env.POSTCODER_TEST_POSTCODE ?? 'NR14 7PZ',
    unknown: 'ZZ99 9ZZ',
  },
];

describe.each(services)('address lookup contract: $name', (service) => {
  const lookup = (term: string, options: Parameters<typeof requestAddresses>[2] = {}) =>
    requestAddresses(service.base(), term, { lines: 4, ...options });

  it.skipIf(service.skip)('answers the browser’s exact URL with addresses', async () => {
    const url = lookupUrl(service.base(), service.known, 'Everbloom contract test');
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect(parseLookupReply(await response.json())?.length).toBeGreaterThan(0);
  });

  it.skipIf(service.skip)(
    'gives results with at most 4 lines, each filling the shop’s address',
    async () => {
      const { status, body } = await lookup(service.known);
      expect(status).toBe(200);
      const results = parseLookupReply(body) ?? [];
      expect(results.length).toBeGreaterThan(0);
      for (const result of results) {
        expect(result.postcode).toBe(normaliseUkPostcode(service.known));
        expect(result.summaryline).toMatch(new RegExp(`${result.postcode}$`));
        expect(result.addressline1).toBeTruthy();
        expect(result.addressline5).toBeUndefined();
        // The spec's organisation rule relies on this: with 4 lines it has line 1 alone.
        if (result.organisation) expect(result.addressline1).toBe(result.organisation);
        const address = lookupResultToAddress(result);
        expect(address.line_1).not.toBe('');
        expect(address.line_3).toBe(result.posttown);
        expect(address.country_code).toBe('GBR');
      }
    },
  );

  it.skipIf(service.skip)('matches the postcode whatever its case and spacing', async () => {
    const canonical = await lookup(service.known);
    const typed = await lookup(service.known.replace(/\s+/g, '').toLowerCase());
    expect(typed.status).toBe(200);
    expect(typed.body).toEqual(canonical.body);
  });

  it.skipIf(service.skip)('spreads each address over the lines asked for', async () => {
    const { body } = await lookup(service.known, { lines: 2 });
    const results = parseLookupReply(body) ?? [];
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result.addressline3).toBeUndefined();
    const single = parseLookupReply((await lookup(service.known, { lines: 1 })).body) ?? [];
    for (const result of single) expect(result.addressline2).toBeUndefined();
  });

  it.skipIf(service.skip)('answers 200 with [] for a postcode with no addresses', async () => {
    expect(await lookup(service.unknown)).toEqual({ status: 200, body: [] });
  });

  it.skipIf(service.skip)('refuses a blank search term with 400', async () => {
    expect((await lookup(' ')).status).toBe(400);
  });
});
