/**
 * The API benchmark's baseline: a bare node:http server answering the basket
 * endpoints with fixed JSON bodies captured from the real app, so the benchmark can
 * show how much of the shop's time is HTTP/Node overhead and how much is its own.
 *
 * Environment: BARE_PORT, BARE_HOST (default 127.0.0.1), BARE_GET_BODY_FILE and
 * BARE_POST_BODY_FILE (files holding the JSON to answer GET and POST /api/v1/basket).
 */
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';

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
const getBody = readFileSync(required('BARE_GET_BODY_FILE'));
const postBody = readFileSync(required('BARE_POST_BODY_FILE'));
const healthBody = Buffer.from(JSON.stringify({ data: { status: 'ok' } }));
const notFoundBody = Buffer.from(JSON.stringify({ error: { code: 'not_found' } }));

function send(response: ServerResponse, status: number, body: Buffer) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-store',
  });
  response.end(body);
}

const server = createServer((request, response) => {
  const path = request.url?.split('?')[0];
  if (path === '/api/v1/basket' && request.method === 'GET') return send(response, 200, getBody);
  if (path === '/api/v1/health' && request.method === 'GET') return send(response, 200, healthBody);
  if (path === '/api/v1/basket' && request.method === 'POST') {
    // Read and parse the body as the app would, then answer the captured basket.
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(response, 400, Buffer.from('{"error":{"code":"invalid_json"}}'));
      }
      send(response, 200, postBody);
    });
    return;
  }
  send(response, 404, notFoundBody);
});

server.listen(port, host);

const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
