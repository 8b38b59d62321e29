/** The billing address in the shape 3-D Secure's verifyCard takes it (design/integrations.md). */
import type { AddressView } from '../../../../domain/api/basket.ts';
import { alpha2Of } from '../../../../domain/countries.ts';
import type { ThreeDSecureBillingAddress } from './client/types.ts';

export function threeDSecureAddress(address: AddressView): ThreeDSecureBillingAddress {
  return {
    givenName: address.first_name,
    surname: address.last_name,
    ...(address.telephone ? { phoneNumber: address.telephone } : {}),
    streetAddress: address.line_1,
    ...(address.line_2 ? { extendedAddress: address.line_2 } : {}),
    locality: address.line_3,
    postalCode: address.postcode,
    countryCodeAlpha2: alpha2Of(address.country_code) ?? 'GB',
  };
}
