/**
 * The back office's delivery settings (ADR 065) under /api/v1/admin/delivery: read them
 * all; add, change, retire, bring back and delete an option (ADR 082); add and delete a
 * zone (ADR 074) and set the countries and postcode areas it covers; add and remove the
 * shop's closing days. Every route needs delivery.manage.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminDeliveryOptionSchema,
  adminDeliverySchema,
  adminDeliveryZoneSchema,
  DELIVERY_VAT_RATES_BP,
  deliveryClosureSchema,
  MAX_CLOSURE_DAYS,
  MAX_CLOSURE_REASON,
  MAX_DELIVERY_DAYS,
  MAX_DELIVERY_PENCE,
  MAX_OPTION_DESCRIPTION,
  MAX_OPTION_NAME,
  MAX_ZONE_NAME,
} from '../../../domain/api/admin-delivery.ts';
import { data } from '../../../domain/api/replies.ts';
import { isCountryCode } from '../../../domain/countries.ts';
import { POSTCODE_AREA } from '../../../domain/delivery-zones.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import { daysBetween, isDay } from '../../../domain/uk-days.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { DeliveryAdminService } from './delivery-admin.service.ts';

const WHOLE = 'Please give a whole number';

const pence = (what: string) =>
  z
    .number({ error: `Please give the ${what} in pence, as a whole number` })
    .int(`Please give the ${what} in pence, as a whole number`)
    .min(0, `The ${what} cannot be negative`)
    .max(MAX_DELIVERY_PENCE, `Please give a ${what} of ${MAX_DELIVERY_PENCE} pence or less`);

const workingDays = z
  .number({ error: WHOLE })
  .int(WHOLE)
  .min(0, 'Please give 0 or more working days')
  .max(MAX_DELIVERY_DAYS, `Please give ${MAX_DELIVERY_DAYS} working days or fewer`);

const reason = z
  .string({ error: 'Please write the reason as text' })
  .trim()
  .max(MAX_CLOSURE_REASON, `Please keep the reason to ${MAX_CLOSURE_REASON} characters or fewer`)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

const optionFields = {
  name: z
    .string({ error: 'Please write the name as text' })
    .trim()
    .min(1, 'Please give the option a name')
    .max(MAX_OPTION_NAME, `Please keep the name to ${MAX_OPTION_NAME} characters or fewer`),
  description: z
    .string({ error: 'Please write the description as text' })
    .trim()
    .max(
      MAX_OPTION_DESCRIPTION,
      `Please keep the description to ${MAX_OPTION_DESCRIPTION} characters or fewer`,
    ),
  price: pence('price'),
  free_over: pence('free-over threshold').nullable(),
  min_days: workingDays,
  max_days: workingDays,
  cutoff_hour: z
    .number({ error: 'Please give an hour from 0 to 23' })
    .int('Please give an hour from 0 to 23')
    .min(0, 'Please give an hour from 0 to 23')
    .max(23, 'Please give an hour from 0 to 23')
    .nullable(),
  delivery_weekday: z
    .number({ error: 'Please give a weekday from 1 (Monday) to 7 (Sunday)' })
    .int('Please give a weekday from 1 (Monday) to 7 (Sunday)')
    .min(1, 'Please give a weekday from 1 (Monday) to 7 (Sunday)')
    .max(7, 'Please give a weekday from 1 (Monday) to 7 (Sunday)')
    .nullable(),
  active: z.boolean({ error: 'Please give true (offered) or false (closed)' }),
  reason,
};

const optionBody = z.object(optionFields).partial().strict();

const OPTION_ID_MESSAGE =
  'Please use lower-case letters, digits and single hyphens, up to 63, e.g. uk-saturday';
const VAT_MESSAGE = `Please choose a VAT rate: ${DELIVERY_VAT_RATES_BP.map((bp) => bp / 100 + '%').join(', ')}`;

/** A new option (ADR 082): what the edit dialog covers, plus its id, zone and VAT rate. */
const newOptionBody = z
  .object({
    ...optionFields,
    zone_id: z
      .string({ error: 'Please choose the zone the option delivers to' })
      .min(1, 'Please choose the zone the option delivers to')
      .max(63, 'No delivery zone has that id'),
    id: z
      .string({ error: OPTION_ID_MESSAGE })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, OPTION_ID_MESSAGE)
      .max(63, OPTION_ID_MESSAGE)
      .optional(),
    description: optionFields.description.optional().default(''),
    free_over: optionFields.free_over.optional().default(null),
    cutoff_hour: optionFields.cutoff_hour.optional().default(null),
    delivery_weekday: optionFields.delivery_weekday.optional().default(null),
    active: optionFields.active.optional().default(true),
    tax_rate_bp: z
      .number({ error: VAT_MESSAGE })
      .refine((bp) => (DELIVERY_VAT_RATES_BP as readonly number[]).includes(bp), VAT_MESSAGE)
      .optional()
      .default(2000),
  })
  .strict();

const reasonBody = z.object({ reason }).strict();

const list = (max: number, what: string) =>
  z
    .array(z.string({ error: `Please give each ${what} as text` }), {
      error: `Please give a list of ${what}s`,
    })
    .max(max, `Please give at most ${max} ${what}s`);

const coverageBody = z.object({
  countries: list(300, 'country').superRefine((codes, ctx) => {
    const unknown = codes.filter((code) => !isCountryCode(code));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown country code: ${unknown.join(', ')} (use three letters, e.g. GBR, FRA)`,
      });
    }
    if (new Set(codes).size !== codes.length) {
      ctx.addIssue({ code: 'custom', message: 'Please give each country once' });
    }
  }),
  postcode_areas: list(3_000, 'postcode area')
    .transform((areas) => areas.map((area) => area.trim().toUpperCase()))
    .superRefine((areas, ctx) => {
      const bad = areas.filter((area) => !POSTCODE_AREA.test(area));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Not a postcode area or district: ${bad.slice(0, 5).join(', ')} (e.g. BT, HS, PA20)`,
        });
      }
      if (new Set(areas).size !== areas.length) {
        ctx.addIssue({ code: 'custom', message: 'Please give each postcode area once' });
      }
    }),
  reason,
});

const ZONE_ID_MESSAGE =
  'Please use lower-case letters, digits and single hyphens, up to 63, e.g. channel-islands';

const zoneBody = z
  .object({
    name: z
      .string({ error: 'Please write the name as text' })
      .trim()
      .min(1, 'Please give the zone a name, e.g. Channel Islands')
      .max(MAX_ZONE_NAME, `Please keep the name to ${MAX_ZONE_NAME} characters or fewer`),
    id: z
      .string({ error: ZONE_ID_MESSAGE })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, ZONE_ID_MESSAGE)
      .max(63, ZONE_ID_MESSAGE)
      .optional(),
    tax_exempt: z
      .boolean({ error: 'Please give true (outside UK VAT) or false' })
      .optional()
      .default(false),
    reason,
  })
  .strict();

const deleteZoneQuery = z.object({ reason });

const dayField = (what: string) =>
  z
    .string({ error: `Please give the ${what} as yyyy-MM-dd` })
    .refine(isDay, `Please give the ${what} as a real date, yyyy-MM-dd`);

const closureBody = z
  .object({
    starts_on: dayField('first closed day'),
    ends_on: dayField('last closed day'),
    reason: z
      .string({ error: 'Please write the reason as text' })
      .trim()
      .min(1, 'Please say why the shop is closed (staff and the audit trail see it)')
      .max(
        MAX_CLOSURE_REASON,
        `Please keep the reason to ${MAX_CLOSURE_REASON} characters or fewer`,
      ),
  })
  .superRefine((value, ctx) => {
    if (!isDay(value.starts_on) || !isDay(value.ends_on)) return;
    const span = daysBetween(value.starts_on, value.ends_on);
    if (span < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['ends_on'],
        message: 'The last closed day cannot be before the first',
      });
    } else if (span >= MAX_CLOSURE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['ends_on'],
        message: `Please enter closures of up to ${MAX_CLOSURE_DAYS} days at a time`,
      });
    }
  });

const settingsRoute = openapi({
  summary: 'The delivery settings: zones, what they cover, their options; closures; bank holidays',
  description:
    'Closed options (`active: false`) are listed too. `closures` are the shop’s own ' +
    'closing days that have not ended; `bank_holidays` the UK ones (gov.uk) from this ' +
    'year on. Delivery estimates skip the holidays of `dispatch_division` and the closures.',
  permission: 'delivery.manage',
  replies: { 200: data(adminDeliverySchema) },
});
const optionRoute = openapi({
  summary:
    'Changes a delivery option: price, free-over threshold, cut-off, days, name, open or closed',
  description:
    'Any of the fields, with an optional `reason` for the audit trail. Amounts in pence ' +
    'including VAT; `cutoff_hour` 0–23 (UK time) or null; `max_days` ≥ `min_days`. ' +
    'Shoppers see the change at once on this process, within CATALOGUE_CACHE_SECONDS on others.',
  permission: 'delivery.manage',
  params: { option_id: 'The option’s id, e.g. uk-next-day' },
  body: optionBody,
  replies: { 200: data(z.object({ option: adminDeliveryOptionSchema })) },
  errors: ['validation', 'not_found'],
});
const createOptionRoute = openapi({
  summary: 'Adds a delivery option to a zone (e.g. Saturday delivery)',
  description:
    '`zone_id`, `name`, `price`, `min_days`, `max_days`, and optionally `description`, ' +
    '`free_over`, `cutoff_hour`, `delivery_weekday`, `active` (true: offered at once), ' +
    '`tax_rate_bp` (2000, 500 or 0; 2000 when not given) and `id` (made from the zone and ' +
    'the name when not given). The id and the VAT rate are fixed once made: orders and the ' +
    'reports name the option by its id and look up its rate. An id another option has, ' +
    'retired ones included: 409 `delivery_option_exists` naming `id`.',
  permission: 'delivery.manage',
  body: newOptionBody,
  replies: { 201: data(z.object({ option: adminDeliveryOptionSchema })) },
  errors: ['validation', 'delivery_option_exists'],
});
const retireOptionRoute = openapi({
  summary: 'Retires a delivery option: offered to nobody, kept for the orders that used it',
  description:
    'The option is closed and can no longer be changed until brought back; orders, ' +
    'invoices and reports keep naming it and its VAT rate. Refused with 409 ' +
    '`delivery_option_last_in_zone` when it is the last option shoppers in a zone that ' +
    'covers somewhere can choose. Retiring a retired option changes nothing.',
  permission: 'delivery.manage',
  params: { option_id: 'The option’s id, e.g. uk-saturday' },
  body: reasonBody,
  replies: { 200: data(z.object({ option: adminDeliveryOptionSchema })) },
  errors: ['validation', 'not_found', 'delivery_option_last_in_zone'],
});
const restoreOptionRoute = openapi({
  summary: 'Brings a retired delivery option back, closed (open it with Offered)',
  permission: 'delivery.manage',
  params: { option_id: 'The option’s id, e.g. uk-saturday' },
  body: reasonBody,
  replies: { 200: data(z.object({ option: adminDeliveryOptionSchema })) },
  errors: ['validation', 'not_found'],
});
const deleteOptionRoute = openapi({
  summary: 'Deletes a delivery option no order used (one an order used is retired instead)',
  description:
    'Refused with 409 `delivery_option_used` when any order used it, and with 409 ' +
    '`delivery_option_last_in_zone` when it is the last option shoppers in a zone that ' +
    'covers somewhere can choose. Baskets that had chosen it choose again. `reason` ' +
    '(query) for the audit trail.',
  permission: 'delivery.manage',
  params: { option_id: 'The option’s id, e.g. uk-saturday' },
  query: deleteZoneQuery,
  replies: { 200: data(z.object({ option: z.object({ id: z.string() }) })) },
  errors: ['validation', 'not_found', 'delivery_option_used', 'delivery_option_last_in_zone'],
});
const coverageRoute = openapi({
  summary: 'Sets the countries and UK postcode areas a delivery zone covers',
  description:
    '`countries`: three-letter codes covered whole; `postcode_areas`: UK areas (BT) or ' +
    'districts (PA20), which win over whole countries, the longer over the shorter. Each ' +
    'country or area can be in one zone only. Rules written as other patterns are kept.',
  permission: 'delivery.manage',
  params: { zone_id: 'The zone’s id, e.g. northern-ireland' },
  body: coverageBody,
  replies: { 200: data(z.object({ zone: adminDeliveryZoneSchema })) },
  errors: ['validation', 'not_found'],
});
const createZoneRoute = openapi({
  summary: 'Adds a delivery zone; it covers nowhere until its coverage is set',
  description:
    '`name`, and `id` (lower-case words joined by hyphens; made from the name when not ' +
    'given) — the id is fixed once made. `tax_exempt`: deliveries there leave the UK VAT ' +
    'area. An id another zone has: 409 `delivery_zone_exists` naming `id`.',
  permission: 'delivery.manage',
  body: zoneBody,
  replies: { 201: data(z.object({ zone: adminDeliveryZoneSchema })) },
  errors: ['validation', 'delivery_zone_exists'],
});
const deleteZoneRoute = openapi({
  summary: 'Deletes a delivery zone and what it covers (refused while it offers an option)',
  description:
    'Refused with 409 `delivery_zone_in_use` while shoppers are offered one of its options: ' +
    'close them first. Its closed options go with it (orders keep their own copy). The ' +
    'places it covered fall to the next rule that matches them (e.g. a whole country), or ' +
    'are not delivered to. `reason` (query) for the audit trail.',
  permission: 'delivery.manage',
  params: { zone_id: 'The zone’s id, e.g. channel-islands' },
  query: deleteZoneQuery,
  replies: { 200: data(z.object({ zone: z.object({ id: z.string() }) })) },
  errors: ['validation', 'not_found', 'delivery_zone_in_use'],
});
const addClosureRoute = openapi({
  summary: 'Adds days the shop dispatches nothing (e.g. 24 December to 2 January)',
  description: 'Both days included; up to 62 days at a time. Delivery estimates skip them.',
  permission: 'delivery.manage',
  body: closureBody,
  replies: { 201: data(z.object({ closure: deliveryClosureSchema })) },
  errors: ['validation'],
});
const removeClosureRoute = openapi({
  summary: 'Removes a closure: the shop dispatches on those days again',
  permission: 'delivery.manage',
  params: { closure_id: 'The closure’s id' },
  replies: { 200: data(z.object({ closure: deliveryClosureSchema })) },
  errors: ['not_found'],
});

const ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

function textId(value: string): string {
  if (!ID.test(value)) throw new AppError('not_found');
  return value;
}

/** 'Channel Islands' → 'channel-islands' (at most 63 characters). */
const idOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');

export function deliveryAdminRoutes(
  app: FastifyInstance,
  deps: { delivery: DeliveryAdminService },
) {
  const { delivery } = deps;

  app.get('/admin/delivery', settingsRoute, async () => ({ data: await delivery.settings() }));

  app.patch(
    '/admin/delivery/options/:option_id',
    optionRoute,
    async (request: FastifyRequest<{ Params: { option_id: string } }>) => {
      const id = textId(request.params.option_id);
      const { reason: why, ...change } = parseInput(optionBody, objectBody(request.body));
      if (Object.keys(change).length === 0) {
        throw validationError({ body: ['Please change at least one field of the option'] });
      }
      const option = await delivery.updateOption(actorOf(request), id, change, why ?? null);
      return { data: { option } };
    },
  );

  app.post('/admin/delivery/options', createOptionRoute, async (request, reply) => {
    const { reason: why, id: given, ...body } = parseInput(newOptionBody, objectBody(request.body));
    const id = given ?? idOf(`${body.zone_id} ${body.name}`);
    if (!ID.test(id)) {
      throw validationError({ id: [`Please give the option an id: ${OPTION_ID_MESSAGE}`] });
    }
    const option = await delivery.createOption(actorOf(request), { ...body, id }, why ?? null);
    reply.code(201);
    return { data: { option } };
  });

  app.post(
    '/admin/delivery/options/:option_id/retire',
    retireOptionRoute,
    async (request: FastifyRequest<{ Params: { option_id: string } }>) => {
      const id = textId(request.params.option_id);
      const body = parseInput(reasonBody, objectBody(request.body));
      const option = await delivery.retireOption(actorOf(request), id, body.reason ?? null);
      return { data: { option } };
    },
  );

  app.post(
    '/admin/delivery/options/:option_id/restore',
    restoreOptionRoute,
    async (request: FastifyRequest<{ Params: { option_id: string } }>) => {
      const id = textId(request.params.option_id);
      const body = parseInput(reasonBody, objectBody(request.body));
      const option = await delivery.restoreOption(actorOf(request), id, body.reason ?? null);
      return { data: { option } };
    },
  );

  app.delete(
    '/admin/delivery/options/:option_id',
    deleteOptionRoute,
    async (request: FastifyRequest<{ Params: { option_id: string } }>) => {
      const id = textId(request.params.option_id);
      const query = parseInput(deleteZoneQuery, request.query ?? {});
      await delivery.deleteOption(actorOf(request), id, query.reason ?? null);
      return { data: { option: { id } } };
    },
  );

  app.put(
    '/admin/delivery/zones/:zone_id/coverage',
    coverageRoute,
    async (request: FastifyRequest<{ Params: { zone_id: string } }>) => {
      const id = textId(request.params.zone_id);
      const body = parseInput(coverageBody, objectBody(request.body));
      await delivery.setCoverage(actorOf(request), id, body, body.reason ?? null);
      const zone = (await delivery.settings()).zones.find((z) => z.id === id);
      if (!zone) throw new AppError('not_found');
      return { data: { zone } };
    },
  );

  app.post('/admin/delivery/zones', createZoneRoute, async (request, reply) => {
    const body = parseInput(zoneBody, objectBody(request.body));
    const id = body.id ?? idOf(body.name);
    if (!ID.test(id)) {
      throw validationError({ id: [`Please give the zone an id: ${ZONE_ID_MESSAGE}`] });
    }
    await delivery.createZone(
      actorOf(request),
      { id, name: body.name, tax_exempt: body.tax_exempt },
      body.reason ?? null,
    );
    const zone = (await delivery.settings()).zones.find((z) => z.id === id);
    if (!zone) throw new AppError('not_found');
    reply.code(201);
    return { data: { zone } };
  });

  app.delete(
    '/admin/delivery/zones/:zone_id',
    deleteZoneRoute,
    async (request: FastifyRequest<{ Params: { zone_id: string } }>) => {
      const id = textId(request.params.zone_id);
      const query = parseInput(deleteZoneQuery, request.query ?? {});
      await delivery.deleteZone(actorOf(request), id, query.reason ?? null);
      return { data: { zone: { id } } };
    },
  );

  app.post('/admin/delivery/closures', addClosureRoute, async (request, reply) => {
    const body = parseInput(closureBody, objectBody(request.body));
    const closure = await delivery.addClosure(actorOf(request), body);
    reply.code(201);
    return { data: { closure } };
  });

  app.delete(
    '/admin/delivery/closures/:closure_id',
    removeClosureRoute,
    async (request: FastifyRequest<{ Params: { closure_id: string } }>) => {
      const value = request.params.closure_id;
      if (!/^\d{1,9}$/.test(value)) throw new AppError('not_found');
      const closure = await delivery.removeClosure(actorOf(request), Number(value));
      return { data: { closure } };
    },
  );
}
