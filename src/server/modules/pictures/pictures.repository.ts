/**
 * The only code that writes product pictures' rows (ADR 063). Changes to one family's
 * pictures take turns on the family's row (SELECT … FOR UPDATE), so positions stay
 * 0, 1, 2… however requests race.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export interface PictureRecord {
  id: number;
  product_id: number;
  position: number;
  alt: string;
  hash: string;
  width: number;
  height: number;
  source_type: string;
  bytes: number;
  widths: number[];
  created_at: Date | string;
}

export interface FamilyRecord {
  id: number;
  name: string;
  slug: string;
}

const COLUMNS = [
  'id',
  'product_id',
  'position',
  'alt',
  'hash',
  'width',
  'height',
  'source_type',
  'bytes',
  'widths',
  'created_at',
] as const;

export function picturesRepository(db: Db) {
  return {
    /** The product family with this id (not a variation); `lock` in a transaction. */
    async family(id: number, lock = false): Promise<FamilyRecord | undefined> {
      let query = db
        .selectFrom('products')
        .select(['id', 'name', 'slug'])
        .where('id', '=', id)
        .where('parent_id', 'is', null);
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** A family's pictures, in order (not those removed). */
    async list(productId: number): Promise<PictureRecord[]> {
      return db
        .selectFrom('product_pictures')
        .select(COLUMNS)
        .where('product_id', '=', productId)
        .where('removed_at', 'is', null)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /** A removed picture of this family, to put back. */
    async removed(productId: number, id: number): Promise<PictureRecord | undefined> {
      return db
        .selectFrom('product_pictures')
        .select(COLUMNS)
        .where('product_id', '=', productId)
        .where('id', '=', id)
        .where('removed_at', 'is not', null)
        .executeTakeFirst();
    },

    /** Back in the list (its position is set by the caller's renumbering). */
    async putBack(id: number): Promise<void> {
      await db
        .updateTable('product_pictures')
        .set({ removed_at: null })
        .where('id', '=', id)
        .execute();
    },

    async insert(row: {
      product_id: number;
      position: number;
      alt: string;
      hash: string;
      width: number;
      height: number;
      source_type: string;
      bytes: number;
      widths: number[];
      staff_id: number | null;
    }): Promise<PictureRecord> {
      return db
        .insertInto('product_pictures')
        .values(row)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async setAlt(id: number, alt: string): Promise<PictureRecord> {
      return db
        .updateTable('product_pictures')
        .set({ alt })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async setPosition(id: number, position: number): Promise<void> {
      await db.updateTable('product_pictures').set({ position }).where('id', '=', id).execute();
    },

    /** Out of the list; the row (and its position) stays, to be put back. */
    async remove(id: number): Promise<void> {
      await db
        .updateTable('product_pictures')
        .set({ removed_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },
  };
}
