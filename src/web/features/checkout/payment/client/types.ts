/**
 * The payment client the payment page talks to, whichever implementation /config
 * chooses (ADR 020): Braintree's hosted fields, 3-D Secure and data collector, or the
 * test mode's own card inputs and bank check. The page renders `CardFields` and
 * `Overlay`, and calls the methods; it never knows which one it has.
 */
import type { ComponentType, Ref } from 'react';
import type { PaymentMode } from '../../../../../domain/api/payments-config.ts';

/** The hosted-fields keys this shop uses (spec section 5, Card fields). */
export type CardFieldKey = 'cardholderName' | 'number' | 'expirationDate' | 'cvv';

export const CARD_FIELD_KEYS: readonly CardFieldKey[] = [
  'cardholderName',
  'number',
  'expirationDate',
  'cvv',
];

/** What the tokeniser (or the vault) tells about a card: never its full number. */
export interface CardDetails {
  bin: string;
  lastFour: string;
  cardType: string;
  expirationMonth?: string;
  expirationYear?: string;
}

export interface TokenizedCard {
  nonce: string;
  details: CardDetails;
}

export interface CardFieldsHandle {
  /** Turns the card entered into a single-use nonce; rejects with a PaymentClientError. */
  tokenize: () => Promise<TokenizedCard>;
  /** Empties every card field. */
  clear: () => void;
}

export interface CardFieldsProps {
  ref?: Ref<CardFieldsHandle>;
  disabled?: boolean;
}

/** The billing address as 3-D Secure 2 takes it (braintree-web verifyCard). */
export interface ThreeDSecureBillingAddress {
  givenName: string;
  surname: string;
  phoneNumber?: string;
  streetAddress: string;
  extendedAddress?: string;
  locality: string;
  postalCode: string;
  countryCodeAlpha2: string;
}

export interface VerifyCardOptions {
  nonce: string;
  /** The card's details from the tokeniser or the stored card (3-D Secure needs the bin). */
  details: Pick<CardDetails, 'bin' | 'lastFour'>;
  /** Decimal pounds, e.g. '159.98'. */
  amount: string;
  email?: string;
  billingAddress: ThreeDSecureBillingAddress;
}

export interface VerifiedCard {
  /** A new nonce: the one verified is used up. */
  nonce: string;
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
}

export interface PaymentClient {
  readonly mode: PaymentMode;
  /** The card inputs: hosted-field iframes, or test mode's own inputs. */
  CardFields: ComponentType<CardFieldsProps>;
  /** What 3-D Secure shows on the page (test mode's bank check); Braintree shows its own. */
  Overlay: ComponentType;
  /**
   * The 3-D Secure 2 check. Resolves with the verified nonce; rejects with a
   * PaymentClientError when the card fails, or the shopper cancels, the check.
   */
  verifyCard: (options: VerifyCardOptions) => Promise<VerifiedCard>;
  /** Fraud-check device data for the order (a JSON string with correlation_id). */
  deviceData: () => Promise<string>;
  teardown: () => Promise<void>;
}

/**
 * The card after its 3-D Secure check, or THREEDS_AUTHENTICATION_FAILED when the
 * check could have shifted liability and did not (both clients answer alike).
 */
export function verifiedCard(
  nonce: string,
  check: Pick<VerifiedCard, 'liabilityShifted' | 'liabilityShiftPossible'>,
): VerifiedCard {
  if (check.liabilityShiftPossible && !check.liabilityShifted) {
    throw new PaymentClientError(
      'THREEDS_AUTHENTICATION_FAILED',
      '3D Secure authentication failed.',
    );
  }
  return {
    nonce,
    liabilityShifted: check.liabilityShifted,
    liabilityShiftPossible: check.liabilityShiftPossible,
  };
}

/** A payment library error: the card library's code, plus the fields at fault. */
export class PaymentClientError extends Error {
  override name = 'PaymentClientError';

  constructor(
    readonly code: string,
    message: string,
    readonly invalidFieldKeys: readonly CardFieldKey[] = [],
  ) {
    super(message);
  }
}
