/**
 * Loads the demo catalogue, delivery zones, vouchers and promotions into an empty
 * database. Does nothing when a catalogue is already there, so restarts keep data.
 * Products get the paths of their pictures; demo-images.ts writes the files.
 */
import { sql } from 'kysely';
import type { Db } from '../client.ts';
import { demoCategories, demoOptions, demoProducts } from './demo-catalogue.ts';
import { demoZones } from './demo-delivery.ts';
import { demoImages } from './demo-images.ts';
import { demoPromotions, demoVouchers } from './demo-offers.ts';
import { slugify, variationSlug } from './slugs.ts';

/** The stored path of a demo product row's picture (files: writeDemoImages). */
function imagePath(slug: string): string {
  const image = demoImages().get(slug);
  if (!image) throw new Error(`No picture for ${slug}`);
  return image.path;
}

/** Loads the demo data unless the catalogue already has categories; true when it loaded. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) return false;

  await db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
    for (const [position, category] of demoCategories.entries()) {
      const row = await trx
        .insertInto('categories')
        .values({ ...category, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(category.slug, row.id);
    }

    const valueIds = new Map<string, number>(); // 'size:120cm' → id
    for (const [position, option] of demoOptions.entries()) {
      const row = await trx
        .insertInto('product_options')
        .values({ slug: option.slug, name: option.name, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [valuePosition, name] of option.values.entries()) {
        const value = await trx
          .insertInto('product_option_values')
          .values({ option_id: row.id, slug: slugify(name), name, position: valuePosition })
          .returning('id')
          .executeTakeFirstOrThrow();
        valueIds.set(`${option.slug}:${name}`, value.id);
      }
    }

    const variationIds = new Map<string, number>(); // sku → id
    const bundles: { id: number; components: { sku: string; quantity: number }[] }[] = [];
    for (const [position, product] of demoProducts.entries()) {
      const categoryId = categoryIds.get(product.category);
      if (categoryId === undefined) throw new Error(`Unknown category ${product.category}`);
      const family = await trx
        .insertInto('products')
        .values({
          parent_id: null,
          slug: product.slug,
          sku: `P-${product.slug.toUpperCase()}`,
          name: product.name,
          description: product.description,
          category_id: categoryId,
          price: Math.min(...product.variations.map((v) => v.price)),
          is_bundle: product.isBundle ?? false,
          image_path: imagePath(product.slug),
          position,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      for (const [variationPosition, variation] of product.variations.entries()) {
        const slug = variationSlug(product.slug, variation.sku);
        const row = await trx
          .insertInto('products')
          .values({
            parent_id: family.id,
            slug,
            sku: variation.sku,
            name: product.name,
            description: product.description,
            category_id: categoryId,
            price: variation.price,
            weight_g: variation.weightG ?? 0,
            length_mm: variation.lengthMm ?? 0,
            height_mm: variation.heightMm ?? 0,
            volume_cm3: variation.volumeCm3 ?? 0,
            quantity_on_hand: variation.quantityOnHand,
            is_preorder: variation.isPreorder ?? false,
            restock_date: variation.restockDate ?? null,
            discontinued: variation.discontinued ?? false,
            is_bundle: product.isBundle ?? false,
            image_path: imagePath(slug),
            position: variationPosition,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        variationIds.set(variation.sku, row.id);
        for (const [optionSlug, valueName] of Object.entries(variation.options ?? {})) {
          const valueId = valueIds.get(`${optionSlug}:${valueName}`);
          if (valueId === undefined) throw new Error(`Unknown option ${optionSlug}:${valueName}`);
          await trx
            .insertInto('product_variation_values')
            .values({ product_id: row.id, option_value_id: valueId })
            .execute();
        }
        if (variation.bundleComponents) {
          bundles.push({ id: row.id, components: variation.bundleComponents });
        }
      }
    }

    // The ledger adds up to the level from the start (ADR 053): one opening movement each.
    await sql`
      INSERT INTO stock_movements (product_id, change, before, after, reason, note)
      SELECT id, quantity_on_hand, 0, quantity_on_hand, 'opening', 'Demo stock'
      FROM products WHERE quantity_on_hand > 0
    `.execute(trx);

    for (const bundle of bundles) {
      for (const component of bundle.components) {
        const componentId = variationIds.get(component.sku);
        if (componentId === undefined) throw new Error(`Unknown component ${component.sku}`);
        await trx
          .insertInto('bundle_components')
          .values({ bundle_id: bundle.id, component_id: componentId, quantity: component.quantity })
          .execute();
      }
    }

    for (const zone of demoZones) {
      await trx
        .insertInto('delivery_zones')
        .values({ id: zone.id, name: zone.name, tax_exempt: zone.taxExempt })
        .execute();
      await trx
        .insertInto('delivery_zone_rules')
        .values(
          zone.rules.map((rule) => ({
            zone_id: zone.id,
            country_code: rule.countryCode,
            postcode_pattern: rule.postcodePattern,
            priority: rule.priority,
          })),
        )
        .execute();
      await trx
        .insertInto('delivery_options')
        .values(
          zone.options.map((option, position) => ({
            id: option.id,
            zone_id: zone.id,
            name: option.name,
            description: option.description,
            price: option.price,
            free_over: option.freeOver,
            min_days: option.minDays,
            max_days: option.maxDays,
            cutoff_hour: option.cutoffHour,
            delivery_weekday: option.deliveryWeekday,
            position,
          })),
        )
        .execute();
    }

    await trx
      .insertInto('vouchers')
      .values(
        demoVouchers.map((voucher) => ({
          code: voucher.code,
          description: voucher.description,
          kind: voucher.kind,
          value: voucher.value,
          min_spend: voucher.minSpend,
          expires_at: voucher.expiresAt,
        })),
      )
      .execute();

    for (const promotion of demoPromotions) {
      const giftId = variationIds.get(promotion.giftSku);
      if (giftId === undefined) throw new Error(`Unknown gift ${promotion.giftSku}`);
      await trx
        .insertInto('promotions')
        .values({
          name: promotion.name,
          kind: 'free_gift',
          threshold: promotion.threshold,
          gift_product_id: giftId,
          badge: promotion.badge,
        })
        .execute();
    }
  });
  return true;
}
