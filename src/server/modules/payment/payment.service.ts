/**
 * Payments (ADR 018): the client token the browser's payment library starts from, a
 * signed-in customer's vaulted cards (their vault id is their user id; another
 * customer's card is not found), and the gateway's webhooks, whose transactions settle
 * the pending order they belong to (the order module's reconciliation, ADR 019).
 */
import type { StoredCardView } from '../../../domain/api/order.ts';
import { AppError } from '../../../domain/errors.ts';
import type { GatewayTransaction, PaymentGateway } from '../../adapters/payments/port.ts';
import type { PaymentAttempts } from '../order/payment-attempts.ts';

export function paymentService(deps: {
  gateway: PaymentGateway;
  /** Card testing (ADR 040): the way in to the gateway is limited per client address. */
  attempts: Pick<PaymentAttempts, 'admitClientToken'>;
  /** Completes the pending order a webhook's transaction belongs to, if any. */
  settleFromWebhook: (transaction: GatewayTransaction) => Promise<void>;
}) {
  const { gateway } = deps;

  async function cards(customerId: string): Promise<StoredCardView[]> {
    const list = await gateway.listCards(customerId);
    return list.map((card) => ({
      id: card.token,
      nonce: card.nonce,
      default: card.default,
      details: {
        cardType: card.cardType,
        lastFour: card.lastFour,
        expirationMonth: card.expirationMonth,
        expirationYear: card.expirationYear,
        bin: card.bin,
      },
    }));
  }

  return {
    /**
     * A client token; with the customer's vault when one is signed in. rate_limit when
     * the client address has asked for too many (ADR 040).
     */
    async clientToken(customerId: number | null, clientIp: string): Promise<string> {
      await deps.attempts.admitClientToken(clientIp);
      return gateway.clientToken({ customerId: customerId === null ? null : String(customerId) });
    },

    /** The customer's saved cards, default first. */
    cards(customerId: number): Promise<StoredCardView[]> {
      return cards(String(customerId));
    },

    /** Deletes one of the customer's cards (not_found when not theirs); the cards left. */
    async deleteCard(customerId: number, token: string): Promise<StoredCardView[]> {
      const vault = String(customerId);
      if (!(await gateway.deleteCard(vault, token))) throw new AppError('not_found');
      return cards(vault);
    },

    /** Makes one of the customer's cards the default (not_found when not theirs). */
    async makeDefaultCard(customerId: number, token: string): Promise<StoredCardView[]> {
      const vault = String(customerId);
      if (!(await gateway.makeDefaultCard(vault, token))) throw new AppError('not_found');
      return cards(vault);
    },

    /** A webhook the gateway signed: its transaction settles its order. 403 when forged. */
    async webhook(input: { signature: string; payload: string }): Promise<void> {
      const event = input.signature && input.payload ? await gateway.parseWebhook(input) : null;
      if (!event) throw new AppError('unauthorized', { status: 403 });
      if (event.transaction) await deps.settleFromWebhook(event.transaction);
    },
  };
}

export type PaymentService = ReturnType<typeof paymentService>;
