/**
 * Offline address lookup: the shop serves a stand-in for Postcoder's address endpoint
 * at `/api/v1/test-mode/postcoder/address/{country}/{term}` from the bundled addresses
 * (test-addresses.ts), with Postcoder's reply shape, so the browser's code is the same
 * in both modes.
 *
 * Like Postcoder: the postcode matches whatever its case and spacing; an unknown one is
 * 200 with `[]`; `lines` (1–9) spreads each address over that many `addresslineN`
 * fields, folding when it has more parts (with no `lines`, one part per line); fields
 * with no value are left out. Unlike it:
 * only full UK postcodes are searched (not street names or partial postcodes), one page
 * holds every match, JSON only, and include/exclude/addtags are ignored.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { MAX_ADDRESS_LINES, normaliseUkPostcode } from '../../../domain/address-lookup.ts';
import { AppError } from '../../../domain/errors.ts';
import { compactPostcode } from '../../../domain/schemas/address.ts';
import { openapi } from '../../http/openapi.ts';
import { DEFAULT_LOOKUP_IDENTIFIER, type AddressLookup } from './port.ts';
import { TEST_POSTCODES, type TestAddress, type TestPostcode } from './test-addresses.ts';

/** Where the test-mode stand-in lives: the browser's lookup base in test mode. */
export const TEST_MODE_LOOKUP_BASE = '/api/v1/test-mode/postcoder';

export function testModeLookup(options: { identifier?: string } = {}): AddressLookup {
  return {
    mode: 'test',
    baseUrl: TEST_MODE_LOOKUP_BASE,
    identifier: options.identifier ?? DEFAULT_LOOKUP_IDENTIFIER,
    // Same origin: the policy's connect-src 'self' already allows it.
    contentSources: {},
  };
}

/** A Postcoder result: string fields only, absent when empty. */
export type PostcoderResult = Record<string, string>;

/**
 * Spreads `parts` over at most `lines` lines. While there are too many, the adjacent
 * pair holding the fewest parts is joined (", "), the later pair on a tie: so a
 * locality joins its street first, then a flat its building, and the organisation stays
 * on a line of its own as long as it can.
 */
export function foldLines(parts: readonly string[], lines: number): string[] {
  const groups = parts.map((part) => [part]);
  while (groups.length > Math.max(lines, 1)) {
    let best = 0;
    for (let i = 1; i < groups.length - 1; i++) {
      const size = groups[i]!.length + groups[i + 1]!.length;
      if (size <= groups[best]!.length + groups[best + 1]!.length) best = i;
    }
    groups.splice(best, 2, [...groups[best]!, ...groups[best + 1]!]);
  }
  return groups.map((group) => group.join(', '));
}

/** The parts of an address above the town, in Royal Mail's order. */
function addressParts(address: TestAddress): string[] {
  const thoroughfare = [address.number, address.street].filter(Boolean).join(' ');
  return [
    address.organisation,
    address.subbuildingname,
    address.buildingname,
    // A number with no street goes with the building's name (it never happens here).
    thoroughfare,
    address.dependentlocality,
  ].filter((part): part is string => Boolean(part));
}

/** One address as Postcoder returns it with `lines` address lines. */
export function postcoderResult(
  area: TestPostcode,
  address: TestAddress,
  lines: number,
): PostcoderResult {
  const parts = addressParts(address);
  const premise = [address.subbuildingname, address.buildingname, address.number]
    .filter(Boolean)
    .join(', ');
  const result: Record<string, string | undefined> = {};
  foldLines(parts, lines).forEach((line, index) => (result[`addressline${index + 1}`] = line));
  Object.assign(result, {
    summaryline: [...parts, area.posttown, area.county, area.postcode].join(', '),
    organisation: address.organisation,
    subbuildingname: address.subbuildingname,
    buildingname: address.buildingname,
    number: address.number,
    premise: premise || undefined,
    street: address.street,
    dependentlocality: address.dependentlocality,
    posttown: area.posttown,
    county: area.county,
    postcode: area.postcode,
  });
  return Object.fromEntries(
    Object.entries(result).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

const byPostcode = new Map(TEST_POSTCODES.map((area) => [compactPostcode(area.postcode), area]));

/**
 * The results for a search term, or null for a term that is no request at all (blank or
 * without a letter or digit: Postcoder's 400).
 */
export function testModeResults(term: string, lines: number): PostcoderResult[] | null {
  if (!/[A-Za-z0-9]/.test(term)) return null;
  const postcode = normaliseUkPostcode(term);
  const area = postcode ? byPostcode.get(compactPostcode(postcode)) : undefined;
  return area ? area.addresses.map((address) => postcoderResult(area, address, lines)) : [];
}

/** Countries Postcoder knows the UK by; other codes have no bundled addresses. */
const UK_CODES = new Set(['UK', 'GB']);

const lookup = openapi({
  summary: 'Test mode: Postcoder’s address lookup, with bundled addresses',
  query: z.object({ lines: z.optional(z.string()), format: z.optional(z.string()) }),
  replies: { 200: z.array(z.record(z.string(), z.string())) },
  errors: ['bad_request'],
});

interface LookupRequest {
  Params: { country: string; term: string };
  Querystring: { lines?: string; format?: string };
}

/** Serves the stand-in at `{base}/address/:country/:term` (base: TEST_MODE_LOOKUP_BASE). */
export function registerTestModePostcoder(
  app: FastifyInstance,
  base: string = TEST_MODE_LOOKUP_BASE,
): void {
  app.get<LookupRequest>(`${base}/address/:country/:term`, lookup, async (request, reply) => {
    const { country, term } = request.params;
    const { lines = String(MAX_ADDRESS_LINES), format = 'json' } = request.query;
    const lineCount = /^\d{1,2}$/.test(lines) ? Number(lines) : 0;
    const badRequest = () => reply.code(400).send(new AppError('bad_request').toBody());
    if (!/^[A-Za-z]{2}$/.test(country)) return badRequest();
    if (lineCount < 1 || lineCount > MAX_ADDRESS_LINES) return badRequest();
    if (format.toLowerCase() !== 'json') return badRequest();
    const results = UK_CODES.has(country.toUpperCase()) ? testModeResults(term, lineCount) : [];
    if (results === null) return badRequest();
    return reply.type('application/json; charset=utf-8').send(results);
  });
}
