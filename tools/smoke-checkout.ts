/**
 * The deployment's smoke test (issue 23, ADR 073): one complete guest checkout over HTTPS
 * and HTTP/2 against a running shop, through the front a shopper reaches (Caddy in the
 * compose setup), sending what the browser sends: the page and one of its scripts, then
 * the API calls of the basket, address, delivery and payment steps — the test-mode card
 * payment as the browser's test-mode client makes it (client token, a card nonce from
 * the card's non-secret details, 3-D Secure) — the order, and the thank-you page's read
 * of it. Each step checks what a shopper would notice; the first that fails stops the
 * run with the step's name, the status and the reply.
 *
 * It places a real order: run it against a demo shop (PAYMENTS_TEST_MODE=true) or a
 * Braintree sandbox, never against a shop taking real payments (the test-mode payment
 * calls do not exist there, and it stops at the client token).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http2 from 'node:http2';
import { rootCertificates } from 'node:tls';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** Braintree's sandbox Visa card: its fake nonce class passes 3-D Secure without a challenge. */
const TEST_CARD = {
  fakeNonce: 'fake-valid-visa-nonce',
  details: {
    cardType: 'Visa',
    lastFour: '1111',
    bin: '411111',
    expirationMonth: '12',
    expirationYear: String(new Date().getFullYear() + 3),
    cardholderName: 'Ada Lovelace',
  },
};

const ADDRESS = {
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  line_1: '10 Downing Street',
  line_3: 'London',
  line_4: 'Greater London',
  postcode: 'SW1A 2AA',
  country_code: 'GBR',
  telephone: '02079460000',
};

const prefixed = (prefix: string) =>
  Object.fromEntries(Object.entries(ADDRESS).map(([key, value]) => [prefix + key, value]));

/** How long one request may take. */
const REQUEST_TIMEOUT_MS = 15_000;

/** A step that did not answer what a shopper needs; the message names the step. */
export class SmokeFailure extends Error {
  override name = 'SmokeFailure';

  constructor(
    readonly step: string,
    reason: string,
  ) {
    super(`${step}: ${reason}`);
  }
}

export interface SmokeOptions {
  /** Extra trusted root certificate (PEM), e.g. Caddy's local CA's root.crt. */
  ca?: string;
  /** The product (or variation) id to buy; else the first one in stock the catalogue lists. */
  productId?: number;
  /** Called after each step that passed, with its name, a detail and its time. */
  onStep?: (step: string, detail: string, ms: number) => void;
}

export interface SmokeResult {
  /** The order's public id, its status and the total paid (e.g. £59.98). */
  order: { publicId: string; status: string; total: string };
  /** The protocol the front spoke (h2). */
  alpn: string;
  requests: number;
}

interface Reply {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
  text: () => string;
}

interface Product {
  id: number;
  name: string;
  quantity_available: number;
  is_bundle: boolean;
  preorder: boolean;
  discontinued: boolean;
  variations?: Product[];
}

interface BasketView {
  items: unknown[];
  prices: { total: { price: string; label: string } };
  discounted_prices: { total: { price: string; label: string } } | null;
  available_delivery_options: { id: string }[];
  delivery_option: { id: string } | null;
}

/** The first product that can be bought now, one of its variations when it has them. */
function buyable(products: Product[]): Product | undefined {
  for (const product of products) {
    const candidates = product.variations?.length ? product.variations : [product];
    const found = candidates.find(
      (item) =>
        item.quantity_available > 0 && !item.is_bundle && !item.preorder && !item.discontinued,
    );
    if (found) return found;
  }
  return undefined;
}

/** What a reply said, shortened for a failure message. */
function excerpt(reply: Reply): string {
  const text = reply.text().replace(/\s+/g, ' ').trim();
  const id = reply.headers['x-request-id'];
  return `${reply.status}${id ? ` (request id ${String(id)})` : ''}: ${text.slice(0, 400) || '(empty body)'}`;
}

function parseJson<T>(step: string, reply: Reply): T {
  try {
    return JSON.parse(reply.text()) as T;
  } catch {
    throw new SmokeFailure(step, `the reply is not JSON: ${excerpt(reply)}`);
  }
}

/** Runs the smoke test against `origin` (https://host[:port]); throws SmokeFailure. */
export async function runSmoke(origin: string, options: SmokeOptions = {}): Promise<SmokeResult> {
  const url = new URL(origin);
  if (url.protocol !== 'https:' || url.pathname !== '/' || url.search) {
    throw new SmokeFailure(
      'address',
      `give the shop's https origin (https://host[:port]), not ${origin}`,
    );
  }
  const base = url.origin;
  const cookies = new Map<string, string>();
  let requests = 0;

  const session = await new Promise<http2.ClientHttp2Session>((resolve, reject) => {
    const client = http2.connect(base, {
      ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
      // Without HTTP/2 the connection fails here rather than falling back silently.
      ALPNProtocols: ['h2'],
    });
    const fail = (error: Error) =>
      reject(
        new SmokeFailure(
          'connect',
          `${error.message}${/certificate/i.test(error.message) ? ' (trust the front’s CA: --ca <root.crt> or NODE_EXTRA_CA_CERTS)' : ''}`,
        ),
      );
    client.once('error', fail);
    client.once('connect', () => {
      client.off('error', fail);
      resolve(client);
    });
  });
  session.on('error', () => undefined);
  const alpn = session.alpnProtocol ?? '';

  const request = (
    step: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ) =>
    new Promise<Reply>((resolve, reject) => {
      requests += 1;
      const headers: http2.OutgoingHttpHeaders = {
        ':method': method,
        ':path': path,
        accept: path.startsWith('/api/') ? 'application/json' : '*/*',
        // What a browser on the shop's own page sends (the origin check, ADR 044).
        'sec-fetch-site': 'same-origin',
        ...extraHeaders,
      };
      if (method !== 'GET') headers.origin = base;
      if (cookies.size > 0)
        headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      // As a browser does: the body's length up front, and a bodiless request ends with
      // its headers (an open-ended empty body reaches the shop as chunked, without a
      // content-type: 415).
      const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
      if (payload) headers['content-type'] = 'application/json';
      if (method !== 'GET') headers['content-length'] = String(payload?.length ?? 0);
      const stream = session.request(headers, { endStream: payload === null });
      stream.setTimeout(REQUEST_TIMEOUT_MS, () =>
        stream.close(http2.constants.NGHTTP2_CANCEL, () =>
          reject(new SmokeFailure(step, `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)),
        ),
      );
      const chunks: Buffer[] = [];
      let responseHeaders: http2.IncomingHttpHeaders = {};
      stream.on('response', (received) => {
        responseHeaders = received;
        for (const line of [received['set-cookie'] ?? []].flat()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          if (at <= 0) continue;
          const value = pair.slice(at + 1);
          // An expired or empty cookie is the shop clearing it.
          if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
            cookies.delete(pair.slice(0, at));
          else cookies.set(pair.slice(0, at), value);
        }
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks);
        resolve({
          status: Number(responseHeaders[':status'] ?? 0),
          headers: responseHeaders,
          body: data,
          text: () => data.toString('utf8'),
        });
      });
      stream.on('error', (error) => reject(new SmokeFailure(step, error.message)));
      if (payload) stream.end(payload);
    });

  const step = async <T>(name: string, run: () => Promise<[T, string]>): Promise<T> => {
    const started = performance.now();
    const [value, detail] = await run();
    options.onStep?.(name, detail, performance.now() - started);
    return value;
  };

  /** A request that must answer one of `expected`; its JSON `data`. */
  const api = async <T>(
    name: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    extraHeaders?: Record<string, string>,
    expected: number[] = [200],
  ): Promise<T> => {
    const reply = await request(name, method, path, body, extraHeaders);
    if (!expected.includes(reply.status)) throw new SmokeFailure(name, excerpt(reply));
    const parsed = parseJson<{ data?: T }>(name, reply);
    if (parsed.data === undefined) throw new SmokeFailure(name, `no data in ${excerpt(reply)}`);
    return parsed.data;
  };

  try {
    await step('HTTPS and HTTP/2', async () => {
      if (alpn !== 'h2')
        throw new SmokeFailure(
          'HTTPS and HTTP/2',
          `the front spoke ${alpn || 'no ALPN protocol'}, not h2`,
        );
      return [null, `TLS to ${url.host}, ALPN ${alpn}`];
    });

    await step('ready', async () => {
      const reply = await request('ready', 'GET', '/readyz');
      if (reply.status !== 200) throw new SmokeFailure('ready', excerpt(reply));
      return [null, 'GET /readyz 200'];
    });

    const script = await step('home page', async () => {
      const reply = await request('home page', 'GET', '/', undefined, {
        accept: 'text/html',
        'accept-encoding': 'br, gzip',
      });
      if (reply.status !== 200) throw new SmokeFailure('home page', excerpt(reply));
      if (!String(reply.headers['content-type']).startsWith('text/html'))
        throw new SmokeFailure(
          'home page',
          `content-type ${String(reply.headers['content-type'])}`,
        );
      // Reported, not required: pages the server renders are compressed, the others
      // (sent as the build's index.html) are not; the scripts must be (next step).
      const encoding = String(reply.headers['content-encoding'] ?? 'none');
      const hsts = reply.headers['strict-transport-security'];
      const html = decode(reply.body, encoding);
      const src = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      if (!src) throw new SmokeFailure('home page', 'no /assets/*.js script in the page');
      return [src, `200 text/html, ${encoding}${hsts ? ', HSTS' : ', no HSTS (not production?)'}`];
    });

    await step('page script', async () => {
      const reply = await request('page script', 'GET', script, undefined, {
        'accept-encoding': 'br, gzip',
      });
      if (reply.status !== 200)
        throw new SmokeFailure('page script', `${script}: ${excerpt(reply)}`);
      const encoding = String(reply.headers['content-encoding'] ?? 'none');
      if (encoding !== 'br')
        throw new SmokeFailure(
          'page script',
          `${script} not sent as the build's brotli file (content-encoding ${encoding})`,
        );
      return [null, `${script} ${encoding}, ${reply.body.length} bytes`];
    });

    const product = await step('catalogue', async (): Promise<[{ id: number }, string]> => {
      if (options.productId !== undefined)
        return [{ id: options.productId }, `product ${options.productId} (given)`];
      const data = await api<{ products: Product[] }>('catalogue', 'GET', '/api/v1/products');
      const found = buyable(data.products);
      if (!found)
        throw new SmokeFailure(
          'catalogue',
          'no product in stock on the first page (give --product <id>)',
        );
      return [found, `${found.name} (id ${found.id})`];
    });

    await step('basket', async () => {
      const basket = await api<BasketView>('basket', 'POST', '/api/v1/basket', {
        product_id: product.id,
        quantity: 1,
      });
      if (basket.items.length !== 1)
        throw new SmokeFailure('basket', `${basket.items.length} items in the basket, expected 1`);
      if (cookies.size === 0) throw new SmokeFailure('basket', 'no basket cookie was set');
      return [null, `1 item, ${basket.prices.total.label}`];
    });

    await step('address', async () => {
      const email = `smoke-${randomBytes(4).toString('hex')}@example.com`;
      await api('address', 'PUT', '/api/v1/basket/details', {
        email_address: email,
        ...prefixed('delivery_address_'),
        ...prefixed('billing_address_'),
      });
      return [null, `${email}, ${ADDRESS.postcode}`];
    });

    const basket = await step('delivery', async () => {
      const offered = await api<BasketView>('delivery', 'GET', '/api/v1/basket');
      const option = offered.available_delivery_options[0];
      if (!option) throw new SmokeFailure('delivery', 'no delivery option offered for the address');
      const chosen = await api<BasketView>('delivery', 'PUT', '/api/v1/basket/delivery', {
        option_id: option.id,
      });
      if (chosen.delivery_option?.id !== option.id)
        throw new SmokeFailure('delivery', `option ${option.id} not kept`);
      return [
        chosen,
        `${option.id}, total ${(chosen.discounted_prices ?? chosen.prices).total.label}`,
      ];
    });
    const due = (basket.discounted_prices ?? basket.prices).total;

    const nonce = await step('card payment', async () => {
      const { token } = await api<{ token: string }>(
        'card payment',
        'POST',
        '/api/v1/payments/token',
      );
      let client: { authorizationFingerprint?: unknown; configUrl?: unknown };
      try {
        client = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as typeof client;
      } catch {
        client = {};
      }
      if (
        typeof client.authorizationFingerprint !== 'string' ||
        typeof client.configUrl !== 'string'
      )
        throw new SmokeFailure(
          'card payment',
          'the client token is not the test-mode gateway’s: payments are not in test mode (PAYMENTS_TEST_MODE=true)',
        );
      const clientApi = new URL(client.configUrl, base).pathname.replace(/\/config$/, '');
      const fingerprint = client.authorizationFingerprint;
      const card = await api<{ nonce: string }>('card payment', 'POST', `${clientApi}/nonces`, {
        authorization_fingerprint: fingerprint,
        type: 'CreditCard',
        fake_nonce: TEST_CARD.fakeNonce,
        details: TEST_CARD.details,
      });
      const verified = await api<{ nonce: string; liabilityShifted: boolean }>(
        'card payment',
        'POST',
        `${clientApi}/three_d_secure`,
        {
          authorization_fingerprint: fingerprint,
          nonce: card.nonce,
          amount: due.price,
          outcome: 'authenticated',
        },
      );
      if (!verified.liabilityShifted)
        throw new SmokeFailure('card payment', '3-D Secure did not shift liability');
      return [
        verified.nonce,
        `Visa •••• ${TEST_CARD.details.lastFour}, 3-D Secure passed for £${due.price}`,
      ];
    });

    const placed = await step('order', async () => {
      const order = await api<{ public_id?: string }>(
        'order',
        'POST',
        '/api/v1/basket/order',
        {
          payment_method_nonce: nonce,
          device_data: JSON.stringify({ correlation_id: randomBytes(16).toString('hex') }),
        },
        { 'idempotency-key': randomUUID() },
        [200, 201],
      );
      if (typeof order.public_id !== 'string' || !order.public_id)
        throw new SmokeFailure('order', 'no public_id in the reply');
      return [order.public_id, order.public_id];
    });

    const confirmed = await step('confirmation', async () => {
      const data = await api<{ order?: { status?: string; public_id?: string } }>(
        'confirmation',
        'GET',
        `/api/v1/orders/${encodeURIComponent(placed)}`,
      );
      const status = data.order?.status ?? '(none)';
      if (status !== 'paid')
        throw new SmokeFailure('confirmation', `order ${placed} is ${status}, not paid`);
      return [status, `order ${placed} ${status}`];
    });

    return { order: { publicId: placed, status: confirmed, total: due.label }, alpn, requests };
  } finally {
    session.close();
  }
}

/** A body as text, undoing the content encoding the shop chose. */
function decode(body: Buffer, encoding: string): string {
  const raw =
    encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return raw.toString('utf8');
}

/** Reads a CA file for `--ca`, failing with its name. */
export function readCa(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new SmokeFailure(
      'address',
      `cannot read the CA file ${path}: ${(error as Error).message}`,
    );
  }
}
