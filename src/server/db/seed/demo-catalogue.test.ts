import { describe, it, expect } from 'vitest';
import { demoCategories, demoOptions, demoProducts } from './demo-catalogue.ts';
import { demoImages } from './demo-images.ts';
import { renderProductImage } from './product-image.ts';
import type { DemoProduct, DemoVariation } from './demo-types.ts';

const allVariations = demoProducts.flatMap((p) => p.variations);

function product(slug: string): DemoProduct {
  const found = demoProducts.find((p) => p.slug === slug);
  if (!found) throw new Error(`missing product ${slug}`);
  return found;
}

function variation(sku: string): DemoVariation {
  const found = allVariations.find((v) => v.sku === sku);
  if (!found) throw new Error(`missing variation ${sku}`);
  return found;
}

describe('demo catalogue', () => {
  it('has unique slugs and SKUs', () => {
    const slugs = [...demoProducts.map((p) => p.slug), ...demoCategories.map((c) => `c:${c.slug}`)];
    expect(new Set(slugs).size).toBe(slugs.length);
    const skus = allVariations.map((v) => v.sku);
    expect(new Set(skus).size).toBe(skus.length);
    for (const sku of skus) expect(sku).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
    for (const p of demoProducts) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('has enough products spread over the categories', () => {
    expect(demoCategories.length).toBeGreaterThanOrEqual(6);
    expect(demoProducts.length).toBeGreaterThanOrEqual(30);
    expect(new Set(demoProducts.map((p) => p.category)).size).toBeGreaterThanOrEqual(5);
  });

  it('puts every product in a declared category', () => {
    const categories = new Set(demoCategories.map((c) => c.slug));
    for (const p of demoProducts) expect(categories, p.slug).toContain(p.category);
  });

  it('only uses declared option values, one combination per variation', () => {
    const options = new Map(demoOptions.map((o) => [o.slug, new Set(o.values)]));
    for (const o of demoOptions) expect(new Set(o.values).size).toBe(o.values.length);
    for (const p of demoProducts) {
      expect(p.variations.length, p.slug).toBeGreaterThan(0);
      const keys = new Set<string>();
      for (const v of p.variations) {
        for (const [option, value] of Object.entries(v.options ?? {})) {
          expect(options.get(option), `${v.sku} option ${option}`).toBeDefined();
          expect(options.get(option), `${v.sku} value ${value}`).toContain(value);
        }
        keys.add(JSON.stringify(Object.entries(v.options ?? {}).sort()));
      }
      expect(keys.size, `${p.slug} has duplicate option combinations`).toBe(p.variations.length);
    }
  });

  it('has valid prices, stock and dimensions', () => {
    for (const v of allVariations) {
      expect(Number.isInteger(v.price) && v.price > 0, v.sku).toBe(true);
      expect(Number.isInteger(v.quantityOnHand) && v.quantityOnHand >= 0, v.sku).toBe(true);
      for (const n of [v.weightG, v.lengthMm, v.heightMm, v.volumeCm3]) {
        expect(Number.isInteger(n) && (n ?? 0) > 0, v.sku).toBe(true);
      }
      if (v.restockDate) expect(v.restockDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    for (const p of demoProducts) expect(p.imageColour).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('has bundles made of existing, non-bundle variations', () => {
    const bundleSkus = new Set(
      demoProducts.filter((p) => p.isBundle).flatMap((p) => p.variations.map((v) => v.sku)),
    );
    for (const v of allVariations) {
      for (const c of v.bundleComponents ?? []) {
        expect(bundleSkus.has(v.sku), v.sku).toBe(true);
        expect(() => variation(c.sku)).not.toThrow();
        expect(bundleSkus.has(c.sku)).toBe(false);
        expect(Number.isInteger(c.quantity) && c.quantity > 0).toBe(true);
      }
    }
  });

  it('contains the products that tests and docs rely on', () => {
    const olive = product('artificial-olive-tree');
    expect(olive).toMatchObject({ name: 'Artificial Olive Tree', category: 'trees' });
    expect(olive.variations).toHaveLength(6);
    const combos = olive.variations.map((v) => `${v.options?.size}/${v.options?.pot}`).sort();
    expect(combos).toEqual(
      ['90cm', '120cm', '150cm'].flatMap((s) => [`${s}/Black pot`, `${s}/Grey pot`]).sort(),
    );
    expect(variation('OLV-120-GRY')).toMatchObject({
      price: 7999,
      quantityOnHand: 14,
      options: { size: '120cm', pot: 'Grey pot' },
    });

    expect(product('artificial-fiddle-leaf-fig').variations.map((v) => v.sku)).toEqual([
      'FIG-90',
      'FIG-120',
      'FIG-150',
    ]);
    expect(variation('FIG-90')).toMatchObject({ price: 5999, options: { size: '90cm' } });
    expect(variation('FIG-120')).toMatchObject({ price: 8999, options: { size: '120cm' } });
    expect(variation('FIG-150')).toMatchObject({
      price: 12999,
      discontinued: true,
      quantityOnHand: 0,
      options: { size: '150cm' },
    });

    expect(product('artificial-wisteria-arch')).toMatchObject({
      name: 'Artificial Wisteria Arch',
      category: 'flowers',
      variations: [
        {
          sku: 'WIS-ARCH',
          price: 14999,
          quantityOnHand: 0,
          isPreorder: true,
          restockDate: '2027-01-15',
        },
      ],
    });
    expect(product('artificial-japanese-maple')).toMatchObject({
      name: 'Artificial Japanese Maple',
      category: 'trees',
      variations: [
        { sku: 'MAPLE-150', price: 18999, quantityOnHand: 2, isPreorder: true, restockDate: null },
      ],
    });
    expect(product('artificial-bird-of-paradise')).toMatchObject({
      name: 'Artificial Bird of Paradise',
      variations: [{ sku: 'BOP-150', price: 11999, quantityOnHand: 5 }],
    });
    expect(product('mini-succulent-pot')).toMatchObject({
      name: 'Mini Succulent in Pot',
      category: 'succulents-cacti',
      variations: [{ sku: 'GIFT-SUCC', price: 699, quantityOnHand: 500 }],
    });

    const peony = product('faux-peony-stem');
    expect(peony).toMatchObject({ name: 'Faux Peony Stem', category: 'flowers' });
    expect(peony.variations).toHaveLength(3);
    for (const [sku, colour] of [
      ['PEONY-PNK', 'Blush pink'],
      ['PEONY-WHT', 'White'],
      ['PEONY-RED', 'Deep red'],
    ] as const) {
      const v = variation(sku);
      expect(v).toMatchObject({ price: 699, options: { colour } });
      expect(v.imageColour).toMatch(/^#[0-9a-f]{6}$/i);
    }
    expect(new Set(peony.variations.map((v) => v.imageColour)).size).toBe(3);

    expect(product('artificial-boston-fern')).toMatchObject({
      category: 'house-plants',
      variations: [{ sku: 'FERN-BOS', price: 3499, quantityOnHand: 60 }],
    });
    expect(product('faux-eucalyptus-spray')).toMatchObject({
      category: 'flowers',
      variations: [{ sku: 'EUC-SPRAY', price: 899, quantityOnHand: 120 }],
    });
    expect(product('living-room-trio-bundle')).toMatchObject({
      name: 'Living Room Trio Bundle',
      category: 'house-plants',
      isBundle: true,
      variations: [
        {
          sku: 'BUNDLE-TRIO',
          price: 5999,
          quantityOnHand: 0,
          bundleComponents: [
            { sku: 'FERN-BOS', quantity: 1 },
            { sku: 'EUC-SPRAY', quantity: 2 },
            { sku: 'PEONY-PNK', quantity: 3 },
          ],
        },
      ],
    });
  });

  it('gives every product and variation its own picture, named by its content', () => {
    const images = demoImages();
    expect(images.size).toBe(demoProducts.length + allVariations.length);
    const paths = [...images.values()].map((i) => i.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [slug, image] of images) {
      expect(image.path).toMatch(new RegExp(`^products/${slug}\\.[0-9a-f]{10}\\.svg$`));
    }
    const fern = product('artificial-boston-fern');
    expect(images.get('artificial-boston-fern')?.svg).toBe(
      renderProductImage({ style: fern.imageStyle, colour: fern.imageColour, title: fern.name }),
    );
    expect(images.get('artificial-olive-tree-olv-120-gry')?.svg).toContain(
      '<title>Artificial Olive Tree — 120cm, Grey pot</title>',
    );
  });
});
