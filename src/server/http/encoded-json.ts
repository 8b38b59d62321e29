/**
 * JSON bodies sent many times over (cached basket views): serialised, and compressed
 * for each encoding browsers accept, once per value instead of once per request.
 * Routes that use it opt out of @fastify/compress (`compress: false`).
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Encodings offered, in the server's order of preference. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Smaller bodies are sent as they are (as @fastify/compress's threshold). */
export const COMPRESS_MIN_BYTES = 1024;

// Brotli at the quality @fastify/compress uses: fast enough to run once per new view.
const BROTLI = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 4,
  },
};

/**
 * Bodies up to this size are compressed on the event loop (a basket: well under a
 * millisecond); larger ones (the product list) on libuv's thread pool, so one large
 * body never holds up other requests.
 */
export const SYNC_COMPRESS_MAX_BYTES = 32 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compress(encoding: 'br' | 'gzip', body: Buffer): Buffer | Promise<Buffer> {
  if (body.length <= SYNC_COMPRESS_MAX_BYTES) {
    return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body);
  }
  return encoding === 'br' ? brotliAsync(body, BROTLI) : gzipAsync(body);
}

export interface EncodedBody {
  body: Buffer;
  /** The Content-Encoding to send, or null for none. */
  encoding: 'br' | 'gzip' | null;
}

/**
 * A function answering the body of `value` in the best encoding `accept-encoding`
 * allows. Values are cached by identity: never mutate one after sending it.
 */
export function encodedJson<T extends object>(
  serialise: (value: T) => string,
): (value: T, acceptEncoding: string | undefined) => EncodedBody | Promise<EncodedBody> {
  const bodies = new WeakMap<T, Partial<Record<Encoding, Buffer | Promise<Buffer>>>>();
  return (value, acceptEncoding) => {
    let forms = bodies.get(value);
    if (!forms) {
      forms = { identity: Buffer.from(serialise(value)) };
      bodies.set(value, forms);
    }
    const identity = forms.identity as Buffer;
    const chosen: Encoding =
      acceptEncoding && identity.length >= COMPRESS_MIN_BYTES
        ? (negotiate(acceptEncoding, [...ENCODINGS]) ?? 'identity')
        : 'identity';
    if (chosen === 'identity') return { body: identity, encoding: null };
    let body = forms[chosen];
    if (!body) {
      // Concurrent requests for a large body share one compression.
      body = compress(chosen, identity);
      forms[chosen] = body;
      if (body instanceof Promise) {
        const cached = forms;
        body.then(
          (done) => (cached[chosen] = done),
          () => delete cached[chosen],
        );
      }
    }
    return body instanceof Promise
      ? body.then((done) => ({ body: done, encoding: chosen }))
      : { body, encoding: chosen };
  };
}

/** A body sent once (a server-rendered page) in the best encoding `accept-encoding` allows. */
export async function encodedText(
  text: string,
  acceptEncoding: string | undefined,
): Promise<EncodedBody> {
  const identity = Buffer.from(text);
  const chosen: Encoding =
    acceptEncoding && identity.length >= COMPRESS_MIN_BYTES
      ? (negotiate(acceptEncoding, [...ENCODINGS]) ?? 'identity')
      : 'identity';
  if (chosen === 'identity') return { body: identity, encoding: null };
  return { body: await compress(chosen, identity), encoding: chosen };
}

/** Answers `value` as JSON through `encode`, in the encoding the request accepts. */
export async function sendEncodedJson<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  encode: (value: T, acceptEncoding: string | undefined) => EncodedBody | Promise<EncodedBody>,
  value: T,
): Promise<FastifyReply> {
  const { body, encoding } = await encode(value, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8').send(body);
}
