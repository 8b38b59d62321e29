/**
 * The part of a Postcoder lookup reply the shop reads (spec section 9), tolerant of
 * missing or odd fields. Apart from address-lookup.ts because it needs zod: the address
 * form loads it only when the shopper searches for a postcode (ADR 079).
 */
import { z } from 'zod/mini';

const text = z.catch(z.optional(z.string()), undefined);

/**
 * One Postcoder address result, as far as the shop reads it. `addressline1…N` hold the
 * first part of the address (organisation, flat, building, number and street, locality)
 * spread over the `lines` asked for; town, county and postcode have their own fields.
 * The last result of a page also carries `morevalues`, `nextpage` and `totalresults`.
 */
export const postcoderAddressSchema = z.object({
  summaryline: z.catch(z.string(), ''),
  organisation: text,
  buildingname: text,
  subbuildingname: text,
  number: text,
  premise: text,
  street: text,
  dependentlocality: text,
  posttown: z.catch(z.string(), ''),
  county: text,
  postcode: z.catch(z.string(), ''),
  addressline1: text,
  addressline2: text,
  addressline3: text,
  addressline4: text,
  addressline5: text,
  addressline6: text,
  addressline7: text,
  addressline8: text,
  addressline9: text,
  morevalues: z.catch(z.optional(z.union([z.boolean(), z.string()])), undefined),
  nextpage: z.catch(z.optional(z.union([z.number(), z.string()])), undefined),
  totalresults: z.catch(z.optional(z.union([z.number(), z.string()])), undefined),
});

/** One Postcoder address result. */
export type PostcoderAddress = z.infer<typeof postcoderAddressSchema>;

/**
 * Reads a lookup reply's JSON: the results that are objects, each tolerant of missing
 * or odd fields; null when the reply is not an array (treat as 'Postcode not found').
 */
export function parseLookupReply(json: unknown): PostcoderAddress[] | null {
  if (!Array.isArray(json)) return null;
  return json
    .filter((item): item is object => typeof item === 'object' && item !== null)
    .map((item) => postcoderAddressSchema.parse(item));
}
