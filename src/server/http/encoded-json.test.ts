import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  COMPRESS_MIN_BYTES,
  encodedJson,
  SYNC_COMPRESS_MAX_BYTES,
  type EncodedBody,
} from './encoded-json.ts';

const big = { data: { note: 'fern '.repeat(COMPRESS_MIN_BYTES) } };
const small = { data: { note: 'fern' } };
const text = JSON.stringify(big);

/** An encoder of bodies small enough to be compressed at once (on the event loop). */
function immediate(serialise: (value: object) => string = JSON.stringify) {
  const encode = encodedJson(serialise);
  return (value: object, acceptEncoding: string | undefined): EncodedBody => {
    const result = encode(value, acceptEncoding);
    if (result instanceof Promise) throw new Error('A small body was compressed asynchronously');
    return result;
  };
}

describe('encoded JSON bodies', () => {
  it('answers the encoding the client prefers among brotli and gzip', () => {
    const encode = immediate();
    const br = encode(big, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    const gzip = encode(big, 'gzip, br;q=0.5');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(text);
  });

  it('sends the plain body when nothing it offers is accepted, or none is asked for', () => {
    const encode = immediate();
    for (const header of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const plain = encode(big, header);
      expect(plain.encoding).toBeNull();
      expect(plain.body.toString()).toBe(text);
    }
  });

  it('does not compress small bodies', () => {
    const encode = immediate();
    expect(encode(small, 'br, gzip')).toEqual({
      body: Buffer.from(JSON.stringify(small)),
      encoding: null,
    });
  });

  it('serialises and compresses each value once, however often it is sent', () => {
    let serialised = 0;
    const encode = immediate((value: object) => {
      serialised += 1;
      return JSON.stringify(value);
    });
    const first = encode(big, 'br');
    expect(encode(big, 'br').body).toBe(first.body);
    expect(encode(big, 'gzip').body).not.toBe(first.body);
    expect(encode({ ...big }, 'br').body.equals(first.body)).toBe(true);
    expect(serialised).toBe(2);
  });

  it('compresses large bodies off the event loop, once for concurrent requests', async () => {
    const large = { data: { notes: Array.from({ length: 4_000 }, (_, i) => `fern ${i}`) } };
    const largeText = JSON.stringify(large);
    expect(largeText.length).toBeGreaterThan(SYNC_COMPRESS_MAX_BYTES);
    const encode = encodedJson((value: object) => JSON.stringify(value));
    const pending = [encode(large, 'br'), encode(large, 'br')];
    expect(pending[0]).toBeInstanceOf(Promise);
    const [first, second] = await Promise.all(pending);
    expect(brotliDecompressSync(first!.body).toString()).toBe(largeText);
    expect(second!.body).toBe(first!.body);
    // Once compressed, later requests are answered from the kept bytes.
    const later = encode(large, 'br');
    expect(later).not.toBeInstanceOf(Promise);
    expect((later as { body: Buffer }).body).toBe(first!.body);
  });
});
