/**
 * The API benchmark's baseline: a bare node:http server answering the basket
 * endpoints with fixed JSON bodies captured from the real app, so the benchmark can
 * show how much of the shop's time is HTTP/Node overhead and how much is its own.
 *
 * Environment: BARE_PORT, BARE_HOST (default 127.0.0.1), BARE_GET_BODY_FILE and
 * BARE_POST_BODY_FILE (files holding the JSON to answer GET and POST /api/v1/basket).
 */
import { readFileSync } from 'node:fs';
import { health, requiredEnv, serveBare, type Answer } from '../lib/bare-server.ts';

const getBasket: Answer = { status: 200, body: readFileSync(requiredEnv('BARE_GET_BODY_FILE')) };
const postBasket: Answer = { status: 200, body: readFileSync(requiredEnv('BARE_POST_BODY_FILE')) };

serveBare((request, path) => {
  if (path === '/api/v1/basket' && request.method === 'GET') return getBasket;
  if (path === '/api/v1/health' && request.method === 'GET') return health;
  if (path === '/api/v1/basket' && request.method === 'POST') return postBasket;
  return null;
});
