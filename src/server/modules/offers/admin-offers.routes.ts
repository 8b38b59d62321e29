/**
 * The back office's offers (ADR 064): discount codes and the free-gift promotions. Each
 * route names its permission; the service writes the change and its audit record in
 * one transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_VOUCHER_KINDS,
  promotionListSchema,
  promotionSchema,
  voucherDetailSchema,
  voucherListSchema,
  voucherSchema,
} from '../../../domain/api/admin-offers.ts';
import { data } from '../../../domain/api/replies.ts';
import { AppError } from '../../../domain/errors.ts';
import { parseShopTime } from '../../../domain/uk-time.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { AdminOffersService } from './admin-offers.service.ts';

/** Largest amount in pence a code or threshold takes (£100,000): a typo guard. */
const MAX_PENCE = 10_000_000;
const MAX_USES = 1_000_000;

const CODE_MESSAGE = 'Please use 1 to 32 capital letters and numbers';
const code = z
  .string({ error: CODE_MESSAGE })
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{1,32}$/, CODE_MESSAGE));

const pence = (what: string) =>
  z
    .number({ error: `Please give ${what} in pence, a whole number` })
    .int(`Please give ${what} in pence, a whole number`)
    .min(0, `Please give ${what} of 0 or more`)
    .max(MAX_PENCE, `Please give ${what} up to ${MAX_PENCE}`);

const when = z
  .string({ error: 'Please give a date and time, e.g. 2026-12-01T09:00 (UK time), or null' })
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const parsed = parseShopTime(value.trim());
    if (!parsed) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please give a date and time, e.g. 2026-12-01T09:00 (UK time)',
      });
      return z.NEVER;
    }
    return parsed;
  });

const uses = (what: string) =>
  z
    .number({ error: `Please give ${what} as a whole number, or null for no limit` })
    .int(`Please give ${what} as a whole number, or null for no limit`)
    .min(1, `Please give ${what} of at least 1, or null for no limit`)
    .max(MAX_USES, `Please give ${what} up to ${MAX_USES}`)
    .nullable();

const text = (what: string, max: number) =>
  z
    .string({ error: `Please write ${what} as text` })
    .trim()
    .min(1, `Please write ${what}`)
    .max(max, `Please keep ${what} to ${max} characters or fewer`);

const voucherFields = {
  description: text('a description', 200).optional(),
  kind: z.enum(ADMIN_VOUCHER_KINDS, { error: 'Please choose percentage, fixed or free_delivery' }),
  includes_delivery: z.boolean({ error: 'Please give true or false' }).optional(),
  value: z
    .number({ error: 'Please give a whole number' })
    .int('Please give a whole number')
    .min(0, 'Please give a value of 0 or more')
    .max(MAX_PENCE, `Please give a value up to ${MAX_PENCE}`),
  minimum_spend: pence('a minimum spend'),
  starts_at: when,
  ends_at: when,
  max_uses: uses('the uses in all'),
  max_uses_per_customer: uses('the uses per customer'),
  active: z.boolean({ error: 'Please give true or false' }).optional(),
};

const createBody = z.object({
  code,
  ...voucherFields,
  value: voucherFields.value.optional(),
  minimum_spend: voucherFields.minimum_spend.optional(),
  starts_at: when.optional(),
  ends_at: when.optional(),
  max_uses: voucherFields.max_uses.optional(),
  max_uses_per_customer: voucherFields.max_uses_per_customer.optional(),
});

const patchBody = z
  .object({
    description: voucherFields.description,
    kind: voucherFields.kind.optional(),
    includes_delivery: voucherFields.includes_delivery,
    value: voucherFields.value.optional(),
    minimum_spend: voucherFields.minimum_spend.optional(),
    starts_at: when.optional(),
    ends_at: when.optional(),
    max_uses: voucherFields.max_uses.optional(),
    max_uses_per_customer: voucherFields.max_uses_per_customer.optional(),
    active: voucherFields.active,
  })
  .strict();

const promotionBody = z
  .object({
    name: text('a name', 100).optional(),
    threshold: pence('a threshold').optional(),
    gift_product_id: z
      .number({ error: 'Please give the gift variation’s id' })
      .int('Please give the gift variation’s id')
      .min(1, 'Please give the gift variation’s id')
      .optional(),
    gift_sku: z
      .string({ error: 'Please give the gift variation’s SKU, e.g. FERN-BOS' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]([A-Z0-9-]{0,38}[A-Z0-9])?$/, 'Please give a SKU, e.g. FERN-BOS')
      .optional(),
    badge: text('a badge', 60).optional(),
    starts_at: when.optional(),
    ends_at: when.optional(),
    active: z.boolean({ error: 'Please give true or false' }).optional(),
  })
  .strict()
  .refine((body) => body.gift_sku === undefined || body.gift_product_id === undefined, {
    message: 'Please give the gift by id or by SKU, not both',
    path: ['gift_sku'],
  });

const TIMES =
  'Times: ISO 8601 with an offset or Z, or `yyyy-MM-ddTHH:mm` without one, read as UK ' +
  'time (Europe/London). Replies give instants (UTC).';
const USES =
  'A use is an order holding the code that is being paid or was paid; a failed or ' +
  'cancelled order gives its use back. Per customer: by account, and by email address ' +
  '(guests). Changes reach every process within CATALOGUE_CACHE_SECONDS; this one at once.';

const listRoute = openapi({
  summary: 'Every discount code with its usage figures, newest first',
  description: USES,
  permission: 'offers.manage',
  replies: { 200: data(voucherListSchema) },
});
const createRoute = openapi({
  summary: 'Creates a discount code',
  description:
    '`kind`: percentage (`value` 1–100 % off items; `includes_delivery` also off ' +
    'delivery), fixed (`value` pence off items) or free_delivery. Amounts in pence. ' +
    `${TIMES} ${USES}`,
  permission: 'offers.manage',
  body: createBody,
  replies: { 201: data(z.object({ voucher: voucherSchema })) },
  errors: ['validation', 'voucher_exists'],
});
const oneRoute = openapi({
  summary: 'A discount code, its usage figures and the latest orders that used it',
  permission: 'offers.manage',
  params: { code: 'The discount code' },
  replies: { 200: data(voucherDetailSchema) },
  errors: ['not_found'],
});
const patchRoute = openapi({
  summary: 'Changes any of a discount code’s fields; ends it (ends_at now, or active false)',
  description: `${TIMES} ${USES}`,
  permission: 'offers.manage',
  params: { code: 'The discount code' },
  body: patchBody,
  replies: { 200: data(z.object({ voucher: voucherSchema })) },
  errors: ['validation', 'not_found'],
});
const promotionsRoute = openapi({
  summary: 'The free-gift promotions',
  permission: 'offers.manage',
  replies: { 200: data(promotionListSchema) },
});
const promotionRoute = openapi({
  summary: 'A free-gift promotion',
  permission: 'offers.manage',
  params: { id: 'The promotion’s id' },
  replies: { 200: data(z.object({ promotion: promotionSchema })) },
  errors: ['not_found'],
});
const promotionPatchRoute = openapi({
  summary: 'Changes a free-gift promotion: threshold (pence), gift, badge, times, on or off',
  description:
    'The gift by `gift_product_id` or `gift_sku`: a variation on sale, not a bundle ' +
    '(422 naming the field otherwise). ' +
    TIMES,
  permission: 'offers.manage',
  params: { id: 'The promotion’s id' },
  body: promotionBody,
  replies: { 200: data(z.object({ promotion: promotionSchema })) },
  errors: ['validation', 'not_found'],
});

type CodeRequest = FastifyRequest<{ Params: { code: string } }>;
type IdRequest = FastifyRequest<{ Params: { id: string } }>;

function codeOf(request: CodeRequest): string {
  const value = request.params.code.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,32}$/.test(value)) {
    throw new AppError('not_found', { message: 'No discount code has that name.' });
  }
  return value;
}

function idOf(request: IdRequest): number {
  if (!/^\d{1,9}$/.test(request.params.id)) {
    throw new AppError('not_found', { message: 'No promotion has that id.' });
  }
  return Number(request.params.id);
}

export function adminOffersRoutes(app: FastifyInstance, deps: { offers: AdminOffersService }) {
  const { offers } = deps;

  app.get('/admin/vouchers', listRoute, async () => ({
    data: { vouchers: await offers.list() },
  }));

  app.post('/admin/vouchers', createRoute, async (request, reply) => {
    const { code: wanted, ...input } = parseInput(createBody, objectBody(request.body));
    const voucher = await offers.create(actorOf(request), wanted, input);
    reply.code(201);
    return { data: { voucher } };
  });

  app.get('/admin/vouchers/:code', oneRoute, async (request: CodeRequest) => ({
    data: await offers.detail(codeOf(request)),
  }));

  app.patch('/admin/vouchers/:code', patchRoute, async (request: CodeRequest) => {
    const wanted = codeOf(request);
    const input = parseInput(patchBody, objectBody(request.body));
    return { data: { voucher: await offers.update(actorOf(request), wanted, input) } };
  });

  app.get('/admin/promotions', promotionsRoute, async () => ({
    data: { promotions: await offers.promotions() },
  }));

  app.get('/admin/promotions/:id', promotionRoute, async (request: IdRequest) => ({
    data: { promotion: await offers.promotion(idOf(request)) },
  }));

  app.patch('/admin/promotions/:id', promotionPatchRoute, async (request: IdRequest) => {
    const id = idOf(request);
    const input = parseInput(promotionBody, objectBody(request.body));
    return { data: { promotion: await offers.updatePromotion(actorOf(request), id, input) } };
  });
}
