/**
 * The test-mode payment client (ADR 020): the card fields are ordinary inputs in the
 * page, checked and formatted as hosted fields do; tokenising sends only the card's
 * non-secret details and the sandbox card's fake nonce class to the test gateway;
 * 3-D Secure plays the issuer's part from the sandbox card table (a pass, a failure,
 * or a challenge the shopper answers in the test bank's dialog).
 */
import {
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
} from 'react';
import {
  sandboxBehaviour,
  threeDSecureByBinAndLastFour,
  type ThreeDSecureBehaviour,
} from '../../../../../../domain/payments/sandbox-cards.ts';
import { cardBrandName } from '../../../../../../domain/cards.ts';
import { Button } from '../../../../../ui/button.tsx';
import { Modal } from '../../../../../ui/modal.tsx';
import { CARD_FIELD_PLACEHOLDERS, CardFieldFrame, cardFieldError } from '../card-field-frame.tsx';
import {
  CARD_FIELD_KEYS,
  PaymentClientError,
  type CardFieldKey,
  type CardFieldsProps,
  type PaymentClient,
  type TokenizedCard,
  type VerifiedCard,
  type VerifyCardOptions,
  verifiedCard,
} from '../types.ts';
import {
  cardBrand,
  EMPTY_CARD,
  expiryParts,
  fieldState,
  formatField,
  MAX_LENGTHS,
  cvvSize,
  type CardValues,
} from './card-input.ts';
import {
  completeThreeDSecure,
  mintNonce,
  readClientToken,
  testDeviceData,
  type TestClientToken,
  type ThreeDSecureOutcome,
} from './test-client-api.ts';

type ChallengeAnswer = 'authenticated' | 'cancelled';

interface Challenge {
  amount: string;
  lastFour: string;
  answer: (answer: ChallengeAnswer) => void;
}

const AUTOCOMPLETE: Record<CardFieldKey, string> = {
  cardholderName: 'cc-name',
  number: 'cc-number',
  expirationDate: 'cc-exp',
  cvv: 'cc-csc',
};

const NO_TOUCH: Record<CardFieldKey, boolean> = {
  cardholderName: false,
  number: false,
  expirationDate: false,
  cvv: false,
};

/** Checks the card entered and turns it into a nonce through the test gateway. */
export async function tokenizeTestCard(
  token: TestClientToken,
  card: CardValues,
): Promise<TokenizedCard & { threeDSecure: ThreeDSecureBehaviour }> {
  const states = CARD_FIELD_KEYS.map((key) => [key, fieldState(key, card, true)] as const);
  if (states.every(([, state]) => state.isEmpty)) {
    throw new PaymentClientError(
      'HOSTED_FIELDS_FIELDS_EMPTY',
      'All fields are empty. Cannot tokenize empty card fields.',
    );
  }
  const invalid = states.filter(([, state]) => !state.isValid).map(([key]) => key);
  const expiry = expiryParts(card.expirationDate);
  if (invalid.length > 0 || !expiry) {
    throw new PaymentClientError(
      'HOSTED_FIELDS_FIELDS_INVALID',
      'Some payment input fields are invalid. Cannot tokenize invalid card fields.',
      invalid,
    );
  }
  const digits = card.number.replace(/\D/g, '');
  const brand = cardBrand(digits);
  const behaviour = sandboxBehaviour(digits, brand?.type ?? null);
  const details = {
    cardType: brand?.niceType ?? 'Unknown',
    lastFour: digits.slice(-4),
    bin: digits.slice(0, 6),
    expirationMonth: expiry.month,
    expirationYear: expiry.year,
    cardholderName: card.cardholderName.trim(),
  };
  const { nonce } = await mintNonce(token, {
    type: 'CreditCard',
    fake_nonce: behaviour.fakeNonce,
    details,
  });
  return { nonce, details, threeDSecure: behaviour.threeDSecure };
}

export function createTestModeClient(clientToken: string): PaymentClient {
  const token = readClientToken(clientToken);
  // The 3-D Secure behaviour of the cards this page tokenised, by nonce.
  const behaviours = new Map<string, ThreeDSecureBehaviour>();

  // The bank's challenge waiting for the shopper, shown by Overlay.
  let challenge: Challenge | null = null;
  const listeners = new Set<() => void>();
  const setChallenge = (next: Challenge | null) => {
    challenge = next;
    listeners.forEach((listener) => listener());
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const askShopper = (amount: string, lastFour: string) =>
    new Promise<ChallengeAnswer>((resolve) => {
      setChallenge({
        amount,
        lastFour,
        answer: (answer) => {
          setChallenge(null);
          resolve(answer);
        },
      });
    });

  function CardFields({ ref, disabled }: CardFieldsProps) {
    const [card, setCard] = useState<CardValues>(EMPTY_CARD);
    const [touched, setTouched] = useState(NO_TOUCH);
    const base = useId();
    const inputs = useRef<Partial<Record<CardFieldKey, HTMLInputElement | null>>>({});
    // The field to move to after a failed payment, once the inputs are usable again.
    const [focusNext, setFocusNext] = useState<CardFieldKey | null>(null);
    useEffect(() => {
      if (!focusNext || disabled) return;
      inputs.current[focusNext]?.focus();
      setFocusNext(null);
    }, [focusNext, disabled]);

    useImperativeHandle(ref, () => ({
      tokenize: async () => {
        setTouched({ cardholderName: true, number: true, expirationDate: true, cvv: true });
        try {
          const { threeDSecure, ...tokenized } = await tokenizeTestCard(token, card);
          behaviours.set(tokenized.nonce, threeDSecure);
          return tokenized;
        } catch (error) {
          const first = error instanceof PaymentClientError ? error.invalidFieldKeys[0] : undefined;
          if (first) setFocusNext(first);
          throw error;
        }
      },
      clear: () => {
        setCard(EMPTY_CARD);
        setTouched(NO_TOUCH);
      },
    }));

    const onChange = (key: CardFieldKey) => (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setCard((current) => ({ ...current, [key]: formatField(key, value, current) }));
    };

    const brand = cardBrand(card.number);
    const shownBrand = brand && {
      slug: brand.type,
      name: cardBrandName(brand.type, brand.niceType),
    };
    return (
      <div className="card-fields">
        {CARD_FIELD_KEYS.map((key) => {
          const id = `${base}-${key}`;
          const error = cardFieldError(key, fieldState(key, card, touched[key]));
          const errorId = `${id}-error`;
          const maxLength =
            key === 'cvv'
              ? cvvSize(card.number)
              : key === 'number'
                ? MAX_LENGTHS.number + 3
                : MAX_LENGTHS[key];
          return (
            <CardFieldFrame
              key={key}
              fieldKey={key}
              brand={key === 'number' ? shownBrand : null}
              inputId={id}
              labelId={`${id}-label`}
              error={error}
              errorId={errorId}
            >
              <input
                ref={(element) => {
                  inputs.current[key] = element;
                }}
                id={id}
                name={key}
                className="field__input"
                value={card[key]}
                onChange={onChange(key)}
                onBlur={() => setTouched((current) => ({ ...current, [key]: true }))}
                placeholder={CARD_FIELD_PLACEHOLDERS[key]}
                autoComplete={AUTOCOMPLETE[key]}
                inputMode={key === 'cardholderName' ? undefined : 'numeric'}
                maxLength={maxLength}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            </CardFieldFrame>
          );
        })}
      </div>
    );
  }

  function Overlay() {
    const pending = useSyncExternalStore(
      subscribe,
      () => challenge,
      () => challenge,
    );
    return (
      <Modal
        open={pending !== null}
        onClose={() => pending?.answer('cancelled')}
        title="Everbloom Test Bank: confirm it’s you"
        icon="🏦"
        narrow
      >
        {pending && (
          <div className="test-bank">
            <p>
              Your bank wants to check that you are making this payment of £{pending.amount} with
              the card ending {pending.lastFour}.
            </p>
            <p className="test-bank__note">
              This is the shop’s test mode: no bank is contacted and no money is taken.
            </p>
            <div className="test-bank__actions">
              <Button onClick={() => pending.answer('authenticated')}>Authenticate</Button>
              <Button variant="secondary" onClick={() => pending.answer('cancelled')}>
                Cancel
              </Button>
            </div>
          </div>
        )}
      </Modal>
    );
  }

  async function verifyCard(options: VerifyCardOptions): Promise<VerifiedCard> {
    const behaviour =
      behaviours.get(options.nonce) ??
      threeDSecureByBinAndLastFour(options.details.bin, options.details.lastFour);
    behaviours.delete(options.nonce);
    let outcome: ThreeDSecureOutcome;
    let cancelled = false;
    if (behaviour === 'challenge') {
      const answer = await askShopper(options.amount, options.details.lastFour);
      cancelled = answer === 'cancelled';
      outcome = cancelled ? 'failed' : 'authenticated';
    } else {
      outcome =
        behaviour === 'frictionless'
          ? 'authenticated'
          : behaviour === 'failed'
            ? 'failed'
            : 'unavailable';
    }
    const reply = await completeThreeDSecure(token, {
      nonce: options.nonce,
      amount: options.amount,
      outcome,
    });
    if (cancelled) {
      throw new PaymentClientError('THREEDS_CARDINAL_SDK_CANCELED', 'Canceled by the customer.');
    }
    return verifiedCard(reply.nonce, reply);
  }

  return {
    mode: 'test',
    CardFields,
    Overlay,
    verifyCard,
    deviceData: () => Promise.resolve(testDeviceData()),
    teardown: async () => {
      challenge?.answer('cancelled');
    },
  };
}
