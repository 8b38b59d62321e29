/**
 * Store credit (spec section 3, Credit; ADR 052): a customer's balance and history, and
 * staff's goodwill grants. Orders spend and give back credit themselves, in their own
 * statements (order.repository.ts); refunds add it as credit (the refunds module).
 */
import type { AdminStoreCreditView, StoreCreditView } from '../../../domain/api/store-credit.ts';
import { AppError } from '../../../domain/errors.ts';
import type { CreditGrant } from '../../../domain/schemas/store-credit.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import type { CreditEntry, CreditRepository } from './credit.repository.ts';

/**
 * What the customer reads for a change. A grant's reason is the staff member's note
 * (kept for staff and the audit trail), so the customer sees a fixed wording instead.
 */
function customerReason(entry: CreditEntry): string {
  return entry.kind === 'goodwill' ? 'Goodwill credit' : entry.reason;
}

function customerEntry(entry: CreditEntry) {
  return {
    date: new Date(entry.created_at).toISOString(),
    change: entry.change,
    balance_after: entry.balance_after,
    kind: entry.kind,
    reason: customerReason(entry),
  };
}

export function creditService(deps: { db: Db; credit: CreditRepository }) {
  const { db, credit } = deps;

  async function adminView(customerId: number): Promise<AdminStoreCreditView> {
    const found = await credit.find(customerId);
    if (!found) throw new AppError('not_found');
    const entries = await credit.entries(customerId);
    return {
      customer_id: customerId,
      balance: found.balance,
      entries: entries.map((entry) => ({
        ...customerEntry(entry),
        reason: entry.reason,
        order_number: entry.order_number,
        staff_id: entry.staff_id,
      })),
    };
  }

  return {
    /** The signed-in customer's balance and history (GET /user/credit). */
    async account(userId: number): Promise<StoreCreditView> {
      const [balance, entries] = await Promise.all([
        credit.balance(userId),
        credit.entries(userId),
      ]);
      return { balance, entries: entries.map(customerEntry) };
    },

    /** A customer's balance and history for staff; 404 not_found for no such customer. */
    ofCustomer: adminView,

    /**
     * Adds goodwill credit to a customer's balance: the ledger row (with the staff
     * member) and the audit record in one transaction. 404 not_found for no such customer.
     */
    async grant(
      actor: StaffActor,
      customerId: number,
      input: CreditGrant,
    ): Promise<{ balance: number }> {
      return db.transaction().execute(async (trx) => {
        const balance = await credit.add(
          'goodwill',
          {
            userId: customerId,
            amount: input.amount,
            reason: input.reason,
            staffId: actor.staffId,
          },
          trx,
        );
        if (balance === undefined) throw new AppError('not_found');
        await recordAudit(trx, actor, {
          action: 'credit.grant',
          entityType: 'customer',
          entityId: customerId,
          before: { credit_balance: balance - input.amount },
          after: { credit_balance: balance, granted: input.amount },
          reason: input.reason,
        });
        return { balance };
      });
    },
  };
}

export type CreditService = ReturnType<typeof creditService>;
