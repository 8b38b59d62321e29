/**
 * Stock changes made by people (ADR 053): staff adjustments and stock takes from the
 * back office, and the operator's restock from the command line. Each is one
 * conditional statement with its ledger row, and its audit record, in one transaction;
 * stock coming back from none sends the waiting back-in-stock emails (ADR 025).
 */
import { AppError, validationError } from '../../../domain/errors.ts';
import type { StaffStockReason } from '../../../domain/stock.ts';
import { LOW_STOCK_THRESHOLD } from '../../../domain/stock.ts';
import type { StockRowView } from '../../../domain/api/admin-stock.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import type { DispatchCounts } from '../stock-alerts/stock-alert.service.ts';
import { stockLedgerRepository, type StockMoved } from './stock-ledger.repository.ts';
import {
  stockRepository,
  type StockMovementRecord,
  type StockRowRecord,
  type StockTarget,
} from './stock.repository.ts';

/** Largest quantity the restock command adds at once (a typo guard). */
export const MAX_RESTOCK_QUANTITY = 100_000;

/** Most rows one page of the stock list or a ledger holds. */
export const STOCK_PAGE_LIMIT = { default: 50, max: 200 } as const;

export interface RestockResult {
  sku: string;
  name: string;
  before: number;
  after: number;
  alerts: DispatchCounts;
}

export interface StockAdjustment {
  change: number;
  reason: StaffStockReason;
  note: string | null;
}

export interface StockCount {
  counted: number;
  expected: number;
  note: string | null;
}

/** A page of rows and the cursor of the next page. */
export interface StockPage<T> {
  rows: T[];
  nextCursor: string | null;
}

/** The figures staff read, from the stored ones (ADR 053). */
export function stockRowView(row: StockRowRecord): StockRowView {
  const available = row.discontinued ? 0 : row.on_hand;
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    on_hand: row.on_hand,
    held: row.held,
    preordered: row.preordered,
    available,
    low: !row.discontinued && available <= LOW_STOCK_THRESHOLD,
    discontinued: row.discontinued,
    is_preorder: row.is_preorder,
    restock_date: row.restock_date,
  };
}

/** Who made a ledger row, as staff read it. */
export function moverOf(row: Pick<StockMovementRecord, 'staff_name' | 'reason' | 'order_number'>) {
  if (row.staff_name !== null) return row.staff_name;
  if (row.order_number !== null || ['sold', 'released', 'opening'].includes(row.reason)) {
    return 'Shop';
  }
  return 'Command line';
}

const encodeCursor = (value: string) => Buffer.from(value, 'utf8').toString('base64url');

/** A cursor's value, or a 422 naming the cursor. */
function decodeCursor(cursor: string | null): string | null {
  if (cursor === null) return null;
  const value = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!value || encodeCursor(value) !== cursor) {
    throw validationError({ cursor: ['This page link is not valid: start from the first page'] });
  }
  return value;
}

export function stockService(deps: {
  db: Db;
  /** Sends back-in-stock emails now due. */
  alerts: { dispatch(): Promise<DispatchCounts> };
  /** This process's catalogue cache, refreshed after a change. */
  catalogue: { invalidate(): void };
  log: { error(object: object, message: string): void };
}) {
  const { db, log } = deps;
  const ledger = stockLedgerRepository(db);
  const repository = stockRepository(db);

  /** A variation whose stock staff may change, or not_found / a validation error. */
  async function changeable(variationId: number): Promise<StockTarget> {
    const target = await repository.target(variationId);
    if (!target || target.parent_id === null) {
      throw new AppError('not_found', { message: 'No variation has that id.' });
    }
    if (target.is_bundle) {
      throw validationError({
        variation_id: [`${target.sku} is a bundle: its stock follows its parts, so adjust those.`],
      });
    }
    return target;
  }

  /** After a change: fresh pages here, and emails when stock came back from none. */
  async function changed(moved: StockMoved): Promise<DispatchCounts> {
    deps.catalogue.invalidate();
    if (moved.before > 0 || moved.after === 0) return { sent: 0, failed: 0 };
    try {
      return await deps.alerts.dispatch();
    } catch (error) {
      // The change is made; the minute sweep sends what this could not.
      log.error({ err: error }, 'back-in-stock emails after a stock change failed');
      return { sent: 0, failed: 0 };
    }
  }

  async function rowOf(variationId: number): Promise<StockRowView> {
    const row = await repository.row(variationId);
    if (!row) throw new AppError('not_found');
    return stockRowView(row);
  }

  const auditReason = (reason: string, note: string | null) =>
    note ? `${reason}: ${note}` : reason;

  return {
    /** A page of variations' figures by SKU, optionally matching `q` or only low stock. */
    async list(query: {
      q: string | null;
      low: boolean;
      cursor: string | null;
      limit: number;
    }): Promise<StockPage<StockRowView>> {
      const found = await repository.list({
        q: query.q ? query.q.trim().toLowerCase() : null,
        low: query.low,
        threshold: LOW_STOCK_THRESHOLD,
        afterSku: decodeCursor(query.cursor),
        limit: query.limit,
      });
      const rows = found.slice(0, query.limit);
      const last = rows.at(-1);
      return {
        rows: rows.map(stockRowView),
        nextCursor: found.length > query.limit && last ? encodeCursor(last.sku) : null,
      };
    },

    /** A variation's figures and a page of its ledger, newest first. */
    async movements(variationId: number, cursor: string | null, limit: number) {
      const variation = await rowOf(variationId);
      const value = decodeCursor(cursor);
      if (value !== null && !/^\d{1,18}$/.test(value)) {
        throw validationError({
          cursor: ['This page link is not valid: start from the first page'],
        });
      }
      const found = await repository.movements(
        variationId,
        value === null ? null : Number(value),
        limit,
      );
      const rows = found.slice(0, limit);
      const last = rows.at(-1);
      return {
        variation,
        movements: rows.map((row) => ({
          id: row.id,
          at: new Date(row.created_at).toISOString(),
          change: row.change,
          before: row.before,
          after: row.after,
          reason: row.reason,
          note: row.note,
          who: moverOf(row),
          order_number: row.order_number,
        })),
        nextCursor: found.length > limit && last ? encodeCursor(String(last.id)) : null,
      };
    },

    /**
     * Adds or takes away stock relative to the level as it is when the statement runs
     * (never overwriting sales made meanwhile); 409 stock_below_zero rather than below 0.
     */
    async adjust(
      actor: StaffActor,
      variationId: number,
      input: StockAdjustment,
    ): Promise<StockRowView> {
      const target = await changeable(variationId);
      const moved = await db.transaction().execute(async (trx) => {
        const result = await ledger.apply(
          {
            productId: target.id,
            change: input.change,
            reason: input.reason,
            note: input.note,
            staffId: actor.staffId,
          },
          trx,
        );
        if (!result) throw new AppError('stock_below_zero');
        await recordAudit(trx, actor, {
          action: 'stock.adjust',
          entityType: 'variation',
          entityId: target.id,
          before: { sku: target.sku, on_hand: result.before },
          after: { sku: target.sku, on_hand: result.after, change: input.change },
          reason: auditReason(input.reason, input.note),
        });
        return result;
      });
      await changed(moved);
      return rowOf(target.id);
    },

    /**
     * Records a stock take: the level becomes `counted` only if it is still `expected`
     * (what the form showed); 409 stock_changed otherwise.
     */
    async count(actor: StaffActor, variationId: number, input: StockCount): Promise<StockRowView> {
      const target = await changeable(variationId);
      const moved = await db.transaction().execute(async (trx) => {
        const result = await ledger.count(
          {
            productId: target.id,
            counted: input.counted,
            expected: input.expected,
            note: input.note,
            staffId: actor.staffId,
          },
          trx,
        );
        if (!result) throw new AppError('stock_changed');
        await recordAudit(trx, actor, {
          action: 'stock.count',
          entityType: 'variation',
          entityId: target.id,
          before: { sku: target.sku, on_hand: result.before },
          after: { sku: target.sku, on_hand: result.after },
          reason: auditReason('counted', input.note),
        });
        return result;
      });
      await changed(moved);
      return rowOf(target.id);
    },

    /**
     * The operator's restock (npm run restock, the development route): adds stock to one
     * variation by SKU, then sends the back-in-stock emails due.
     */
    async restock(actor: StaffActor, sku: string, quantity: number): Promise<RestockResult> {
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_RESTOCK_QUANTITY) {
        throw validationError({
          quantity: [`Please give a whole number from 1 to ${MAX_RESTOCK_QUANTITY}`],
        });
      }
      const wanted = sku.trim().toUpperCase();
      const row = wanted ? await repository.targetBySku(wanted) : undefined;
      if (!row) throw new AppError('not_found', { message: `No product has the SKU ${sku}.` });
      if (row.parent_id === null) {
        throw validationError({
          sku: [`${row.sku} is a product family: restock one of its variations by its own SKU.`],
        });
      }
      if (row.is_bundle) {
        throw validationError({
          sku: [`${row.sku} is a bundle: its stock follows its parts, so restock those.`],
        });
      }
      const moved = await db.transaction().execute(async (trx) => {
        const result = await ledger.apply(
          { productId: row.id, change: quantity, reason: 'restock', staffId: actor.staffId },
          trx,
        );
        if (!result) throw new AppError('not_found');
        await recordAudit(trx, actor, {
          action: 'stock.restock',
          entityType: 'variation',
          entityId: row.id,
          before: { sku: row.sku, on_hand: result.before },
          after: { sku: row.sku, on_hand: result.after, change: quantity },
          reason: 'restock',
        });
        return result;
      });
      deps.catalogue.invalidate();
      const view = await repository.row(row.id);
      return {
        sku: row.sku,
        name: view?.name ?? row.sku,
        before: moved.before,
        after: moved.after,
        alerts: await deps.alerts.dispatch(),
      };
    },
  };
}

export type StockService = ReturnType<typeof stockService>;
