/**
 * The back office's product pictures (ADR 063): a family's pictures, upload (multipart:
 * one file and its alt text), alt text, order and removal. Every route needs
 * products.manage; the service writes each change with its audit record in one
 * transaction. Multipart is parsed only here (an encapsulated plugin), so every other
 * route still refuses it.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pictureListSchema, pictureSchema } from '../../../domain/api/admin-pictures.ts';
import { data } from '../../../domain/api/replies.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import {
  MAX_PICTURE_ALT,
  MAX_PICTURE_BYTES,
  MAX_PICTURE_UPLOAD_BYTES,
} from '../../../domain/pictures.ts';
import { openapi } from '../../http/openapi.ts';
import { objectBody, parseInput } from '../../http/parse.ts';
import { actorOf } from '../staff/staff-actor.ts';
import type { PicturesService } from './pictures.service.ts';

const megabytes = MAX_PICTURE_BYTES / (1024 * 1024);
const TOO_LARGE = `The picture is too large: please upload one of ${megabytes} MB or less.`;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Alt text: required, plain text (markup is kept as the characters typed). */
const altText = z
  .string({ error: 'Please describe the picture (alt text)' })
  .trim()
  .min(1, 'Please describe the picture for people who cannot see it (alt text)')
  .max(MAX_PICTURE_ALT, `Please keep the alt text to ${MAX_PICTURE_ALT} characters or fewer`)
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'Please use plain text, on one line')
  .refine((value) => !LONE_SURROGATE.test(value), 'Please use plain text, on one line');

const altBody = z.object({ alt: altText });
const orderBody = z.object({
  ids: z
    .array(z.number({ error: 'Please give pictures’ ids' }).int('Please give pictures’ ids'), {
      error: 'Please list the pictures’ ids in their new order',
    })
    .max(100, 'Please list the pictures’ ids in their new order'),
});
const uploadBody = z.object({
  file: z.string().describe(`The picture: JPEG, PNG or WebP, at most ${megabytes} MB`),
  alt: altText,
});

const params = {
  id: 'The product family’s id (the products row with no parent)',
  picture_id: 'The picture’s id',
};

const listRoute = openapi({
  summary: 'A product family’s pictures, in the shop’s order (the first is the product’s picture)',
  permission: 'products.manage',
  params: { id: params.id },
  replies: { 200: data(pictureListSchema) },
  errors: ['not_found'],
});
const uploadRoute = openapi({
  summary: 'Adds a picture to a product family (multipart: `file` and `alt`)',
  description:
    `A JPEG, PNG or WebP picture of at most ${megabytes} MB, its type read from its bytes ` +
    '(never its name or declared type): anything else is 422 validation on `file`, a ' +
    'larger upload 413 payload_too_large. It is stored as WebP and AVIF at the widths the ' +
    'shop’s pages use (never enlarged), named by the hash of its bytes, and added last.',
  permission: 'products.manage',
  params: { id: params.id },
  body: { mediaType: 'multipart/form-data', schema: uploadBody },
  replies: { 201: data(z.object({ picture: pictureSchema })) },
  errors: ['validation', 'not_found', 'payload_too_large', 'unsupported_media_type'],
});
const altRoute = openapi({
  summary: 'Changes a picture’s alt text',
  permission: 'products.manage',
  params,
  body: altBody,
  replies: { 200: data(z.object({ picture: pictureSchema })) },
  errors: ['validation', 'not_found'],
});
const orderRoute = openapi({
  summary: 'Puts a product family’s pictures in a new order',
  description: '`ids` lists every picture of the family once, first first.',
  permission: 'products.manage',
  params: { id: params.id },
  body: orderBody,
  replies: { 200: data(pictureListSchema) },
  errors: ['validation', 'not_found'],
});
const removeRoute = openapi({
  summary: 'Removes a picture from a product family',
  description: 'It leaves the list and the shop; `POST …/{picture_id}/restore` puts it back.',
  permission: 'products.manage',
  params,
  replies: { 200: data(pictureListSchema) },
  errors: ['not_found'],
});

const restoreRoute = openapi({
  summary: 'Puts a removed picture back where it was in a product family’s list',
  permission: 'products.manage',
  params,
  replies: { 200: data(pictureListSchema) },
  errors: ['validation', 'not_found'],
});

type PictureRequest = FastifyRequest<{ Params: { id: string; picture_id?: string } }>;

function idOf(value: string | undefined): number {
  if (value === undefined || !/^\d{1,9}$/.test(value)) throw new AppError('not_found');
  return Number(value);
}

/** Multipart's own failures (busboy's included) as catalogue errors: never a 500. */
function uploadFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (status === 413) return new AppError('payload_too_large', { message: TOO_LARGE });
  return new AppError('bad_request', {
    message: 'The upload could not be read: please send one picture file and its alt text.',
  });
}

/** The file's bytes and the alt text of an upload (at most one file, read to its limit). */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; alt: unknown }> {
  let bytes: Buffer | null = null;
  let alt: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || bytes !== null) {
          part.file.resume();
          throw validationError({ file: ['Please send one picture, as the field `file`'] });
        }
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'alt') {
        alt = part.value;
      }
    }
  } catch (error) {
    throw uploadFailure(error);
  }
  if (bytes === null || bytes.length === 0) {
    throw validationError({
      file: ['Please choose a picture to upload'],
      ...(typeof alt === 'string' ? {} : { alt: ['Please describe the picture (alt text)'] }),
    });
  }
  return { bytes, alt };
}

export function picturesRoutes(app: FastifyInstance, deps: { pictures: PicturesService }) {
  const { pictures } = deps;
  const base = '/admin/products/:id/pictures';

  app.get(base, listRoute, async (request: PictureRequest) => ({
    data: await pictures.list(idOf(request.params.id)),
  }));

  // Multipart is parsed in this plugin only.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 4, fieldSize: 4 * 1024, parts: 6 },
    });
    scope.post<{ Params: { id: string } }>(
      base,
      {
        ...uploadRoute,
        // A declared length over the limit is refused before any of the body is read.
        onRequest: async (request) => {
          const length = Number(request.headers['content-length'] ?? 0);
          if (length > MAX_PICTURE_UPLOAD_BYTES) {
            throw new AppError('payload_too_large', { message: TOO_LARGE });
          }
        },
      },
      async (request, reply) => {
        const id = idOf(request.params.id);
        if (!request.isMultipart()) {
          throw new AppError('unsupported_media_type', {
            message: 'Please send the picture as multipart/form-data, with its alt text.',
          });
        }
        const actor = actorOf(request);
        const upload = await readUpload(request);
        const alt = parseInput(altBody, { alt: upload.alt }).alt;
        const picture = await pictures.upload(actor, id, { bytes: upload.bytes, alt });
        reply.code(201);
        return { data: { picture } };
      },
    );
  });

  app.put(`${base}/order`, orderRoute, async (request: PictureRequest) => {
    const input = parseInput(orderBody, objectBody(request.body));
    return { data: await pictures.reorder(actorOf(request), idOf(request.params.id), input.ids) };
  });

  app.patch(`${base}/:picture_id`, altRoute, async (request: PictureRequest) => {
    const input = parseInput(altBody, objectBody(request.body));
    const picture = await pictures.updateAlt(
      actorOf(request),
      idOf(request.params.id),
      idOf(request.params.picture_id),
      input.alt,
    );
    return { data: { picture } };
  });

  app.post(`${base}/:picture_id/restore`, restoreRoute, async (request: PictureRequest) => ({
    data: await pictures.restore(
      actorOf(request),
      idOf(request.params.id),
      idOf(request.params.picture_id),
    ),
  }));

  app.delete(`${base}/:picture_id`, removeRoute, async (request: PictureRequest) => ({
    data: await pictures.remove(
      actorOf(request),
      idOf(request.params.id),
      idOf(request.params.picture_id),
    ),
  }));
}
