/**
 * The order benchmark's baseline: a bare node:http server answering each checkout step
 * with the status and JSON the shop answered it (captured on the same run), reading and
 * parsing request bodies as the shop does, so the benchmark can show how much of a
 * checkout's time is HTTP, Node and the client, and how much is the shop's own.
 *
 * Environment: BARE_PORT, BARE_HOST (default 127.0.0.1), BARE_BODIES_FILE (JSON: for each
 * step name, `{ status, text }` as bench/orders/run.ts or bench/load/run.ts captured it).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { health, requiredEnv, serveBare, type Answer } from '../lib/bare-server.ts';

const captured = JSON.parse(readFileSync(requiredEnv('BARE_BODIES_FILE'), 'utf8')) as Record<
  string,
  { status: number; text: string } | undefined
>;

function answer(step: string): Answer | null {
  const reply = captured[step];
  return reply ? { status: reply.status, body: Buffer.from(reply.text) } : null;
}

/** What the shop answers `method path`; a POST to the basket without a cookie makes one. */
const routes: Record<string, (request: IncomingMessage) => Answer | null> = {
  'GET /api/v1/health': () => health,
  'POST /api/v1/basket': (request) => answer(request.headers.cookie ? 'add item' : 'create basket'),
  'PUT /api/v1/basket/details': () => answer('details'),
  'GET /api/v1/basket': () => answer('GET basket'),
  'PUT /api/v1/basket/delivery': () => answer('delivery'),
  'POST /api/v1/basket/order': () => answer('order'),
};

let cookieNumber = 0;

/** GET /api/v1/orders/:public_id, the thank-you page's read (bench/load). */
const ORDER_PATH = '/api/v1/orders/';

serveBare(
  (request, path) =>
    request.method === 'GET' && path?.startsWith(ORDER_PATH)
      ? answer('read order')
      : (routes[`${request.method} ${path}`]?.(request) ?? null),
  (request): Record<string, string> => {
    if (request.headers.cookie || request.method !== 'POST') return {};
    cookieNumber += 1;
    return {
      'set-cookie': `everbloom_basket=bare-${cookieNumber}; Path=/; HttpOnly; SameSite=Lax`,
    };
  },
);
