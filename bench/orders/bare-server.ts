/**
 * The order benchmark's baseline: a bare node:http server answering each checkout step
 * with the status and JSON the shop answered it (captured on the same run), reading and
 * parsing request bodies as the shop does, so the benchmark can show how much of a
 * checkout's time is HTTP, Node and the client, and how much is the shop's own.
 *
 * Environment: BARE_PORT, BARE_HOST (default 127.0.0.1), BARE_BODIES_FILE (JSON: for each
 * step name, `{ status, text }` as bench/orders/run.ts captured it).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`bare-server: ${name} is not set`);
    process.exit(1);
  }
  return value;
}

const port = Number(required('BARE_PORT'));
const host = process.env.BARE_HOST || '127.0.0.1';
const captured = JSON.parse(readFileSync(required('BARE_BODIES_FILE'), 'utf8')) as Record<
  string,
  { status: number; text: string } | undefined
>;

interface Answer {
  status: number;
  body: Buffer;
}

function answer(step: string): Answer | null {
  const reply = captured[step];
  return reply ? { status: reply.status, body: Buffer.from(reply.text) } : null;
}

const health: Answer = { status: 200, body: Buffer.from('{"data":{"status":"ok"}}') };
const notFound: Answer = { status: 404, body: Buffer.from('{"error":{"code":"not_found"}}') };
const badJson: Answer = { status: 400, body: Buffer.from('{"error":{"code":"invalid_json"}}') };

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

function send(request: IncomingMessage, response: ServerResponse, reply: Answer) {
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': reply.body.length,
    'cache-control': 'no-store',
  };
  if (!request.headers.cookie && request.method === 'POST') {
    cookieNumber += 1;
    headers['set-cookie'] = `everbloom_basket=bare-${cookieNumber}; Path=/; HttpOnly; SameSite=Lax`;
  }
  response.writeHead(reply.status, headers);
  response.end(reply.body);
}

const server = createServer((request, response) => {
  const path = request.url?.split('?')[0];
  const reply = routes[`${request.method} ${path}`]?.(request) ?? notFound;
  if (request.method === 'GET') return send(request, response, reply);
  // Read and parse the body as the app would, then answer the captured JSON.
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return send(request, response, badJson);
    }
    send(request, response, reply);
  });
});

server.listen(port, host);

const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
