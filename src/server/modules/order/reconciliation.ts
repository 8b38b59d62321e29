/**
 * Settling orders left pending (ADR 019, ADR 038): an order stays pending when the
 * request charging it could not learn the charge's outcome (the gateway could not be
 * asked, the database failed after the sale) or its process stopped. Orders pending for
 * longer than RECONCILE_AFTER_MS are settled from what the gateway knows: a sale for
 * the order that went through completes it exactly as the order request would have
 * (paid, buds, basket ordered, email); no sale (or a refused one) fails it and puts its
 * stock back; a gateway that cannot be asked fails it _unconfirmed_, so its basket is
 * writable again. A sale that turns up later for an order failed unconfirmed (the
 * gateway's search lags, or it could not be asked) is reversed. Pending orders are swept
 * every PENDING_SWEEP_MS; late sales are looked for at start-up and with the hourly
 * housekeeping; webhooks take the same path for a single order.
 */
import type { GatewayTransaction, PaymentGateway } from '../../adapters/payments/port.ts';
import { UNCONFIRMED_FAILURE, type OrderCompletion } from './order-completion.ts';
import type { OrderRecord, OrderRepository } from './order.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Pending orders younger than this are left alone: the request that wrote one is most
 * likely still charging it. With the sweep's period, every attempt ends within a
 * minute of its order being written, so its basket is writable again (ADR 035). A sale
 * still in flight when its order is failed is reversed when it answers (ADR 038).
 */
export const RECONCILE_AFTER_MS = 40 * 1000;

/** How often each process sweeps for orders pending longer than RECONCILE_AFTER_MS. */
export const PENDING_SWEEP_MS = 15 * 1000;

/** Sales that turn up this long after their order failed unconfirmed are still reversed. */
export const REVERSE_WITHIN_MS = 24 * 60 * 60 * 1000;

const TRY_AGAIN = 'We were unable to take your payment, please try again.';

export interface ReconcileCounts {
  paid: number;
  failed: number;
  /** Sales found for orders failed unconfirmed, and reversed. */
  reversed: number;
  /** Orders failed because the gateway could not be asked about them. */
  unasked: number;
  /** Late-sale checks the gateway could not answer (asked again at the next run). */
  unknown: number;
}

/**
 * Ends one pending order from the gateway's transaction for it, its absence (null), or
 * the gateway's silence ('unasked').
 */
export async function settleFromGateway(
  completion: OrderCompletion,
  order: Pick<OrderRecord, 'id'>,
  transaction: GatewayTransaction | null | 'unasked',
): Promise<'paid' | 'failed' | 'unchanged'> {
  // Unasked, nobody can say whether money was taken: the basket is freed now and any
  // sale that turns up is reversed (the late-sale pass), rather than frozen until then.
  const sale = transaction === 'unasked' ? null : transaction;
  if (sale?.succeeded) {
    const done = await completion.paid(order, {
      transactionId: sale.id,
      paidWith: sale.paidWith,
    });
    return done ? 'paid' : 'unchanged';
  }
  const done = await completion.failed(order, {
    // No sale (yet): should one still appear, it is reversed later.
    type: sale ? 'order_failed' : UNCONFIRMED_FAILURE,
    message: TRY_AGAIN,
    transactionId: sale?.id ?? null,
  });
  return done ? 'failed' : 'unchanged';
}

export function orderReconciliation(deps: {
  orders: OrderRepository;
  completion: OrderCompletion;
  gateway: PaymentGateway;
  log: { error(object: object, message: string): void };
}) {
  /** Settles pending orders older than `olderThanMs`. */
  async function settlePending(
    olderThanMs: number,
  ): Promise<Omit<ReconcileCounts, 'reversed' | 'unknown'>> {
    const counts = { paid: 0, failed: 0, unasked: 0 };
    for (const order of await deps.orders.pendingOlderThan(olderThanMs)) {
      let transaction: GatewayTransaction | null | 'unasked';
      try {
        transaction = await deps.gateway.findByOrderId(order.public_id);
      } catch (error) {
        deps.log.error({ err: error, order: order.order_number }, 'reconciliation lookup failed');
        transaction = 'unasked';
      }
      const outcome = await settleFromGateway(deps.completion, order, transaction);
      if (outcome !== 'unchanged') counts[outcome] += 1;
      if (outcome === 'failed' && transaction === 'unasked') counts.unasked += 1;
    }
    return counts;
  }

  /**
   * A sale the gateway could not confirm in time, for an order since failed (its stock
   * back, its basket open): the money goes back.
   */
  async function reverseLateSales(): Promise<Pick<ReconcileCounts, 'reversed' | 'unknown'>> {
    const counts = { reversed: 0, unknown: 0 };
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
  }

  return {
    /**
     * The sweep (every PENDING_SWEEP_MS in each process): settles orders pending longer
     * than RECONCILE_AFTER_MS, so no basket stays frozen by a charge nobody finished.
     */
    async settlePendingOrders(): Promise<Omit<ReconcileCounts, 'reversed' | 'unknown'>> {
      return settlePending(RECONCILE_AFTER_MS);
    },

    /**
     * Settles pending orders older than `olderThanMs` (RECONCILE_AFTER_MS by default),
     * then reverses sales found for orders failed unconfirmed (start-up, hourly).
     */
    async reconcilePendingOrders(options: { olderThanMs?: number } = {}): Promise<ReconcileCounts> {
      const settled = await settlePending(options.olderThanMs ?? RECONCILE_AFTER_MS);
      return { ...settled, ...(await reverseLateSales()) };
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
