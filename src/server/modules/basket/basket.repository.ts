/**
 * The code that reads and writes baskets and their items. Placing an order also locks
 * and reads the basket, and marks it ordered, in the order's own statements
 * (order.repository.ts, ADR 019).
 */
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { sql, type CompiledQuery, type Compilable, type Transaction } from 'kysely';
import { AppError } from '../../../domain/errors.ts';
import type { Db } from '../../db/client.ts';
import type { Database, StoredAddress } from '../../db/schema.ts';

export interface BasketItemRecord {
  id: number;
  product_id: number;
  quantity: number;
  related_item_id: number | null;
}

export interface BasketRecord {
  id: string;
  /** Bumped by every write: tells whether a cached view of the basket is current. */
  version: number;
  /** The customer it belongs to, or null for a guest's basket. */
  user_id: number | null;
  email_address: string | null;
  delivery_address: StoredAddress | null;
  billing_address: StoredAddress | null;
  delivery_option_id: string | null;
  delivery_safe_place: string | null;
  delivery_safe_place_option: string | null;
  delivery_safe_place_option_note: string | null;
  voucher_code: string | null;
  use_loyalty_points: boolean;
  /** Spend the customer's store credit (ADR 052). */
  use_credit: boolean;
  items: BasketItemRecord[];
}

/** Fields of a basket a shopper can change. */
export interface BasketChanges {
  email_address?: string | null;
  delivery_address?: StoredAddress | null;
  billing_address?: StoredAddress | null;
  delivery_option_id?: string | null;
  delivery_safe_place?: string | null;
  delivery_safe_place_option?: string | null;
  delivery_safe_place_option_note?: string | null;
  voucher_code?: string | null;
  use_loyalty_points?: boolean;
  use_credit?: boolean;
}

/** The basket's own columns, as BasketRecord has them (items aside). */
const BASKET_COLUMNS = [
  'id',
  'version',
  'user_id',
  'email_address',
  'delivery_address',
  'billing_address',
  'delivery_option_id',
  'delivery_safe_place',
  'delivery_safe_place_option',
  'delivery_safe_place_option_note',
  'voucher_code',
  'use_loyalty_points',
  'use_credit',
] as const;

/**
 * What every write to a basket sets on its row: the version tells cached views they are
 * stale (ADR 005). Migration 007's trigger bumps it too, should a write forget.
 */
const BUMP = { updated_at: sql<string>`now()`, version: sql<number>`version + 1` };

const json = (value: StoredAddress | null | undefined) =>
  value === undefined ? undefined : value === null ? null : JSON.stringify(value);

/**
 * Runs a write to a basket, answering migration 017's refusal (the basket's order is
 * being paid for: SQLSTATE 55006, hint basket_order_in_progress) as the catalogue's
 * error. The refused statement changed nothing.
 */
async function whileNotPaying<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const { code, hint } = (error ?? {}) as { code?: unknown; hint?: unknown };
    if (code === '55006' && hint === 'basket_order_in_progress') {
      throw new AppError('basket_order_in_progress');
    }
    throw error;
  }
}

/** Stands for the basket id in queries compiled once (a value no basket id can be). */
const ID_MARKER = '\u0000basket-id';

/**
 * A query built and compiled on first use only (the hottest reads run on every request);
 * each run substitutes the basket id for the marker it was compiled with.
 */
function compiledOnce<R>(build: (id: string) => Compilable<R>) {
  let compiled: CompiledQuery<R> | undefined;
  return (id: string): CompiledQuery<R> => {
    compiled ??= build(ID_MARKER).compile();
    return {
      ...compiled,
      parameters: compiled.parameters.map((value) => (value === ID_MARKER ? id : value)),
    };
  };
}

export function basketRepository(db: Db | Transaction<Database>): BasketRepository {
  const findOpenQuery = compiledOnce((id) =>
    db
      .selectFrom('baskets')
      .select((eb) => [
        ...BASKET_COLUMNS,
        jsonArrayFrom(
          eb
            .selectFrom('basket_items as i')
            .select(['i.id', 'i.product_id', 'i.quantity', 'i.related_item_id'])
            .whereRef('i.basket_id', '=', 'baskets.id')
            .orderBy('i.id'),
        ).as('items'),
      ])
      .where('id', '=', id)
      .where('status', '=', 'open'),
  );
  const versionQuery = compiledOnce((id) =>
    db
      .selectFrom('baskets')
      .select(['version', 'user_id'])
      .where('id', '=', id)
      .where('status', '=', 'open'),
  );

  return {
    /** An open basket with its items (one round trip), or undefined. */
    async findOpen(id: string): Promise<BasketRecord | undefined> {
      return (await db.executeQuery(findOpenQuery(id))).rows[0];
    },

    /** An open basket's version and owner, or undefined when there is none. */
    async versionOf(id: string): Promise<{ version: number; user_id: number | null } | undefined> {
      return (await db.executeQuery(versionQuery(id))).rows[0];
    },

    /** The id of a customer's most recently changed open basket. */
    async latestOpenOf(userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('baskets')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'open')
        .orderBy('updated_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /** Creates an open basket, and returns it (empty). */
    async create(id: string, userId: number | null = null): Promise<BasketRecord> {
      const basket = await db
        .insertInto('baskets')
        .values({ id, user_id: userId })
        .returning(BASKET_COLUMNS)
        .executeTakeFirstOrThrow();
      return { ...basket, items: [] };
    },

    /** Creates an open basket holding one line (one statement: one commit), and returns it. */
    async createWithLine(
      id: string,
      userId: number | null,
      item: { product_id: number; quantity: number; related_item_id: null },
    ): Promise<BasketRecord> {
      const row = await db
        .with('basket', (cte) =>
          cte.insertInto('baskets').values({ id, user_id: userId }).returning(BASKET_COLUMNS),
        )
        .with('line', (cte) =>
          cte
            .insertInto('basket_items')
            .values({ basket_id: id, ...item })
            .returning(['id', 'product_id', 'quantity', 'related_item_id']),
        )
        .selectFrom(['basket', 'line'])
        .selectAll('basket')
        .select(['line.id as line_id', 'line.product_id', 'line.quantity', 'line.related_item_id'])
        .executeTakeFirstOrThrow();
      const { line_id, product_id, quantity, related_item_id, ...basket } = row;
      return { ...basket, items: [{ id: line_id, product_id, quantity, related_item_id }] };
    },

    /** Records a link to a basket, valid until `expiresAt`. */
    async createLink(id: string, basketId: string, expiresAt: Date): Promise<void> {
      await db
        .insertInto('basket_shares')
        .values({ id, basket_id: basketId, expires_at: expiresAt.toISOString() })
        .execute();
    },

    /** The basket a live link points at. */
    async basketOfLink(id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('basket_shares')
        .select('basket_id')
        .where('id', '=', id)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row?.basket_id;
    },

    /** Any basket with its items, open or not (links copy from ordered baskets too). */
    async findAny(
      id: string,
    ): Promise<Pick<BasketRecord, 'id' | 'items' | 'voucher_code'> | undefined> {
      return db
        .selectFrom('baskets as b')
        .select((eb) => [
          'b.id',
          'b.voucher_code',
          jsonArrayFrom(
            eb
              .selectFrom('basket_items as i')
              .select(['i.id', 'i.product_id', 'i.quantity', 'i.related_item_id'])
              .whereRef('i.basket_id', '=', 'b.id')
              .orderBy('i.id'),
          ).as('items'),
        ])
        .where('b.id', '=', id)
        .executeTakeFirst();
    },

    /** Closes a basket whose items were merged into another. */
    async markMerged(id: string): Promise<void> {
      await whileNotPaying(
        db
          .updateTable('baskets')
          .set({ status: 'merged', ...BUMP })
          .where('id', '=', id)
          .execute(),
      );
    },

    /** Changes the basket's own fields; answers its columns after the change. */
    async update(
      id: string,
      changes: BasketChanges,
    ): Promise<Omit<BasketRecord, 'items'> | undefined> {
      const { delivery_address, billing_address, ...rest } = changes;
      const values = {
        ...rest,
        ...(delivery_address === undefined ? {} : { delivery_address: json(delivery_address) }),
        ...(billing_address === undefined ? {} : { billing_address: json(billing_address) }),
        ...BUMP,
      };
      return whileNotPaying(
        db
          .updateTable('baskets')
          .set(values)
          .where('id', '=', id)
          .returning(BASKET_COLUMNS)
          .executeTakeFirst(),
      );
    },

    /**
     * Adds to the basket's line for this product (creating it), in one statement that
     * also bumps the basket: concurrent adds all count. With a `limit`, the add is
     * refused when the line would then hold more (so concurrent adds together never
     * pass it; `item.quantity` must not itself exceed it). Returns the line as it now
     * is and the basket's new version, or null when the add was refused.
     */
    async addToLine(
      basketId: string,
      item: { product_id: number; quantity: number; related_item_id: number | null },
      limit?: number,
    ): Promise<LineWrite | null> {
      const row = await whileNotPaying(
        db
          .with('line', (cte) =>
            cte
              .insertInto('basket_items')
              .values({ basket_id: basketId, ...item })
              .onConflict((conflict) =>
                conflict
                  .columns(['basket_id', 'product_id', 'related_item_id'])
                  .doUpdateSet((eb) => ({
                    quantity: eb('basket_items.quantity', '+', eb.ref('excluded.quantity')),
                  }))
                  .where((eb) =>
                    limit === undefined
                      ? sql<boolean>`true`
                      : eb(
                          eb('basket_items.quantity', '+', eb.ref('excluded.quantity')),
                          '<=',
                          limit,
                        ),
                  ),
              )
              .returning(['id', 'product_id', 'quantity', 'related_item_id']),
          )
          .with('touched', (cte) =>
            cte
              .updateTable('baskets')
              .set(BUMP)
              .where('id', '=', basketId)
              .where((eb) => eb.exists(eb.selectFrom('line').select('quantity')))
              .returning('version'),
          )
          .selectFrom(['line', 'touched'])
          .select([
            'line.id',
            'line.product_id',
            'line.quantity',
            'line.related_item_id',
            'touched.version',
          ])
          .executeTakeFirst(),
      );
      if (!row) return null;
      const { version, ...line } = row;
      return { line, version };
    },

    /** Runs `work` in one transaction, with a repository bound to it. */
    async transaction<T>(work: (repository: BasketRepository) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(basketRepository(trx)));
    },

    /** Sets a line's quantity, bumping the basket in the same statement (its new version). */
    async setQuantity(
      basketId: string,
      itemId: number,
      quantity: number,
    ): Promise<number | undefined> {
      const row = await whileNotPaying(
        db
          .with('line', (cte) =>
            cte
              .updateTable('basket_items')
              .set({ quantity })
              .where('basket_id', '=', basketId)
              .where('id', '=', itemId)
              .returning('id'),
          )
          .updateTable('baskets')
          .set(BUMP)
          .where('id', '=', basketId)
          .where((eb) => eb.exists(eb.selectFrom('line').select('id')))
          .returning('version')
          .executeTakeFirst(),
      );
      return row?.version;
    },

    /**
     * Removes an item (and items added in relation to it), bumping the basket in the
     * same statement; false when it is not in this basket.
     */
    async removeItem(basketId: string, itemId: number): Promise<boolean> {
      const row = await whileNotPaying(
        db
          .with('gone', (cte) =>
            cte
              .deleteFrom('basket_items')
              .where('basket_id', '=', basketId)
              .where('id', '=', itemId)
              .returning('id'),
          )
          .with('touched', (cte) =>
            cte
              .updateTable('baskets')
              .set(BUMP)
              .where('id', '=', basketId)
              .where((eb) => eb.exists(eb.selectFrom('gone').select('id'))),
          )
          .selectFrom('gone')
          .select('id')
          .executeTakeFirst(),
      );
      return row !== undefined;
    },
  };
}

/** A line as an add left it, and the basket's version after the add. */
export interface LineWrite {
  line: BasketItemRecord;
  version: number;
}

export interface BasketRepository {
  findOpen(id: string): Promise<BasketRecord | undefined>;
  versionOf(id: string): Promise<{ version: number; user_id: number | null } | undefined>;
  latestOpenOf(userId: number): Promise<string | undefined>;
  create(id: string, userId?: number | null): Promise<BasketRecord>;
  createWithLine(
    id: string,
    userId: number | null,
    item: { product_id: number; quantity: number; related_item_id: null },
  ): Promise<BasketRecord>;
  markMerged(id: string): Promise<void>;
  createLink(id: string, basketId: string, expiresAt: Date): Promise<void>;
  basketOfLink(id: string): Promise<string | undefined>;
  findAny(id: string): Promise<Pick<BasketRecord, 'id' | 'items' | 'voucher_code'> | undefined>;
  update(id: string, changes: BasketChanges): Promise<Omit<BasketRecord, 'items'> | undefined>;
  addToLine(
    basketId: string,
    item: { product_id: number; quantity: number; related_item_id: number | null },
    limit?: number,
  ): Promise<LineWrite | null>;
  transaction<T>(work: (repository: BasketRepository) => Promise<T>): Promise<T>;
  setQuantity(basketId: string, itemId: number, quantity: number): Promise<number | undefined>;
  removeItem(basketId: string, itemId: number): Promise<boolean>;
}
