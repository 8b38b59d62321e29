/**
 * The API described as OpenAPI 3.1 (ADR 031), generated from what each route declares
 * beside its handler: `app.get(url, openapi({ summary, body, query, replies, errors }), handler)`.
 * The request schemas are the zod schemas the handler parses with; the replies are the
 * zod schemas of src/domain/api/replies.ts. The document is built from the routes Fastify
 * registered (its onRoute hook), so a route added without a declaration is missing from
 * it, which the OpenAPI test refuses. Served at GET /api/v1/openapi.json.
 */
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { registry, toJSONSchema, type $ZodType, type JSONSchema } from 'zod/v4/core';
import { errorReply, namedSchemas } from '../../domain/api/replies.ts';
import { errorCatalogue, type ErrorType } from '../../domain/errors.ts';
import type { Permission } from '../../domain/staff.ts';
import { STATE_CHANGING_GETS } from './origin.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** A body that is not JSON: its media type, and its schema when it has one. */
export interface MediaBody {
  mediaType: string;
  schema?: $ZodType;
}

/** A catalogue error type, or one answered with another status than the catalogue's. */
export type RouteError = ErrorType | readonly [ErrorType, number];

/** What a route declares about itself. */
export interface RouteDoc {
  summary: string;
  /** Its operationId when the one made from the method and path is taken. */
  operationId?: string;
  description?: string;
  /**
   * 'customer': a bearer token is required (401 unauthorized without one);
   * 'optional': a bearer token is read when sent. Absent: no token is read.
   */
  auth?: 'customer' | 'optional';
  /**
   * Back-office routes (/api/v1/admin/…) only, and required there: the permission the
   * staff member's role must hold (http/staff-authorization.ts), or 'none' for login,
   * logout and account set-up.
   */
  permission?: Permission | 'none';
  /** The request body: the zod schema the handler parses it with (JSON), or another media type. */
  body?: $ZodType | MediaBody;
  /** The query string's schema, as the handler parses it. */
  query?: $ZodType;
  /** Path parameters' descriptions (each is a string; the handler checks its form). */
  params?: Record<string, string>;
  /** Success replies by status: the JSON body's schema, or another media type. */
  replies: Record<number, $ZodType | MediaBody>;
  /**
   * The catalogue errors this route itself may answer (the common ones are added), each
   * with its catalogue status unless paired with another.
   */
  errors?: readonly RouteError[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDoc;
  }
  interface FastifyInstance {
    /** Every route registered since registerOpenApi, documented or not (for its test). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Route options declaring `doc`: the route's second argument. */
export function openapi(doc: RouteDoc): { config: { openapi: RouteDoc } } {
  return { config: { openapi: doc } };
}

/** One route as Fastify registered it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  doc: RouteDoc | undefined;
}

const DOCUMENTED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Records every route registered on `app` from now on (register before the routes).
 * HEAD routes Fastify adds for each GET are left out.
 */
export function recordRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (options: RouteOptions) => {
    const methods = ([] as HTTPMethods[]).concat(options.method);
    for (const method of methods) {
      if (!DOCUMENTED_METHODS.has(method)) continue;
      routes.push({ method, url: options.url, doc: options.config?.openapi });
    }
  });
  return routes;
}

/** `/basket/:id` → `/basket/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

const pathParams = (url: string) =>
  [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] as string);

/** `POST /api/v1/basket/:id` → `postBasketById`. */
function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by_${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** The tag of a route: the first segment of its path under /api/v1 (or its own). */
function tagOf(url: string): string {
  const segments = url
    .replace(/^\/api\/v1\//, '/')
    .split('/')
    .filter(Boolean);
  return segments[0] === 'user' && segments[1] ? `user/${segments[1]}` : (segments[0] ?? '');
}

const isMedia = (body: $ZodType | MediaBody): body is MediaBody => 'mediaType' in body;

function withoutMeta(schema: JSONSchema.BaseSchema): JSONSchema.BaseSchema {
  const rest = { ...schema };
  delete rest.$schema;
  delete rest.$id;
  return rest;
}

/** A request schema, as clients send it (before the handler's transforms). */
function requestSchema(schema: $ZodType): JSONSchema.BaseSchema {
  return withoutMeta(
    toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }),
  );
}

/** The errors every route of this method and URL may answer, besides its own. */
function commonErrors(route: RegisteredRoute, doc: RouteDoc): RouteError[] {
  const errors: RouteError[] = ['internal_error'];
  const writes = route.method !== 'GET' || STATE_CHANGING_GETS.has(route.url);
  // The origin check (403), and the body parser's refusals.
  if (writes) errors.push(['unauthorized', 403], 'bad_request', 'payload_too_large');
  if (route.method !== 'GET') errors.push('unsupported_media_type');
  if (doc.auth === 'customer') errors.push('unauthorized');
  // Back office: no staff session (401), or a role without the permission (403).
  if (doc.permission && doc.permission !== 'none')
    errors.push('unauthorized', ['unauthorized', 403]);
  if (doc.body) errors.push('validation');
  return errors;
}

function errorResponses(route: RegisteredRoute, doc: RouteDoc) {
  const byStatus = new Map<number, Set<ErrorType>>();
  for (const error of [...commonErrors(route, doc), ...(doc.errors ?? [])]) {
    const [type, status] = typeof error === 'string' ? [error, undefined] : error;
    const answered = status ?? errorCatalogue[type].status;
    byStatus.set(answered, (byStatus.get(answered) ?? new Set()).add(type));
  }
  const responses: Record<string, unknown> = {};
  for (const [status, types] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = [...types];
    responses[String(status)] = {
      description: list.map((type) => `\`${type}\``).join(', '),
      content: {
        'application/json': {
          schema: withoutMeta(toJSONSchema(errorReply(list), { target: 'draft-2020-12' })),
        },
      },
    };
  }
  return responses;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  tags: { name: string }[];
}

/** The OpenAPI 3.1 document of the documented routes among `routes`. */
export function openApiDocument(routes: readonly RegisteredRoute[]): OpenApiDocument {
  const documented = routes.filter(
    (route): route is RegisteredRoute & { doc: RouteDoc } => route.doc !== undefined,
  );
  // Every reply schema is a component: the named ones by name, others by operation.
  const replyIds = new Map<$ZodType, { id: string; description?: string }>(namedSchemas);
  for (const route of documented) {
    for (const [status, reply] of Object.entries(route.doc.replies)) {
      const schema = isMedia(reply) ? reply.schema : reply;
      if (!schema || replyIds.has(schema)) continue;
      const id = `${operationId(route.method, route.url)}${status}`.replace(/^./, (c) =>
        c.toUpperCase(),
      );
      replyIds.set(schema, { id });
    }
  }
  const replies = registry<{ id: string; description?: string }>();
  for (const [schema, meta] of replyIds) replies.add(schema, meta);
  const { schemas } = toJSONSchema(replies, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id) => `#/components/schemas/${id}`,
  });
  const components: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) {
    components[id] = withoutMeta(schema);
  }
  const ref = (schema: $ZodType) => ({
    $ref: `#/components/schemas/${replyIds.get(schema)?.id}`,
  });

  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of [...documented].sort((a, b) => a.url.localeCompare(b.url))) {
    const { doc } = route;
    const parameters: Record<string, unknown>[] = pathParams(route.url).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
      ...(doc.params?.[name] ? { description: doc.params[name] } : {}),
    }));
    if (doc.query) {
      const query = requestSchema(doc.query);
      const required = new Set(query.required ?? []);
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    const responses: Record<string, unknown> = {};
    for (const [status, reply] of Object.entries(doc.replies)) {
      const media = isMedia(reply) ? reply : { mediaType: 'application/json', schema: reply };
      responses[status] = {
        description: doc.summary,
        content: { [media.mediaType]: media.schema ? { schema: ref(media.schema) } : {} },
      };
    }
    Object.assign(responses, errorResponses(route, doc));
    const tag = tagOf(route.url);
    tags.add(tag);
    const operation: Record<string, unknown> = {
      operationId: doc.operationId ?? operationId(route.method, route.url),
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      tags: [tag],
      ...(parameters.length ? { parameters } : {}),
      ...(doc.body
        ? {
            requestBody: {
              required: true,
              content: isMedia(doc.body)
                ? {
                    [doc.body.mediaType]: doc.body.schema
                      ? { schema: requestSchema(doc.body.schema) }
                      : {},
                  }
                : { 'application/json': { schema: requestSchema(doc.body) } },
            },
          }
        : {}),
      responses,
      ...(doc.permission && doc.permission !== 'none'
        ? { security: [{ staffSession: [] }], 'x-permission': doc.permission }
        : {}),
      ...(doc.auth === 'customer'
        ? { security: [{ bearer: [] }] }
        : doc.auth === 'optional'
          ? { security: [{}, { bearer: [] }] }
          : {}),
    };
    (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.1',
    info: {
      title: 'Everbloom shop API',
      version: '1',
      description:
        'The shop’s HTTP API. Success replies are `{ data: … }`; every refusal is ' +
        '`{ error_type, message, errors?, detail? }` from one error catalogue (spec section 8). ' +
        'The basket and the orders a browser placed belong to it through signed HttpOnly ' +
        'cookies; a signed-in customer sends `Authorization: Bearer <token>`.',
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        // The back office's session (ADR 047): HttpOnly, SameSite=Strict.
        staffSession: { type: 'apiKey', in: 'cookie', name: 'eb_staff' },
      },
    },
  };
}

/**
 * Records the routes registered from now on and serves their document at
 * GET /api/v1/openapi.json, built once on the first request (the routes are all
 * registered by then). Register before the routes.
 */
export function registerOpenApi(app: FastifyInstance): RegisteredRoute[] {
  const routes = recordRoutes(app);
  app.decorate('registeredRoutes', routes);
  let body: string | undefined;
  app.get(
    OPENAPI_PATH,
    openapi({
      summary: 'This document: the API described as OpenAPI 3.1',
      replies: { 200: { mediaType: 'application/json' } },
    }),
    async (_request, reply) => {
      body ??= JSON.stringify(openApiDocument(routes));
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(body);
    },
  );
  return routes;
}
