/**
 * Braintree's sandbox test cards (design/integrations.md section 2) and what the shop's
 * test mode does with each: which of Braintree's fake nonce classes the card stands
 * for, and how its 3-D Secure check goes. The test-mode payment client in the browser
 * reads it to mint nonces without sending the card number anywhere; the README lists
 * the same cards for people trying the shop.
 */

/** How a card's 3-D Secure check goes in test mode. */
export type ThreeDSecureBehaviour =
  /** Passes with no challenge (liability shifted). */
  | 'frictionless'
  /** Fails with no challenge. */
  | 'failed'
  /** The issuer asks the shopper to authenticate (a dialog in test mode). */
  | 'challenge'
  /** The card is not enrolled: no liability shift is possible. */
  | 'unavailable';

export interface SandboxCard {
  number: string;
  /** The shop's brand slug (domain/cards.ts): visa, mastercard, amex, discover, jcb, maestro, diners-club. */
  brand: string;
  /** One of Braintree's documented fake nonces (lib/braintree/test_values/nonces.js). */
  fakeNonce: string;
  threeDSecure: ThreeDSecureBehaviour;
  /** What a person trying the shop should expect, for the test-mode notice and README. */
  description: string;
}

const card = (
  number: string,
  brand: string,
  fakeNonce: string,
  threeDSecure: ThreeDSecureBehaviour,
  description: string,
): SandboxCard => ({ number, brand, fakeNonce, threeDSecure, description });

const VALID = 'Pays (3-D Secure passes with no challenge)';
const DECLINED = 'Declined by the card issuer';

/** Every sandbox card the test mode knows, in the order the README lists them. */
export const SANDBOX_CARDS: readonly SandboxCard[] = [
  card('4111111111111111', 'visa', 'fake-valid-visa-nonce', 'frictionless', VALID),
  card('4005519200000004', 'visa', 'fake-valid-visa-nonce', 'frictionless', VALID),
  card('4012888888881881', 'visa', 'fake-valid-visa-nonce', 'frictionless', VALID),
  card('5555555555554444', 'mastercard', 'fake-valid-mastercard-nonce', 'frictionless', VALID),
  card('2223000048400011', 'mastercard', 'fake-valid-mastercard-nonce', 'frictionless', VALID),
  card('378282246310005', 'amex', 'fake-valid-amex-nonce', 'frictionless', VALID),
  card('371449635398431', 'amex', 'fake-valid-amex-nonce', 'frictionless', VALID),
  card('6011000991300009', 'discover', 'fake-valid-discover-nonce', 'frictionless', VALID),
  card('3530111333300000', 'jcb', 'fake-valid-jcb-nonce', 'frictionless', VALID),
  card('6304000000000000', 'maestro', 'fake-valid-maestro-nonce', 'frictionless', VALID),
  card('36259600000004', 'diners-club', 'fake-valid-dinersclub-nonce', 'frictionless', VALID),
  // Processor declines: 3-D Secure passes, the sale is then declined.
  card('4000111111111115', 'visa', 'fake-processor-declined-visa-nonce', 'frictionless', DECLINED),
  card(
    '5105105105105100',
    'mastercard',
    'fake-processor-declined-mastercard-nonce',
    'frictionless',
    DECLINED,
  ),
  card('378734493671000', 'amex', 'fake-processor-declined-amex-nonce', 'frictionless', DECLINED),
  card(
    '6011000990139424',
    'discover',
    'fake-processor-declined-discover-nonce',
    'frictionless',
    DECLINED,
  ),
  // 3-D Secure 2 test cards (developer.paypal.com/braintree/docs/guides/3d-secure/testing).
  card(
    '4000000000002701',
    'visa',
    'fake-valid-visa-nonce',
    'frictionless',
    '3-D Secure: successful, no challenge',
  ),
  card(
    '5200000000002235',
    'mastercard',
    'fake-valid-mastercard-nonce',
    'frictionless',
    '3-D Secure: successful, no challenge',
  ),
  card(
    '340000000002708',
    'amex',
    'fake-valid-amex-nonce',
    'frictionless',
    '3-D Secure: successful, no challenge',
  ),
  card(
    '4000000000002719',
    'visa',
    'fake-valid-visa-nonce',
    'frictionless',
    '3-D Secure: attempted, no challenge (liability shifted)',
  ),
  card(
    '4000000000002925',
    'visa',
    'fake-valid-visa-nonce',
    'failed',
    '3-D Secure: failed, no challenge',
  ),
  card(
    '5200000000002276',
    'mastercard',
    'fake-valid-mastercard-nonce',
    'failed',
    '3-D Secure: failed, no challenge',
  ),
  card(
    '4000000000002313',
    'visa',
    'fake-valid-visa-nonce',
    'unavailable',
    '3-D Secure: unavailable (the payment is refused)',
  ),
  card(
    '4000000000001091',
    'visa',
    'fake-valid-visa-nonce',
    'challenge',
    '3-D Secure: challenge (authenticate or cancel in the bank’s dialog)',
  ),
  // The older 3-D Secure cards still found in examples.
  card(
    '4000000000001000',
    'visa',
    'fake-valid-visa-nonce',
    'frictionless',
    '3-D Secure: successful, no challenge',
  ),
  card(
    '4000000000001018',
    'visa',
    'fake-valid-visa-nonce',
    'failed',
    '3-D Secure: failed, no challenge',
  ),
  card(
    '4000000000001026',
    'visa',
    'fake-valid-visa-nonce',
    'frictionless',
    '3-D Secure: attempted, no challenge (liability shifted)',
  ),
];

/** The fake nonce for a brand's valid card; 'fake-valid-nonce' for brands without one. */
const VALID_NONCE_BY_BRAND: Record<string, string> = {
  visa: 'fake-valid-visa-nonce',
  mastercard: 'fake-valid-mastercard-nonce',
  amex: 'fake-valid-amex-nonce',
  discover: 'fake-valid-discover-nonce',
  jcb: 'fake-valid-jcb-nonce',
  maestro: 'fake-valid-maestro-nonce',
  'diners-club': 'fake-valid-dinersclub-nonce',
};

const byNumber = new Map(SANDBOX_CARDS.map((entry) => [entry.number, entry]));

/** The digits of a card number as typed (spaces and dashes dropped). */
const digits = (number: string) => number.replace(/[\s-]/g, '');

/** The sandbox card with this number, if it is one. */
export function findSandboxCard(number: string): SandboxCard | undefined {
  return byNumber.get(digits(number));
}

/** What test mode does with a card number: a listed card, else a valid card of its brand. */
export function sandboxBehaviour(
  number: string,
  brand: string | null,
): { fakeNonce: string; threeDSecure: ThreeDSecureBehaviour } {
  const known = findSandboxCard(number);
  if (known) return { fakeNonce: known.fakeNonce, threeDSecure: known.threeDSecure };
  return {
    fakeNonce: (brand && VALID_NONCE_BY_BRAND[brand]) ?? 'fake-valid-nonce',
    threeDSecure: 'frictionless',
  };
}

/**
 * The 3-D Secure behaviour of a card known only by its first six and last four digits
 * (a saved card): the listed card they match, else a frictionless pass.
 */
export function threeDSecureByBinAndLastFour(bin: string, lastFour: string): ThreeDSecureBehaviour {
  const match = SANDBOX_CARDS.find(
    (entry) => entry.number.startsWith(bin) && entry.number.endsWith(lastFour),
  );
  return match?.threeDSecure ?? 'frictionless';
}

/** The few cards the test-mode notice shows (the README lists them all). */
export const FEATURED_SANDBOX_CARDS: readonly SandboxCard[] = [
  '4111111111111111',
  '4000000000001091',
  '4000000000002925',
  '4000111111111115',
].map((number) => byNumber.get(number)!);
