/**
 * Dispatch (ADR 050): sending an order's lines in parcels, and correcting a parcel's
 * carrier or tracking number. A dispatch is one transaction:
 * 1. the order row locked (`FOR UPDATE`): dispatches, refunds and a customer's
 *    cancellation of one order take turns;
 * 2. refused unless the order is paid for and not cancelled, refunded or being cancelled;
 * 3. each line's `dispatched` raised in one conditional statement, never beyond what was
 *    ordered less refunded (409 `shipment_exceeds_order`, nothing changed);
 * 4. the shipment and its items, the order's status (`paidOrderStatus`), a timeline
 *    event and the audit record.
 * Then, after it commits, the dispatch email; a failure to send it is logged and never
 * undoes the dispatch.
 */
import type { AdminOrderView } from '../../../domain/api/admin-orders.ts';
import { CARRIER_NAMES } from '../../../domain/carriers.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import { paidOrderStatus, type OrderStatus } from '../../../domain/order-status.ts';
import {
  needsTrackingNumber,
  TRACKING_NUMBER_REQUIRED,
  type CorrectShipmentInput,
  type CreateShipmentInput,
} from '../../../domain/schemas/shipment.ts';
import type { Mailer } from '../../adapters/email/port.ts';
import type { Db } from '../../db/client.ts';
import type { AdminOrderViews } from '../admin-orders/admin-order-view.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordOrderEvent } from '../order/order-events.ts';
import type { OrderLinks } from '../order/order-link.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import { dispatchEmail } from './dispatch-email.ts';
import { shipmentRepository } from './shipment.repository.ts';

/** Statuses whose order may be (further) dispatched. */
const DISPATCHABLE: readonly OrderStatus[] = [
  'paid',
  'partially_dispatched',
  'dispatched',
  'partially_refunded',
];

const BEING_CANCELLED =
  'The customer is cancelling this order, so it cannot be dispatched. Please check it again shortly.';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function trackingText(carrier: string, trackingNumber: string): string {
  return trackingNumber ? `${carrier} ${trackingNumber}` : `${carrier} (no tracking number)`;
}

export function dispatchService(deps: {
  db: Db;
  views: AdminOrderViews;
  mailer: Mailer;
  orderLinks: OrderLinks;
  /** The shop's public address, for the link in the email. */
  publicUrl: string;
  log: { error(object: object, message: string): void };
}) {
  const { db, views } = deps;

  /** Sends the dispatch email and notes it on the timeline; never throws. */
  async function notify(order: AdminOrderView, orderId: number, shipmentId: number) {
    const shipment = order.shipments.find((s) => s.id === shipmentId);
    if (!shipment) return;
    try {
      const link = deps.orderLinks.viewUrl(deps.publicUrl, order.public_id);
      await deps.mailer.send(await dispatchEmail(order, shipment, link));
      await recordOrderEvent(db, {
        orderId,
        kind: 'email_sent',
        summary: `Dispatch email sent to ${order.email_address}`,
        detail: { shipment_id: shipmentId },
      });
    } catch (error) {
      // The parcel is sent either way; the email can be sent again by hand.
      deps.log.error({ err: error, order: order.order_number }, 'dispatch email failed');
    }
  }

  return {
    /** Sends `input.items` of the order in one parcel; answers the order as it now is. */
    async dispatch(
      orderNumber: string,
      input: CreateShipmentInput,
      actor: StaffActor,
    ): Promise<AdminOrderView> {
      if (needsTrackingNumber(input.carrier) && !input.tracking_number) {
        throw validationError({ tracking_number: [TRACKING_NUMBER_REQUIRED] });
      }
      const seen = new Set<number>();
      const repeated: Record<string, string[]> = {};
      input.items.forEach((item, index) => {
        if (seen.has(item.order_item_id)) {
          repeated[`items.${index}.order_item_id`] = ['This line is already in the parcel'];
        }
        seen.add(item.order_item_id);
      });
      if (Object.keys(repeated).length) throw validationError(repeated);

      const { order, orderId, shipmentId } = await db.transaction().execute(async (trx) => {
        const shipments = shipmentRepository(trx);
        const locked = await shipments.lockOrder(orderNumber);
        if (!locked) throw new AppError('order_not_found');
        if (!DISPATCHABLE.includes(locked.status)) throw new AppError('order_not_dispatchable');
        if (locked.cancel_claimed_at) {
          throw new AppError('order_not_dispatchable', { message: BEING_CANCELLED });
        }
        const lines = await shipments.lines(locked.id);
        const byId = new Map(lines.map((line) => [line.id, line]));
        const unknown: Record<string, string[]> = {};
        input.items.forEach((item, index) => {
          if (!byId.has(item.order_item_id)) {
            unknown[`items.${index}.order_item_id`] = ['This line is not part of this order'];
          }
        });
        if (Object.keys(unknown).length) throw validationError(unknown);

        const raised = await shipments.raiseDispatched(locked.id, input.items);
        // Some line would have gone beyond what is left to send: the transaction rolls
        // back, so the lines raised before it are as they were.
        if (raised.length !== input.items.length) throw new AppError('shipment_exceeds_order');
        const id = await shipments.insert({
          orderId: locked.id,
          carrier: input.carrier,
          trackingNumber: input.tracking_number,
          staffId: actor.staffId,
          items: input.items,
        });

        const before = lines.map((line) => ({ id: line.id, dispatched: line.dispatched }));
        const after = lines.map((line) => ({
          ...line,
          dispatched: raised.find((r) => r.id === line.id)?.dispatched ?? line.dispatched,
        }));
        const status = paidOrderStatus(
          after,
          locked.refunded_amount,
          locked.amount + locked.credit_used,
        );
        if (status !== locked.status) await shipments.setStatus(locked.id, status);

        const units = input.items.reduce((sum, item) => sum + item.quantity, 0);
        const carrier = CARRIER_NAMES[input.carrier];
        const tracking = input.tracking_number ? `, tracking ${input.tracking_number}` : '';
        await recordOrderEvent(trx, {
          orderId: locked.id,
          kind: 'dispatched',
          summary: `Sent ${plural(units, 'item')} by ${carrier}${tracking}`,
          staffId: actor.staffId,
          detail: { shipment_id: id, items: input.items },
        });
        await recordAudit(trx, actor, {
          action: 'order.dispatch',
          entityType: 'order',
          entityId: locked.order_number,
          before: { status: locked.status, lines: before },
          after: {
            status,
            lines: after.map((line) => ({ id: line.id, dispatched: line.dispatched })),
            shipment: {
              id,
              carrier: input.carrier,
              tracking_number: input.tracking_number,
              items: input.items,
            },
          },
        });
        const view = await views.byNumber(locked.order_number, trx);
        if (!view) throw new AppError('order_not_found');
        return { order: view, orderId: locked.id, shipmentId: id };
      });

      await notify(order, orderId, shipmentId);
      return (await views.byNumber(order.order_number)) ?? order;
    },

    /**
     * Changes a parcel's carrier and/or tracking number, keeping the old ones in its
     * history; answers the order. A parcel of another order is not found.
     */
    async correct(
      orderNumber: string,
      shipmentId: number,
      input: CorrectShipmentInput,
      actor: StaffActor,
    ): Promise<AdminOrderView> {
      if (input.carrier === undefined && input.tracking_number === undefined) {
        throw validationError({
          tracking_number: ['Please give the right tracking number or carrier'],
        });
      }
      return db.transaction().execute(async (trx) => {
        const shipments = shipmentRepository(trx);
        const locked = await shipments.lockOrder(orderNumber);
        if (!locked) throw new AppError('order_not_found');
        const before = await shipments.find(locked.id, shipmentId);
        if (!before) {
          throw new AppError('not_found', { message: 'This order has no such shipment.' });
        }
        const after = {
          carrier: input.carrier ?? before.carrier,
          trackingNumber: input.tracking_number ?? before.tracking_number,
        };
        if (needsTrackingNumber(after.carrier) && !after.trackingNumber) {
          throw validationError({ tracking_number: [TRACKING_NUMBER_REQUIRED] });
        }
        const changed =
          after.carrier !== before.carrier || after.trackingNumber !== before.tracking_number;
        if (changed) {
          await shipments.correct(before, after, actor.staffId);
          const from = trackingText(CARRIER_NAMES[before.carrier], before.tracking_number);
          const to = trackingText(CARRIER_NAMES[after.carrier], after.trackingNumber);
          await recordOrderEvent(trx, {
            orderId: locked.id,
            kind: 'tracking_corrected',
            summary: `Tracking corrected from ${from} to ${to}`,
            staffId: actor.staffId,
            detail: { shipment_id: before.id },
          });
          await recordAudit(trx, actor, {
            action: 'order.shipment.correct',
            entityType: 'shipment',
            entityId: before.id,
            before: { carrier: before.carrier, tracking_number: before.tracking_number },
            after: {
              order_number: locked.order_number,
              carrier: after.carrier,
              tracking_number: after.trackingNumber,
            },
          });
        }
        const view = await views.byNumber(locked.order_number, trx);
        if (!view) throw new AppError('order_not_found');
        return view;
      });
    },
  };
}

export type DispatchService = ReturnType<typeof dispatchService>;
