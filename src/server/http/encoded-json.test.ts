import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, encodedJson } from './encoded-json.ts';

const big = { data: { note: 'fern '.repeat(COMPRESS_MIN_BYTES) } };
const small = { data: { note: 'fern' } };
const text = JSON.stringify(big);

describe('encoded JSON bodies', () => {
  it('answers the encoding the client prefers among brotli and gzip', () => {
    const encode = encodedJson((value: object) => JSON.stringify(value));
    const br = encode(big, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    const gzip = encode(big, 'gzip, br;q=0.5');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(text);
  });

  it('sends the plain body when nothing it offers is accepted, or none is asked for', () => {
    const encode = encodedJson((value: object) => JSON.stringify(value));
    for (const header of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const plain = encode(big, header);
      expect(plain.encoding).toBeNull();
      expect(plain.body.toString()).toBe(text);
    }
  });

  it('does not compress small bodies', () => {
    const encode = encodedJson((value: object) => JSON.stringify(value));
    expect(encode(small, 'br, gzip')).toEqual({
      body: Buffer.from(JSON.stringify(small)),
      encoding: null,
    });
  });

  it('serialises and compresses each value once, however often it is sent', () => {
    let serialised = 0;
    const encode = encodedJson((value: object) => {
      serialised += 1;
      return JSON.stringify(value);
    });
    const first = encode(big, 'br');
    expect(encode(big, 'br').body).toBe(first.body);
    expect(encode(big, 'gzip').body).not.toBe(first.body);
    expect(encode({ ...big }, 'br').body.equals(first.body)).toBe(true);
    expect(serialised).toBe(2);
  });
});
