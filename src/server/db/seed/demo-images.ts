/**
 * The demo catalogue's product pictures as files: one SVG per product row (family and
 * variation), named by its content so a name never changes meaning and browsers may cache it
 * for good (ADR 014). seed.ts stores each row's path; writeDemoImages draws the files into
 * the media folder the shop serves.
 */
import { createHash } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Db } from '../client.ts';
import { demoOptions, demoProducts } from './demo-catalogue.ts';
import { renderProductImage } from './product-image.ts';
import { variationSlug } from './slugs.ts';

export interface DemoImage {
  /** Path under the media folder, e.g. 'products/artificial-olive-tree.3f9a1c2e.svg'. */
  path: string;
  svg: string;
}

let images: Map<string, DemoImage> | undefined;

/** Every demo product row's picture, by the row's slug. Drawn once per process. */
export function demoImages(): ReadonlyMap<string, DemoImage> {
  if (images) return images;
  images = new Map();
  const optionOrder = demoOptions.map((o) => o.slug);
  const add = (slug: string, picture: Parameters<typeof renderProductImage>[0]) => {
    const svg = renderProductImage(picture);
    const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
    images?.set(slug, { path: `products/${slug}.${hash}.svg`, svg });
  };
  for (const product of demoProducts) {
    add(product.slug, {
      style: product.imageStyle,
      colour: product.imageColour,
      title: product.name,
    });
    for (const variation of product.variations) {
      // The same words the shop shows: 'Artificial Olive Tree — 120cm, Grey pot'.
      const options = Object.entries(variation.options ?? {})
        .sort(([a], [b]) => optionOrder.indexOf(a) - optionOrder.indexOf(b))
        .map(([, value]) => value)
        .join(', ');
      add(variationSlug(product.slug, variation.sku), {
        style: product.imageStyle,
        colour: variation.imageColour ?? product.imageColour,
        title: options ? `${product.name} — ${options}` : product.name,
      });
    }
  }
  return images;
}

/**
 * Writes the picture of every demo product in the database to its stored path under
 * `mediaDir`, unless a file is already there (a path's content never changes). Rows that
 * are not demo products are left alone. Returns how many files it wrote.
 */
export async function writeDemoImages(db: Db, mediaDir: string): Promise<number> {
  const root = resolve(mediaDir);
  const rows = await db.selectFrom('products').select(['slug', 'image_path']).execute();
  let written = 0;
  for (const row of rows) {
    const image = demoImages().get(row.slug);
    const target = resolve(root, row.image_path);
    if (!image || !target.startsWith(root + sep)) continue;
    if (await exists(target)) continue;
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, image.svg);
    written++;
  }
  return written;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
