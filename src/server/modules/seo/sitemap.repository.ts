/**
 * What the sitemap lists, read from the catalogue's tables a batch at a time (ADR 059):
 * the categories (a short list) and the product families' slugs in id order, by keyset,
 * so a catalogue of any size is never held in memory at once.
 */
import type { Db } from '../../db/client.ts';

export interface SitemapRepository {
  /** The categories' slugs, in the shop's order. */
  categorySlugs(): Promise<string[]>;
  /** How many product families there are. */
  familyCount(): Promise<number>;
  /** The id of the family at `offset` (0-based) in id order, or null past the end. */
  familyIdAt(offset: number): Promise<number | null>;
  /** Up to `limit` families from id `fromId` (included), in id order. */
  familiesFrom(fromId: number, limit: number): Promise<{ id: number; slug: string }[]>;
}

export function sitemapRepository(db: Db): SitemapRepository {
  const families = () => db.selectFrom('products').where('parent_id', 'is', null);
  return {
    async categorySlugs() {
      const rows = await db
        .selectFrom('categories')
        .select('slug')
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows.map((row) => row.slug);
    },
    async familyCount() {
      const row = await families()
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async familyIdAt(offset) {
      const row = await families()
        .select('id')
        .orderBy('id')
        .offset(offset)
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },
    async familiesFrom(fromId, limit) {
      return families()
        .select(['id', 'slug'])
        .where('id', '>=', fromId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}
