/**
 * npm run catalogue:generate: a realistic generated catalogue, the same for the same
 * count and seed, written in bulk with the stock ledger's opening rows (ADR 053).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { parseGenerateArgs } from './catalogue-generate.ts';
import { generateCatalogue, writeGeneratedCatalogue } from './generated-catalogue.ts';

describe('the generated catalogue', () => {
  it('is the same for the same count and seed, and another for another seed', () => {
    expect(generateCatalogue(120)).toEqual(generateCatalogue(120));
    expect(generateCatalogue(120, 7)).not.toEqual(generateCatalogue(120));
  });

  it('has about three variations a family, unique slugs and SKUs, and every kind of product', () => {
    const families = generateCatalogue(400);
    const variations = families.flatMap((f) => f.variations);
    expect(variations.length / families.length).toBeGreaterThan(2.5);
    expect(variations.length / families.length).toBeLessThan(3.5);
    const skus = [...families.map((f) => f.sku), ...variations.map((v) => v.sku)];
    expect(new Set(skus).size).toBe(skus.length);
    expect(new Set(families.map((f) => f.slug)).size).toBe(families.length);
    expect(families.filter((f) => f.isBundle).length).toBe(10);
    expect(variations.some((v) => v.isPreorder && v.restockDate && v.quantityOnHand === 0)).toBe(
      true,
    );
    expect(variations.some((v) => v.discontinued)).toBe(true);
    expect(variations.some((v) => v.options.size && v.options.pot)).toBe(true);
    expect(variations.some((v) => v.options.colour)).toBe(true);
    expect(families.some((f) => /\([A-Z][a-z]+ [a-z-]+\)/.test(f.description))).toBe(true);
  });

  it('reads its arguments', () => {
    expect(parseGenerateArgs(['20000'])).toEqual({ families: 20_000, seed: 21 });
    expect(parseGenerateArgs(['50', '--seed', '3'])).toEqual({ families: 50, seed: 3 });
    for (const bad of [[], ['0'], ['-5'], ['lots'], ['10', '--seed'], ['999999999']]) {
      expect(parseGenerateArgs(bad)).toHaveProperty('error');
    }
  });
});

describe('writing the generated catalogue', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('adds the families, their options, bundles and opening stock, once', async () => {
    const { db } = database;
    const families = generateCatalogue(80);
    const before = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const result = await writeGeneratedCatalogue(db, families);
    const variations = families.reduce((sum, f) => sum + f.variations.length, 0);
    expect(result).toMatchObject({ families: 80, variations });
    const after = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(80 + variations);

    const optionRows = await db
      .selectFrom('product_variation_values as pvv')
      .innerJoin('products as p', 'p.id', 'pvv.product_id')
      .where('p.sku', 'like', '%-0000%')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(optionRows.n)).toBe(
      families.flatMap((f) => f.variations).reduce((n, v) => n + Object.keys(v.options).length, 0),
    );
    const bundleParts = await db
      .selectFrom('bundle_components')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(bundleParts.n)).toBeGreaterThanOrEqual(4);

    // Every variation's ledger adds up to its stock.
    const mismatched = await db
      .selectFrom('products as p')
      .leftJoin('stock_movements as m', 'm.product_id', 'p.id')
      .where('p.parent_id', 'is not', null)
      .groupBy(['p.id', 'p.quantity_on_hand'])
      .having((eb) =>
        eb(
          eb.fn.coalesce(eb.fn.sum<number>('m.change'), eb.lit(0)),
          '!=',
          eb.ref('p.quantity_on_hand'),
        ),
      )
      .select('p.id')
      .execute();
    expect(mismatched).toEqual([]);

    await expect(writeGeneratedCatalogue(db, families)).rejects.toThrow(/already holds/);
  });
});
