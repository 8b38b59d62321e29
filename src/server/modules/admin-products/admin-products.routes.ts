/**
 * The back office's products (issue 22, ADR 062): the list, one family, creating a family
 * with its variations, and changing a family or one variation. Every route needs
 * `products.manage`; the service writes each change and its audit record in one
 * transaction.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminProductListSchema,
  adminProductSchema,
  hasMarkup,
  MARKUP_MESSAGE,
  MAX_PRICE,
  TAX_CODES,
} from '../../../domain/api/admin-products.ts';
import { data, familySchema } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { MAX_STOCK_LEVEL } from '../../../domain/stock.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import { PRODUCT_PAGE_LIMIT, type AdminProductsService } from './admin-products.service.ts';

const MAX_VARIATIONS = 50;

const plain = (max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, `Please keep this to ${max} characters or fewer`)
    .refine((value) => !hasMarkup(value), MARKUP_MESSAGE);

const name = plain(120, 'Please give the product a name');
const slug = z
  .string({ error: 'Please give the web address, e.g. artificial-olive-tree' })
  .trim()
  .toLowerCase()
  .min(1, 'Please give the web address, e.g. artificial-olive-tree')
  .max(100, 'Please keep the web address to 100 characters or fewer')
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*$/,
    'Please use lower-case letters, digits and single hyphens, e.g. artificial-olive-tree',
  );
const category = z
  .string({ error: 'Please choose a category' })
  .trim()
  .min(1, 'Please choose a category')
  .max(100, 'Please choose a category');
const description = z
  .string({ error: 'Please write the description as text' })
  .trim()
  .max(5000, 'Please keep the description to 5000 characters or fewer')
  .refine((value) => !hasMarkup(value), MARKUP_MESSAGE);
const sku = z
  .string({ error: 'Please give a SKU, e.g. OLV-120-GRY' })
  .trim()
  .toUpperCase()
  .regex(
    /^[A-Z0-9]([A-Z0-9-]{0,38}[A-Z0-9])?$/,
    'Please use 1 to 40 letters, digits and hyphens, e.g. OLV-120-GRY',
  );
const price = z
  .number({ error: 'Please give the price in pence, including VAT' })
  .int('Please give the price in whole pence, including VAT')
  .min(0, 'Please give a price of 0 or more, in pence')
  .max(MAX_PRICE, `Please give a price up to ${MAX_PRICE} pence`);
const optionText = plain(40, 'Please give the option and its value, e.g. Size: 60cm');
const options = z
  .record(optionText, optionText, { error: 'Please give the options as { "Size": "60cm" }' })
  .refine((value) => Object.keys(value).length <= 3, 'Please give at most 3 options');
const stock = z
  .number({ error: 'Please give the stock as a whole number' })
  .int('Please give the stock as a whole number')
  .min(0, 'Please give a stock level of 0 or more')
  .max(MAX_STOCK_LEVEL, `Please give a stock level up to ${MAX_STOCK_LEVEL}`);
const tax = z.enum(TAX_CODES, { error: `Please choose the VAT: ${TAX_CODES.join(', ')}` });
const restockDate = z
  .string({ error: 'Please give the date as yyyy-mm-dd' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please give the date as yyyy-mm-dd')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Please give a real date')
  .nullable();
const flag = (what: string) => z.boolean({ error: `Please give true or false for ${what}` });
const components = z
  .array(
    z.object({
      sku,
      quantity: z
        .number({ error: 'Please give how many' })
        .int('Please give a whole number')
        .min(1, 'Please give 1 or more')
        .max(99, 'Please give 99 or fewer'),
    }),
    { error: 'Please list the bundle’s parts' },
  )
  .max(20, 'Please give at most 20 parts');

const variationFields = {
  sku,
  price,
  options,
  stock,
  tax,
  preorder: flag('pre-order'),
  restock_date: restockDate,
  discontinued: flag('discontinued'),
  components,
};

const newVariation = z.object({
  sku: variationFields.sku,
  price: variationFields.price,
  options: options.optional(),
  stock: stock.optional(),
  tax: tax.optional(),
  preorder: variationFields.preorder.optional(),
  restock_date: restockDate.optional(),
  discontinued: variationFields.discontinued.optional(),
  components: components.optional(),
});

const createBody = z.object({
  name,
  slug,
  category,
  description: description.optional().default(''),
  variations: z
    .array(newVariation, { error: 'Please give at least one variation' })
    .min(1, 'Please give at least one variation')
    .max(MAX_VARIATIONS, `Please give at most ${MAX_VARIATIONS} variations`),
});

const variationPatch = z.object({
  sku: sku.optional(),
  price: price.optional(),
  options: options.optional(),
  stock: stock.optional(),
  tax: tax.optional(),
  preorder: variationFields.preorder.optional(),
  restock_date: restockDate.optional(),
  discontinued: variationFields.discontinued.optional(),
  components: components.optional(),
});

const productPatch = z.object({
  name: name.optional(),
  slug: slug.optional(),
  category: category.optional(),
  description: description.optional(),
  discontinued: flag('discontinued').optional(),
  preorder: flag('pre-order').optional(),
  restock_date: restockDate.optional(),
  tax: tax.optional(),
  variations: z
    .array(
      variationPatch.extend({
        id: z.number({ error: 'Please give the variation’s id' }).int().positive().optional(),
      }),
    )
    .max(MAX_VARIATIONS, `Please give at most ${MAX_VARIATIONS} variations`)
    .optional(),
});

const listQuery = z.object({
  q: z.string().trim().max(100, 'Please search with 100 characters or fewer').optional(),
  category: z.string().trim().max(100, 'Please choose a category').optional(),
  status: z
    .enum(['live', 'discontinued'], { error: 'Please give live or discontinued' })
    .optional(),
  cursor: z.string().max(200, 'This page link is not valid').optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `Please give a number from 1 to ${PRODUCT_PAGE_LIMIT.max}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= PRODUCT_PAGE_LIMIT.max, {
      message: `Please give a number from 1 to ${PRODUCT_PAGE_LIMIT.max}`,
    })
    .optional(),
});

const WRITES =
  '`price` is in pence including VAT; `category` a category’s slug; `options` e.g. ' +
  '`{ "Size": "60cm" }`; `stock` the units on hand (written to the stock ledger, ADR 053: ' +
  '`opening` for a new variation, `correction` when set here); `tax` one of ' +
  `${TAX_CODES.join(', ')}; \`components\` a bundle’s parts by SKU (replacing the ones it has: each an ` +
  'existing variation that is not a bundle, 1–99 of it, listed once; a part of a bundle cannot ' +
  'become one; 422 naming `components.N.sku` / `.quantity`). A SKU or slug another ' +
  'product has: 409 `sku_exists` / `slug_exists` naming the field. A renamed slug keeps ' +
  'working: the old address answers 301.';

const listRoute = openapi({
  summary: 'Product families, newest first: search by name, SKU or slug; filter by category',
  description:
    'Includes discontinued families (`status=discontinued` for only those, `live` for the ' +
    'rest). Keyset pages: pass `next_cursor` as `cursor`.',
  permission: 'products.manage',
  query: listQuery,
  replies: { 200: data(adminProductListSchema) },
  errors: ['validation'],
});
const getRoute = openapi({
  summary: 'One product family with its variations, as the edit page reads it',
  permission: 'products.manage',
  params: { id: 'The family’s id' },
  replies: { 200: data(z.object({ product: adminProductSchema })) },
  errors: ['not_found'],
});
const createRoute = openapi({
  summary: 'Creates a product family with its variations',
  description: WRITES,
  permission: 'products.manage',
  body: createBody,
  replies: { 201: data(z.object({ product: familySchema })) },
  errors: ['validation', 'sku_exists', 'slug_exists'],
});
const patchRoute = openapi({
  summary: 'Changes a product family; `variations` with an id change it, without add one',
  description:
    WRITES + ' `discontinued`, `preorder`, `restock_date` and `tax` here apply to every variation.',
  permission: 'products.manage',
  params: { id: 'The family’s id' },
  body: productPatch,
  replies: { 200: data(z.object({ product: familySchema })) },
  errors: ['validation', 'not_found', 'sku_exists', 'slug_exists'],
});
const patchVariationRoute = openapi({
  summary: 'Changes one variation: SKU, price, VAT, options, stock, pre-order, discontinued',
  description: WRITES,
  permission: 'products.manage',
  params: { id: 'The variation’s id' },
  body: variationPatch,
  replies: { 200: data(z.object({ product: familySchema })) },
  errors: ['validation', 'not_found', 'sku_exists'],
});

const importBody = z.object({
  csv: z
    .string({ error: 'Please send the CSV file’s text as csv' })
    .min(1, 'Please send the CSV file’s text as csv'),
  dry_run: z.boolean({ error: 'Please give true or false for dry_run' }).optional().default(true),
});

const csvChangeSchema = z.object({
  line: z.int(),
  sku: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  fields: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
const csvImportSchema = z.object({
  dry_run: z.boolean(),
  changes: z.array(csvChangeSchema),
  errors: z.array(z.object({ line: z.int(), field: z.string(), message: z.string() })),
  counts: z.object({ create: z.int(), update: z.int(), unchanged: z.int() }),
});

const exportRoute = openapi({
  summary: 'Every variation as CSV: sku, family_slug, name, category, description, options, …',
  description:
    'One record per variation, the SKU its key; `options` as `Size=60cm; Colour=Grey`, ' +
    '`price` in pence including VAT, `preorder` and `discontinued` as yes or no.',
  permission: 'products.manage',
  replies: { 200: { mediaType: 'text/csv' } },
});
const importRoute = openapi({
  summary: 'Imports products from CSV (SKU as key); a dry run lists every change first',
  description:
    '`{ csv, dry_run }` — the export’s columns. `dry_run` (default true) answers each row’s ' +
    'change (create, update, unchanged: field by field) and every row’s problem by line, ' +
    'writing nothing. `dry_run: false` makes every change in one transaction, or — with any ' +
    'problem — none: 422 with `errors` keyed `lines.<line>.<field>`. A wrong or missing ' +
    'column is a 422 naming `csv`.',
  permission: 'products.manage',
  body: importBody,
  replies: { 200: data(csvImportSchema) },
  errors: ['validation', 'payload_too_large', 'sku_exists', 'slug_exists'],
});

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

function idOf(request: IdRequest): number {
  const value = request.params.id;
  if (!/^\d{1,9}$/.test(value)) throw new AppError('not_found');
  return Number(value);
}

export function adminProductRoutes(app: FastifyInstance, deps: { products: AdminProductsService }) {
  const { products } = deps;

  app.get('/admin/products', listRoute, async (request) => {
    const query = parseInput(listQuery, request.query ?? {});
    const page = await products.list({
      q: query.q || null,
      category: query.category || null,
      status: query.status ?? null,
      cursor: query.cursor ?? null,
      limit: query.limit ?? PRODUCT_PAGE_LIMIT.default,
    });
    return { data: { products: page.rows, next_cursor: page.nextCursor } };
  });

  app.get('/admin/products.csv', exportRoute, async (_request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="products-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(products.exportCsv()));
  });

  app.post('/admin/products/import', importRoute, async (request) => {
    const body = parseInput(importBody, objectBody(request.body));
    return { data: await products.importCsv(actorOf(request), body.csv, body.dry_run) };
  });

  app.get('/admin/products/:id', getRoute, async (request: IdRequest) => ({
    data: { product: await products.get(idOf(request)) },
  }));

  app.post('/admin/products', createRoute, async (request, reply) => {
    const body = parseInput(createBody, objectBody(request.body));
    const product = await products.create(actorOf(request), body);
    reply.code(201);
    return { data: { product } };
  });

  app.patch('/admin/products/:id', patchRoute, async (request: IdRequest) => {
    const id = idOf(request);
    const body = parseInput(productPatch, objectBody(request.body));
    return { data: { product: await products.update(actorOf(request), id, body) } };
  });

  app.patch('/admin/variations/:id', patchVariationRoute, async (request: IdRequest) => {
    const id = idOf(request);
    const body = parseInput(variationPatch, objectBody(request.body));
    return { data: { product: await products.updateVariation(actorOf(request), id, body) } };
  });
}
