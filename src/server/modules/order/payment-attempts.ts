/**
 * Card testing defences (ADR 040). Stolen card numbers are tried on shops' checkouts to
 * learn which still work; what they need is the answer. So failed payment attempts are
 * counted per basket, customer, email address, client address and card fingerprint, and
 * once any of those has PAYMENT_FAILURE_LIMIT failures inside the window, further
 * attempts under it are refused with `rate_limit` before the gateway is asked.
 *
 * An attempt is counted from the moment it is let through (pending), so a burst of
 * parallel attempts cannot all pass the check before the first of them fails; a sale
 * that goes through, or whose outcome is unknown, is forgotten. The card's fingerprint
 * is known only once the gateway has read the nonce: the gateway asks (`screenCard`)
 * before charging it.
 *
 * The client token route (the browser's entry to the gateway) is limited per client
 * address as well.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../domain/errors.ts';
import type { SaleResult } from '../../adapters/payments/port.ts';
import type { RateLimitRepository } from '../auth/rate-limit.repository.ts';
import type { PaymentAttemptsRepository } from './payment-attempts.repository.ts';

/**
 * Failed payments under one key that stop further attempts, and the window they count in.
 * `sharedPending`: attempts in flight at once under a shared key (a client address, a
 * card) before it has failed — shoppers behind one network (an office, a mobile
 * carrier's shared address) pay at the same time, so their pending attempts must not
 * refuse each other (ADR 040).
 */
export const PAYMENT_FAILURE_LIMIT = {
  failures: 5,
  windowMs: 15 * 60 * 1000,
  sharedPending: 100,
} as const;

/** Client tokens one client address may ask for per window. */
export const CLIENT_TOKEN_LIMIT = { requests: 20, windowS: 60 } as const;

/** How many failed payments per key, and client tokens per client address, are let through. */
export interface CardTestingLimits {
  /** Failed payments per key inside PAYMENT_FAILURE_LIMIT.windowMs. */
  failures: number;
  /** Client tokens per client address inside CLIENT_TOKEN_LIMIT.windowS. */
  clientTokens: number;
}

/** What a failed attempt is counted under (the metric's label too). */
export type AttemptKeyKind = 'basket' | 'customer' | 'email' | 'address' | 'card';

/** Refusals that are an answer about the card: a decline, a failed verification or 3-D Secure. */
const COUNTED = new Set(['payment_failed', 'payment_method_error']);

/** Who is paying: the keys an attempt is counted under (null: not known). */
export interface AttemptSubject {
  basketId: string | null;
  customerId: number | null;
  email: string | null;
  /** The client's IP address (Fastify's request.ip, which honours TRUST_PROXY). */
  clientIp: string | null;
}

/** Told of declines and refusals (metrics). */
export interface CardTestingEvents {
  /** A payment attempt was refused by the gateway as `type` and counted. */
  declined(type: string): void;
  /** An attempt (or a client token request) was refused under a key of this kind. */
  limited(kind: AttemptKeyKind | 'client_token'): void;
}

/** One attempt let through to the gateway. */
export interface PaymentAttempt {
  /** Counts the attempt under the card's fingerprint too; false when that card has failed too often. */
  screenCard(fingerprint: string): Promise<boolean>;
  /** Records how the sale ended ('unknown': the gateway did not answer). Never throws. */
  finish(result: SaleResult | 'unknown'): Promise<void>;
}

const kindOf = (key: string) => key.slice(0, key.indexOf(':')) as AttemptKeyKind;

/**
 * Keys whose attempts in flight count only once they have failed (ADR 040): a client
 * address, which honest shoppers share; and a card, whose burst tells a tester no more
 * than its first answer (demo shops' shoppers all pay with the same test card).
 */
const SHARED_KINDS = new Set<AttemptKeyKind>(['address', 'card']);

/** The keys of a subject; email addresses compared case-insensitively. */
export function attemptKeys(subject: AttemptSubject): string[] {
  const keys: string[] = [];
  if (subject.basketId) keys.push(`basket:${subject.basketId}`);
  if (subject.customerId !== null) keys.push(`customer:${subject.customerId}`);
  if (subject.email) keys.push(`email:${subject.email.trim().toLowerCase()}`);
  if (subject.clientIp) keys.push(`address:${subject.clientIp}`);
  return keys;
}

export function paymentAttempts(deps: {
  repository: PaymentAttemptsRepository;
  rateLimits: Pick<RateLimitRepository, 'hit'>;
  log: { error(object: object, message: string): void };
  events?: CardTestingEvents;
  limits?: Partial<CardTestingLimits>;
  now?: () => Date;
}) {
  const { repository, events } = deps;
  const limits: CardTestingLimits = {
    failures: PAYMENT_FAILURE_LIMIT.failures,
    clientTokens: CLIENT_TOKEN_LIMIT.requests,
    ...deps.limits,
  };
  const now = deps.now ?? (() => new Date());

  /** Writes the attempt under `keys` unless one is full; the full key's kind, or null. */
  async function admit(attemptId: string, keys: string[]): Promise<AttemptKeyKind | null> {
    const at = now();
    const full = await repository.admit({
      attemptId,
      keys,
      sharedKeys: keys.filter((key) => SHARED_KINDS.has(kindOf(key))),
      at,
      since: new Date(at.getTime() - PAYMENT_FAILURE_LIMIT.windowMs),
      limit: limits.failures,
      pendingCeiling: PAYMENT_FAILURE_LIMIT.sharedPending,
    });
    if (full === null) return null;
    const kind = kindOf(full);
    events?.limited(kind);
    return kind;
  }

  return {
    /**
     * Lets one payment attempt through to the gateway, counted under the subject's keys;
     * null when one of them has failed too often (nothing is counted then).
     */
    async begin(subject: AttemptSubject): Promise<PaymentAttempt | null> {
      const attemptId = randomUUID();
      if ((await admit(attemptId, attemptKeys(subject))) !== null) return null;
      return {
        async screenCard(fingerprint) {
          return (await admit(attemptId, [`card:${fingerprint}`])) === null;
        },
        async finish(result) {
          try {
            if (result !== 'unknown' && !result.ok && COUNTED.has(result.refusal.type)) {
              const card = result.refusal.fingerprint;
              await repository.fail(attemptId, card ? [`card:${card}`] : [], now());
              events?.declined(result.refusal.type);
            } else {
              await repository.release(attemptId);
            }
          } catch (error) {
            // The payment's own outcome matters more than its count: never lose it to this.
            deps.log.error({ err: error, attempt: attemptId }, 'payment attempt not recorded');
          }
        },
      };
    },

    /** Counts a client token request from `clientIp`; throws rate_limit past the limit. */
    async admitClientToken(clientIp: string): Promise<void> {
      const hits = await deps.rateLimits.hit(
        `payments-token:address:${clientIp}`,
        CLIENT_TOKEN_LIMIT.windowS,
      );
      if (hits > limits.clientTokens) {
        events?.limited('client_token');
        throw new AppError('rate_limit');
      }
    },
  };
}

export type PaymentAttempts = ReturnType<typeof paymentAttempts>;
