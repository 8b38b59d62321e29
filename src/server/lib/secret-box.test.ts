import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box.ts';

const SECRET = 'a-cookie-secret-of-at-least-32-characters!';
const TOTP = 'RHE3QYRTB4J5LRAREIDURJJQ7WJ6YJQ5';

describe('secretBox', () => {
  const box = secretBox(SECRET, 'staff-totp');

  it('seals a value so the stored text does not contain it, and opens it again', () => {
    const sealed = box.seal(TOTP);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(TOTP);
    expect(box.isSealed(sealed)).toBe(true);
    expect(box.open(sealed)).toBe(TOTP);
  });

  it('seals the same value differently each time (a fresh nonce)', () => {
    expect(box.seal(TOTP)).not.toBe(box.seal(TOTP));
  });

  it('cannot open under another secret or for another purpose, nor once altered', () => {
    const sealed = box.seal(TOTP);
    expect(secretBox(`${SECRET}-rotated`, 'staff-totp').open(sealed)).toBeNull();
    expect(secretBox(SECRET, 'something-else').open(sealed)).toBeNull();
    const body = Buffer.from(sealed.slice(3), 'base64url');
    body[body.length - 1]! ^= 1;
    expect(box.open(`v1.${body.toString('base64url')}`)).toBeNull();
    expect(box.open('v1.short')).toBeNull();
  });

  it('passes a value written before sealing began through as it is', () => {
    expect(box.isSealed(TOTP)).toBe(false);
    expect(box.open(TOTP)).toBe(TOTP);
  });
});
