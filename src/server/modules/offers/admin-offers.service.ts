/**
 * Offers in the back office (ADR 064): discount codes created, edited and ended, with
 * their usage figures; the free-gift promotions edited. Each write and its audit record
 * are one transaction; this process's copy of the offers is dropped after a write, so
 * its pages show the change at once (other processes within CATALOGUE_CACHE_SECONDS).
 */
import type {
  AdminVoucherKind,
  PromotionView,
  VoucherDetail,
  VoucherView,
} from '../../../domain/api/admin-offers.ts';
import { AppError, validationError, type FieldErrors } from '../../../domain/errors.ts';
import { formatPence, pence } from '../../../domain/money.ts';
import type { Db } from '../../db/client.ts';
import type { VouchersTable } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import {
  promotionRepository,
  type PromotionFields,
  type PromotionRecord,
} from './promotion.repository.ts';
import { voucherRepository, type VoucherFields, type VoucherRecord } from './voucher.repository.ts';

/** A code's fields as staff send them (a PATCH sends any of them). */
export interface VoucherInput {
  description?: string | undefined;
  kind?: AdminVoucherKind | undefined;
  includes_delivery?: boolean | undefined;
  value?: number | undefined;
  minimum_spend?: number | undefined;
  starts_at?: Date | null | undefined;
  ends_at?: Date | null | undefined;
  max_uses?: number | null | undefined;
  max_uses_per_customer?: number | null | undefined;
  active?: boolean | undefined;
}

export interface PromotionInput {
  name?: string | undefined;
  threshold?: number | undefined;
  gift_product_id?: number | undefined;
  /** The gift by SKU (instead of `gift_product_id`). */
  gift_sku?: string | undefined;
  badge?: string | undefined;
  starts_at?: Date | null | undefined;
  ends_at?: Date | null | undefined;
  active?: boolean | undefined;
}

/** Most orders a code's page lists. */
export const VOUCHER_ORDERS_SHOWN = 50;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

function storedKind(kind: AdminVoucherKind, includesDelivery: boolean): VouchersTable['kind'] {
  if (kind === 'percentage') return includesDelivery ? 'percent_order' : 'percent_items';
  return kind === 'fixed' ? 'fixed_items' : 'free_delivery';
}

function adminKind(kind: VouchersTable['kind']): AdminVoucherKind {
  if (kind === 'percent_items' || kind === 'percent_order') return 'percentage';
  return kind === 'fixed_items' ? 'fixed' : 'free_delivery';
}

/** What a code gives, as a description when staff write none: '10% off items'. */
function describe(kind: VouchersTable['kind'], value: number): string {
  switch (kind) {
    case 'percent_items':
      return `${value}% off items`;
    case 'percent_order':
      return `${value}% off the whole order`;
    case 'fixed_items':
      return `${formatPence(pence(value))} off items`;
    case 'free_delivery':
      return 'Free delivery';
  }
}

function dateStatus(
  now: Date,
  active: boolean,
  starts: Date | string | null,
  ends: Date | string | null,
) {
  if (!active) return 'off' as const;
  if (starts !== null && new Date(starts) > now) return 'scheduled' as const;
  if (ends !== null && new Date(ends) < now) return 'ended' as const;
  return 'live' as const;
}

export function voucherView(row: VoucherRecord, now: Date): VoucherView {
  const status = dateStatus(now, row.active, row.starts_at, row.expires_at);
  return {
    code: row.code,
    description: row.description,
    kind: adminKind(row.kind),
    includes_delivery: row.kind === 'percent_order',
    value: row.value,
    minimum_spend: row.min_spend,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.expires_at),
    max_uses: row.max_uses,
    max_uses_per_customer: row.max_uses_per_customer,
    active: row.active,
    status:
      status === 'live' && row.max_uses !== null && Number(row.uses) >= row.max_uses
        ? 'used_up'
        : status,
    usage: {
      uses: Number(row.uses),
      discount_given: Number(row.discount_given),
      takings: Number(row.takings),
    },
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function promotionView(row: PromotionRecord, now: Date): PromotionView {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    threshold: row.threshold,
    gift_product_id: row.gift_product_id,
    gift_name: row.gift_name,
    gift_sku: row.gift_sku,
    badge: row.badge,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    active: row.active,
    status: dateStatus(now, row.active, row.starts_at, row.ends_at),
  };
}

/** The fields a voucher has after `input` is applied to `current` (none: a new one). */
function voucherFields(current: VoucherRecord | undefined, input: VoucherInput): VoucherFields {
  const errors: FieldErrors = {};
  const currentKind = current ? adminKind(current.kind) : undefined;
  const kind = input.kind ?? currentKind;
  if (!kind) throw validationError({ kind: ['Please choose percentage, fixed or free_delivery'] });
  const includesDelivery =
    kind === 'percentage' &&
    (input.includes_delivery ?? (current ? current.kind === 'percent_order' : false));
  let value = input.value ?? (kind === currentKind ? current?.value : undefined);
  if (kind === 'free_delivery') value = 0;
  if (value === undefined) {
    errors.value = [
      kind === 'percentage' ? 'Please give the percentage off' : 'Please give the amount off',
    ];
  } else if (kind === 'percentage' && (value < 1 || value > 100)) {
    errors.value = ['Please give a percentage from 1 to 100'];
  } else if (kind === 'fixed' && value < 1) {
    errors.value = ['Please give an amount of at least 1p'];
  }
  const starts = input.starts_at !== undefined ? input.starts_at : (current?.starts_at ?? null);
  const ends = input.ends_at !== undefined ? input.ends_at : (current?.expires_at ?? null);
  if (starts !== null && ends !== null && new Date(ends) <= new Date(starts)) {
    errors.ends_at = ['Please give an end after the start'];
  }
  const maxUses = input.max_uses !== undefined ? input.max_uses : (current?.max_uses ?? null);
  const perCustomer =
    input.max_uses_per_customer !== undefined
      ? input.max_uses_per_customer
      : (current?.max_uses_per_customer ?? null);
  if (maxUses !== null && perCustomer !== null && perCustomer > maxUses) {
    errors.max_uses_per_customer = ['Please give no more uses per customer than uses in all'];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const stored = storedKind(kind, includesDelivery);
  const written = input.description ?? current?.description ?? '';
  // A description derived from the old figures follows the new ones.
  const derived = current ? describe(current.kind, current.value) : '';
  return {
    description:
      written && !(input.description === undefined && written === derived)
        ? written
        : describe(stored, value ?? 0),
    kind: stored,
    value: value ?? 0,
    min_spend: input.minimum_spend ?? current?.min_spend ?? 0,
    starts_at: starts === null ? null : new Date(starts),
    expires_at: ends === null ? null : new Date(ends),
    max_uses: maxUses,
    max_uses_per_customer: perCustomer,
    active: input.active ?? current?.active ?? true,
  };
}

/** The stored fields as the audit trail keeps them. */
function auditedVoucher(fields: VoucherFields | VoucherRecord) {
  return {
    description: fields.description,
    kind: fields.kind,
    value: fields.value,
    min_spend: fields.min_spend,
    starts_at: iso(fields.starts_at),
    expires_at: iso(fields.expires_at),
    max_uses: fields.max_uses,
    max_uses_per_customer: fields.max_uses_per_customer,
    active: fields.active,
  };
}

function auditedPromotion(fields: PromotionFields | PromotionRecord) {
  return {
    name: fields.name,
    threshold: fields.threshold,
    gift_product_id: fields.gift_product_id,
    badge: fields.badge,
    starts_at: iso(fields.starts_at),
    ends_at: iso(fields.ends_at),
    active: fields.active,
  };
}

export function adminOffersService(deps: {
  db: Db;
  /** This process's copy of the offers, dropped after a change. */
  offers: { invalidate(): void };
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const vouchers = voucherRepository(db);
  const promotions = promotionRepository(db);

  async function voucherOf(code: string): Promise<VoucherView> {
    const row = await vouchers.one(code);
    if (!row) throw new AppError('not_found', { message: 'No discount code has that name.' });
    return voucherView(row, now());
  }

  return {
    async list(): Promise<VoucherView[]> {
      const at = now();
      return (await vouchers.all()).map((row) => voucherView(row, at));
    },

    async detail(code: string): Promise<VoucherDetail> {
      const voucher = await voucherOf(code);
      const orders = await vouchers.orders(code, VOUCHER_ORDERS_SHOWN);
      const customers = await vouchers.customers(code, VOUCHER_ORDERS_SHOWN);
      return {
        voucher,
        customers: customers.map(({ customers: _all, ...customer }) => customer),
        customer_count: customers[0]?.customers ?? 0,
        orders: orders.map((o) => ({
          order_number: o.order_number,
          placed_at: new Date(o.created_at).toISOString(),
          status: o.status,
          discount: o.voucher_discount,
          total: Number(o.total),
        })),
      };
    },

    async create(actor: StaffActor, code: string, input: VoucherInput): Promise<VoucherView> {
      const fields = voucherFields(undefined, input);
      await db.transaction().execute(async (trx) => {
        if (!(await vouchers.insert(code, fields, trx))) {
          throw new AppError('voucher_exists', {
            errors: { code: [`${code} is already a discount code: please choose another.`] },
          });
        }
        await recordAudit(trx, actor, {
          action: 'voucher.create',
          entityType: 'voucher',
          entityId: code,
          after: auditedVoucher(fields),
        });
      });
      deps.offers.invalidate();
      return voucherOf(code);
    },

    async update(actor: StaffActor, code: string, input: VoucherInput): Promise<VoucherView> {
      await db.transaction().execute(async (trx) => {
        if (!(await vouchers.lock(code, trx))) {
          throw new AppError('not_found', { message: 'No discount code has that name.' });
        }
        const current = await vouchers.one(code, trx);
        if (!current) throw new AppError('not_found');
        const fields = voucherFields(current, input);
        await vouchers.update(code, fields, trx);
        await recordAudit(trx, actor, {
          action: 'voucher.update',
          entityType: 'voucher',
          entityId: code,
          before: auditedVoucher(current),
          after: auditedVoucher(fields),
        });
      });
      deps.offers.invalidate();
      return voucherOf(code);
    },

    async promotions(): Promise<PromotionView[]> {
      const at = now();
      return (await promotions.all()).map((row) => promotionView(row, at));
    },

    async promotion(id: number): Promise<PromotionView> {
      const row = await promotions.one(id);
      if (!row) throw new AppError('not_found', { message: 'No promotion has that id.' });
      return promotionView(row, now());
    },

    async updatePromotion(
      actor: StaffActor,
      id: number,
      input: PromotionInput,
    ): Promise<PromotionView> {
      await db.transaction().execute(async (trx) => {
        if (!(await promotions.lock(id, trx))) {
          throw new AppError('not_found', { message: 'No promotion has that id.' });
        }
        const current = await promotions.one(id, trx);
        if (!current) throw new AppError('not_found');
        const errors: FieldErrors = {};
        let giftId = input.gift_product_id ?? current.gift_product_id;
        // The gift by id (the API) or by SKU (the promotion form's field): either is checked.
        const wanted = input.gift_sku ?? input.gift_product_id;
        if (wanted !== undefined) {
          const field = input.gift_sku !== undefined ? 'gift_sku' : 'gift_product_id';
          const gift = await promotions.giftable(wanted, trx);
          if (!gift && field === 'gift_sku') {
            errors[field] = [`No variation has the SKU ${String(wanted)}`];
          } else if (!gift || gift.parent_id === null || gift.is_bundle || gift.discontinued) {
            errors[field] = [
              'Please choose a variation on sale (not a product family, bundle or discontinued one)',
            ];
          } else {
            giftId = gift.id;
          }
        }
        const starts = input.starts_at !== undefined ? input.starts_at : current.starts_at;
        const ends = input.ends_at !== undefined ? input.ends_at : current.ends_at;
        if (starts !== null && ends !== null && new Date(ends) <= new Date(starts)) {
          errors.ends_at = ['Please give an end after the start'];
        }
        if (Object.keys(errors).length > 0) throw validationError(errors);
        const fields: PromotionFields = {
          name: input.name ?? current.name,
          threshold: input.threshold ?? current.threshold,
          gift_product_id: giftId,
          badge: input.badge ?? current.badge,
          starts_at: starts === null ? null : new Date(starts),
          ends_at: ends === null ? null : new Date(ends),
          active: input.active ?? current.active,
        };
        await promotions.update(id, fields, trx);
        await recordAudit(trx, actor, {
          action: 'promotion.update',
          entityType: 'promotion',
          entityId: id,
          before: auditedPromotion(current),
          after: auditedPromotion(fields),
        });
      });
      deps.offers.invalidate();
      return this.promotion(id);
    },
  };
}

export type AdminOffersService = ReturnType<typeof adminOffersService>;
