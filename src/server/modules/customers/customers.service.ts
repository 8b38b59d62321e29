/**
 * Customers in the back office and UK GDPR (ADR 066). Reads: the list and a customer's
 * page. Writes — buds granted, an account disabled or re-enabled, an erasure — each
 * write its change and its audit record in one transaction (the customer's row locked
 * first, so two writes to one customer take turns). The export gathers everything the
 * shop holds about a customer; staff's exports are themselves recorded.
 */
import { verify } from '@node-rs/argon2';
import type {
  CustomerDetailView,
  CustomerExportView,
  CustomerListView,
  CustomerStateView,
  CustomerSummaryView,
} from '../../../domain/api/admin-customers.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import {
  CUSTOMER_PAGE_DEFAULT,
  type BudsGrant,
  type CustomerListQuery,
} from '../../../domain/schemas/admin-customers.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { containsPattern } from '../admin-orders/admin-orders.repository.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import type { CustomerRecord, CustomerRow, CustomersRepository } from './customers.repository.ts';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

const fullName = (row: Pick<CustomerRow, 'title' | 'first_name' | 'last_name'>) =>
  [row.title, row.first_name, row.last_name].filter(Boolean).join(' ');

function summaryOf(row: CustomerRow): CustomerSummaryView {
  return {
    id: row.id,
    email_address: row.email_address,
    name: fullName(row),
    created_at: new Date(row.created_at).toISOString(),
    disabled: row.disabled_at !== null,
    erased: row.erased_at !== null,
  };
}

/** A whole email address: found by equality on its indexes, not by trigrams (ADR 066). */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const ERASED_MESSAGE = 'This customer’s account has been erased.';

/** The customer themself, as the audit trail names them (no staff member). */
export function customerActor(userId: number, ip: string | null): StaffActor {
  return { staffId: null, label: `customer:${userId}`, role: null, ip };
}

export function customersService(deps: { db: Db; customers: CustomersRepository }) {
  const { db, customers } = deps;

  async function found(id: number): Promise<CustomerRecord> {
    const customer = await customers.find(id);
    if (!customer) throw new AppError('not_found', { message: 'No customer has that id.' });
    return customer;
  }

  /** The customer's row, locked for this transaction; refused once erased. */
  async function lockedLive(trx: Db, id: number): Promise<CustomerRecord> {
    const customer = await customers.lock(trx, id);
    if (!customer) throw new AppError('not_found', { message: 'No customer has that id.' });
    if (customer.erased_at !== null) throw new AppError('not_found', { message: ERASED_MESSAGE });
    return customer;
  }

  async function erase(
    actor: StaffActor,
    id: number,
    reason: string,
    check?: (trx: Db) => Promise<void>,
  ): Promise<CustomerStateView> {
    return db.transaction().execute(async (trx) => {
      const customer = await customers.lock(trx, id);
      if (!customer) throw new AppError('not_found', { message: 'No customer has that id.' });
      // Erasing twice changes nothing and records nothing.
      if (customer.erased_at !== null) {
        return {
          id,
          disabled_at: iso(customer.disabled_at),
          erased_at: iso(customer.erased_at),
        };
      }
      if (check) await check(trx);
      const open = await customers.openOrders(trx, id, customer.email_address);
      // A return not yet refunded or refused is business still to do with them (a refund
      // to make, an email to send), as an order still to send is (ADR 070).
      const openReturns = await customers.openReturns(trx, id, customer.email_address);
      if (open.length > 0 || openReturns.length > 0) {
        throw new AppError('customer_has_open_orders', {
          errors: {
            ...(open.length > 0
              ? { orders: open.slice(0, 10).map((number) => `Order ${number} is still open`) }
              : {}),
            ...(openReturns.length > 0
              ? {
                  returns: openReturns
                    .slice(0, 10)
                    .map(
                      (r) =>
                        `Return ${r.return_number} (order ${r.order_number}) is still open: refund or refuse it first`,
                    ),
                }
              : {}),
          },
        });
      }
      const [buds, counts] = [
        await customers.budsBalance(id, trx),
        await customers.erase(trx, customer),
      ];
      // Counts and balances only: the record must not itself keep what was erased.
      await recordAudit(trx, actor, {
        action: 'customer.erase',
        entityType: 'customer',
        entityId: id,
        before: { buds_balance: buds, credit_balance: customer.credit_balance },
        after: { ...counts, erased: true },
        reason,
      });
      const after = await customers.lock(trx, id);
      return {
        id,
        disabled_at: iso(after?.disabled_at ?? null),
        erased_at: iso(after?.erased_at ?? null),
      };
    });
  }

  async function exportOf(customer: CustomerRecord): Promise<CustomerExportView> {
    const gathered = await customers.exportData(customer);
    const { account } = gathered;
    return {
      exported_at: new Date().toISOString(),
      account: { ...account },
      consents: {
        newsletter: account.newsletter,
        prices_exclude_tax: account.prices_exclude_tax,
        // Abandoned-basket reminders, and since when (ADR 077).
        basket_reminders: account.basket_reminders,
        basket_reminders_at: account.basket_reminders_at,
      },
      addresses: gathered.addresses,
      orders: gathered.orders,
      returns: gathered.returns,
      buds_ledger: gathered.buds,
      credit_ledger: gathered.credit,
      wishlists: gathered.wishlists,
      stock_alerts: gathered.alerts,
      baskets: gathered.baskets,
      audit: gathered.audit,
    } as CustomerExportView;
  }

  return {
    /** One page of customers, newest first, found by email, name or postcode. */
    async list(query: CustomerListQuery): Promise<CustomerListView> {
      const limit = query.limit ?? CUSTOMER_PAGE_DEFAULT;
      let patterns: string[] | undefined;
      let compact: string[] | undefined;
      let email: string | undefined;
      if (query.q && WHOLE_EMAIL.test(query.q.trim())) {
        email = query.q.trim().toLowerCase();
      } else if (query.q) {
        const typed = query.q.trim().replace(/\s+/g, ' ');
        patterns = [containsPattern(typed)];
        compact = [containsPattern(typed.replace(/ /g, ''))];
      }
      const rows = await customers.list({
        ...(patterns ? { patterns } : {}),
        ...(compact ? { compact } : {}),
        ...(email ? { email } : {}),
        ...(query.cursor ? { beforeId: Number(query.cursor) } : {}),
        // One more than shown tells whether there is a next page.
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        customers: page.map(summaryOf),
        next_cursor: rows.length > limit && last ? String(last.id) : null,
      };
    },

    /** A customer's page: details, addresses, orders, buds and stock alerts. */
    async detail(id: number): Promise<CustomerDetailView> {
      const customer = await found(id);
      const [addresses, orders, balance, entries, alerts] = await Promise.all([
        customers.addresses(id),
        customers.orders(id, customer.email_address),
        customers.budsBalance(id),
        customers.budsEntries(id),
        customer.erased_at === null ? customers.stockAlerts(customer.email_address) : [],
      ]);
      return {
        customer: {
          id: customer.id,
          email_address: customer.email_address,
          title: customer.title,
          first_name: customer.first_name,
          last_name: customer.last_name,
          newsletter: customer.newsletter,
          created_at: new Date(customer.created_at).toISOString(),
          disabled_at: iso(customer.disabled_at),
          erased_at: iso(customer.erased_at),
          credit_balance: customer.credit_balance,
        },
        addresses: addresses.map((row) => ({
          id: row.id,
          address: row.address,
          default_delivery: row.default_delivery,
          default_billing: row.default_billing,
        })),
        orders,
        buds: { balance, entries },
        stock_alerts: alerts,
      };
    },

    /**
     * Grants buds (or takes some back, never below none) with a reason: the ledger row,
     * naming the staff member, and the audit record in one transaction.
     */
    async grantBuds(actor: StaffActor, id: number, input: BudsGrant): Promise<{ balance: number }> {
      return db.transaction().execute(async (trx) => {
        await lockedLive(trx, id);
        const before = await customers.budsBalance(id, trx);
        if (before + input.buds < 0) {
          throw validationError({
            buds: [`The customer has ${before} buds: you can take back at most that many`],
          });
        }
        await customers.addBuds(trx, {
          userId: id,
          change: input.buds,
          reason: input.reason,
          staffId: actor.staffId,
        });
        const balance = before + input.buds;
        await recordAudit(trx, actor, {
          action: 'customer.buds',
          entityType: 'customer',
          entityId: id,
          before: { buds_balance: before },
          after: { buds_balance: balance, change: input.buds },
          reason: input.reason,
        });
        return { balance };
      });
    },

    /**
     * Disables or re-enables the account. Disabling ends its sessions at once and it
     * cannot sign in; doing what is already done changes nothing and records nothing.
     */
    async setDisabled(
      actor: StaffActor,
      id: number,
      disabled: boolean,
      reason: string,
    ): Promise<CustomerStateView> {
      return db.transaction().execute(async (trx) => {
        const customer = await lockedLive(trx, id);
        const was = customer.disabled_at !== null;
        if (was === disabled) {
          return { id, disabled_at: iso(customer.disabled_at), erased_at: null };
        }
        const row = await customers.setDisabled(trx, id, disabled);
        const sessions = disabled ? await customers.endSessions(trx, id) : 0;
        await recordAudit(trx, actor, {
          action: disabled ? 'customer.disable' : 'customer.enable',
          entityType: 'customer',
          entityId: id,
          before: { disabled: was },
          after: { disabled, ...(disabled ? { sessions_ended: sessions } : {}) },
          reason,
        });
        return { id, disabled_at: iso(row.disabled_at), erased_at: iso(row.erased_at) };
      });
    },

    /** Staff's export of a customer's data (recorded in the audit trail: who, when). */
    async exportForStaff(actor: StaffActor, id: number): Promise<CustomerExportView> {
      const customer = await found(id);
      const view = await exportOf(customer);
      await recordAudit(db, actor, {
        action: 'customer.export',
        entityType: 'customer',
        entityId: id,
        after: { orders: view.orders.length },
      });
      return view;
    },

    /** The signed-in customer's own export. */
    async exportForCustomer(userId: number): Promise<CustomerExportView> {
      return exportOf(await found(userId));
    },

    /** Staff's erasure (customers.erase), with the reason kept in the audit record. */
    eraseByStaff(actor: StaffActor, id: number, reason: string) {
      return erase(actor, id, reason);
    },

    /** The customer's own erasure, confirmed with their password. */
    async eraseSelf(userId: number, password: string, ip: string | null) {
      return erase(
        customerActor(userId, ip),
        userId,
        'Erased at the customer’s request, from their account',
        async (trx) => {
          // In the erasure's transaction: PGlite has one connection.
          const { password_hash: hash } = await trx
            .selectFrom('users')
            .select('password_hash')
            .where('id', '=', userId)
            .executeTakeFirstOrThrow();
          let ok = false;
          try {
            ok = await verify(hash, password);
          } catch {
            ok = false;
          }
          if (!ok) throw validationError({ password: ['Your password is not correct'] });
        },
      );
    },
  };
}

export type CustomersService = ReturnType<typeof customersService>;
