/**
 * What the benchmarks' baseline servers (bench/api/bare-server.ts,
 * bench/orders/bare-server.ts) share: a bare node:http server answering fixed JSON
 * captured from the real app. Like the app, it reads and parses the JSON body of any
 * request but a GET before answering (400 invalid_json when it does not parse). It
 * listens on BARE_PORT and BARE_HOST (default 127.0.0.1) and stops on SIGTERM or SIGINT.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface Answer {
  status: number;
  body: Buffer;
}

/** An environment variable the server cannot start without (exits 1 when unset). */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`bare-server: ${name} is not set`);
    process.exit(1);
  }
  return value;
}

export const health: Answer = { status: 200, body: Buffer.from('{"data":{"status":"ok"}}') };
export const notFound: Answer = {
  status: 404,
  body: Buffer.from('{"error":{"code":"not_found"}}'),
};
const badJson: Answer = { status: 400, body: Buffer.from('{"error":{"code":"invalid_json"}}') };

/**
 * Serves `route`'s answer to each request (404 not_found when it has none), with the
 * headers the shop sends and any `extraHeaders` it gives for the request.
 */
export function serveBare(
  route: (request: IncomingMessage, path: string | undefined) => Answer | null,
  extraHeaders: (request: IncomingMessage) => Record<string, string> = () => ({}),
): void {
  const port = Number(requiredEnv('BARE_PORT'));
  const host = process.env.BARE_HOST || '127.0.0.1';

  function send(request: IncomingMessage, response: ServerResponse, reply: Answer) {
    response.writeHead(reply.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': reply.body.length,
      'cache-control': 'no-store',
      ...extraHeaders(request),
    });
    response.end(reply.body);
  }

  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    const reply = route(request, path) ?? notFound;
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
}
