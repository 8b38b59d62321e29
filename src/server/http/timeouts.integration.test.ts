/**
 * Stalled requests are timed out (issue 19): a client that stops sending its headers or
 * its body is answered 408 and its connection closed, instead of holding it forever.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, requestTimeoutOptions } from './timeouts.ts';

/** Sends `text` and waits for the server to close the connection; all it answered. */
function sendAndWaitForClose(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests a client stops sending', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      requestTimeouts: { headersMs: 300, requestMs: 600, checkEveryMs: 50 },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers 408 and closes when the body stops arriving', async () => {
    const answer = await sendAndWaitForClose(
      port,
      'POST /api/v1/basket HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"product_id":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes when the headers stop arriving', async () => {
    const answer = await sendAndWaitForClose(
      port,
      'GET /api/v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('limits every process by default: seconds, not never', () => {
    const options = requestTimeoutOptions();
    expect(options.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(options.http.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(0);
  });
});
