/**
 * Crash recovery (ADR 019): an order stays pending when its process stopped between
 * writing it and learning the charge's outcome (or the gateway could not say). Orders
 * pending for longer than any charge can take are settled from what the gateway
 * knows: a sale for the order that went through completes it exactly as the order
 * request would have (paid, buds, basket ordered, email); no sale (or a refused one)
 * fails it and puts its stock back. A sale that turns up later for an order failed
 * that way (the gateway's search lags, or a request gave up asking) is reversed. Runs
 * at start-up and with the hourly housekeeping; webhooks take the same path for a
 * single order.
 */
import type { GatewayTransaction, PaymentGateway } from '../../adapters/payments/port.ts';
import { UNCONFIRMED_FAILURE, type OrderCompletion } from './order-completion.ts';
import type { OrderRecord, OrderRepository } from './order.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Pending orders younger than this are left alone: a request may still be charging
 * them. Longer than the gateway's own timeout (Braintree's is 60 s) and the wait of a
 * request for another's charge.
 */
export const RECONCILE_AFTER_MS = 10 * 60 * 1000;

/** Sales that turn up this long after their order failed unconfirmed are still reversed. */
export const REVERSE_WITHIN_MS = 24 * 60 * 60 * 1000;

export interface ReconcileCounts {
  paid: number;
  failed: number;
  /** Sales found for orders failed unconfirmed, and reversed. */
  reversed: number;
  /** Left pending: the gateway could not be asked. */
  unknown: number;
}

/** Ends one pending order from the gateway's transaction for it (or its absence). */
export async function settleFromGateway(
  completion: OrderCompletion,
  order: Pick<OrderRecord, 'id'>,
  transaction: GatewayTransaction | null,
): Promise<'paid' | 'failed' | 'unchanged'> {
  if (transaction?.succeeded) {
    const done = await completion.paid(order, {
      transactionId: transaction.id,
      paidWith: transaction.paidWith,
    });
    return done ? 'paid' : 'unchanged';
  }
  const done = await completion.failed(order, {
    // No sale (yet): should one still appear, it is reversed later.
    type: transaction ? 'order_failed' : UNCONFIRMED_FAILURE,
    message: 'We were unable to take your payment, please try again.',
    transactionId: transaction?.id ?? null,
  });
  return done ? 'failed' : 'unchanged';
}

export function orderReconciliation(deps: {
  orders: OrderRepository;
  completion: OrderCompletion;
  gateway: PaymentGateway;
  log: { error(object: object, message: string): void };
}) {
  return {
    /** Settles pending orders older than `olderThanMs` (RECONCILE_AFTER_MS by default). */
    async reconcilePendingOrders(options: { olderThanMs?: number } = {}): Promise<ReconcileCounts> {
      const counts: ReconcileCounts = { paid: 0, failed: 0, reversed: 0, unknown: 0 };
      const pending = await deps.orders.pendingOlderThan(options.olderThanMs ?? RECONCILE_AFTER_MS);
      for (const order of pending) {
        let transaction: GatewayTransaction | null;
        try {
          transaction = await deps.gateway.findByOrderId(order.public_id);
        } catch (error) {
          deps.log.error({ err: error, order: order.order_number }, 'reconciliation lookup failed');
          counts.unknown += 1;
          continue;
        }
        const outcome = await settleFromGateway(deps.completion, order, transaction);
        if (outcome !== 'unchanged') counts[outcome] += 1;
      }
      // A sale the gateway could not confirm in time, for an order since failed (its
      // stock back, its basket open): the money goes back.
      for (const order of await deps.orders.unconfirmedFailures(REVERSE_WITHIN_MS)) {
        try {
          const transaction = await deps.gateway.findByOrderId(order.public_id);
          if (!transaction?.succeeded) continue;
          const reversal = await deps.gateway.reverse(transaction.id);
          if (!reversal.ok) continue;
          await deps.orders.recordReversal(order.id, transaction.id);
          counts.reversed += 1;
          deps.log.error(
            { order: order.order_number, transaction: transaction.id, kind: reversal.kind },
            'reversed a sale found for a failed order',
          );
        } catch (error) {
          deps.log.error({ err: error, order: order.order_number }, 'reversal check failed');
          counts.unknown += 1;
        }
      }
      return counts;
    },

    /** A webhook's transaction: completes (or fails) the pending order it belongs to. */
    async fromWebhook(transaction: GatewayTransaction): Promise<void> {
      if (!transaction.orderId || !UUID.test(transaction.orderId)) return;
      const order = await deps.orders.findByPublicId(transaction.orderId);
      if (!order || order.status !== 'pending') return;
      // A declined settlement of an unknown sale is not proof there is no good sale:
      // only a succeeded transaction completes an order from a webhook.
      if (!transaction.succeeded) return;
      await settleFromGateway(deps.completion, order, transaction);
    },
  };
}

export type OrderReconciliation = ReturnType<typeof orderReconciliation>;
