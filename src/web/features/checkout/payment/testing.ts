/** Replies of the payment API and the test gateway's client API for component tests. */
import type { StoredCardView } from '../../../../domain/api/order.ts';
import type { PaymentsConfigView } from '../../../../domain/api/payments-config.ts';
import type { ApiHandler } from '../../../testing/render.tsx';

export const CLIENT_API = '/api/v1/test-mode/braintree/client_api';

/**
 * A test-mode client token as the test gateway makes it
 * (server/adapters/payments/test-mode.ts) and the browser reads it (`TestClientToken`,
 * client/test-mode/test-client-api.ts).
 */
export function testClientToken(fingerprint = 'fingerprint-1'): string {
  return btoa(
    JSON.stringify({
      version: 2,
      environment: 'test',
      authorizationFingerprint: fingerprint,
      configUrl: `http://localhost${CLIENT_API}/config`,
      graphQL: { url: 'http://localhost/graphql', date: '2018-05-10' },
    }),
  );
}

/** GET /config: test mode and Google's TEST environment unless `payments` says otherwise. */
export const paymentsConfig =
  (payments: Partial<PaymentsConfigView> = {}): ApiHandler =>
  () => ({
    body: {
      data: {
        captcha: { mode: 'test', site_key: null },
        address_lookup: { mode: 'test', base_url: '/api/v1/test-mode/postcoder', identifier: 'x' },
        payments: {
          mode: 'test',
          paypal_client_id: null,
          google_pay: { merchant_id: null, environment: 'TEST' },
          shop_name: 'Everbloom',
          ...payments,
        } satisfies PaymentsConfigView,
      },
    },
  });

/** POST /payments/token: a new token each time (fingerprint-1, fingerprint-2…). */
export function tokenHandler(): ApiHandler {
  let issued = 0;
  return () => {
    issued += 1;
    return { body: { data: { token: testClientToken(`fingerprint-${issued}`) } } };
  };
}

/** The test gateway's nonce minting: tokencc_1, tokencc_2… */
export function nonceHandler(): ApiHandler {
  let minted = 0;
  return (body) => {
    minted += 1;
    const request = body as { type: string; details: unknown };
    return {
      status: 201,
      body: { data: { nonce: `tokencc_${minted}`, type: request.type, details: request.details } },
    };
  };
}

/** The test gateway's 3-D Secure: a new nonce, liability shifted only when authenticated. */
export const threeDSecureHandler: ApiHandler = (body) => {
  const { nonce, outcome } = body as { nonce: string; outcome: string };
  return {
    body: {
      data: {
        nonce: `${nonce}_3ds`,
        liabilityShifted: outcome === 'authenticated',
        liabilityShiftPossible: outcome !== 'unavailable',
        status:
          outcome === 'authenticated'
            ? 'authenticate_successful'
            : outcome === 'failed'
              ? 'authenticate_failed'
              : 'lookup_not_enrolled',
      },
    },
  };
};

export const orderCreated =
  (publicId = 'ord_7K3Q9M2X'): ApiHandler =>
  () => ({ status: 201, body: { data: { public_id: publicId } } });

export function storedCard(overrides: Partial<StoredCardView> = {}): StoredCardView {
  return {
    id: 'pm_1',
    nonce: 'tokencc_vault_1',
    default: true,
    details: {
      cardType: 'Visa',
      lastFour: '1111',
      expirationMonth: '12',
      expirationYear: '2030',
      bin: '411111',
    },
    ...overrides,
  };
}

/** An expiry date three years ahead, as 'MMYY' typed digits. */
export function futureExpiry(): { typed: string; shown: string; month: string; year: string } {
  const year = new Date().getFullYear() + 3;
  const yy = String(year % 100).padStart(2, '0');
  return { typed: `01${yy}`, shown: `01/${yy}`, month: '01', year: String(year) };
}
