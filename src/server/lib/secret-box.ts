/**
 * Sealed values at rest (ADR 075): AES-256-GCM under a key derived (HKDF-SHA256) from
 * a server secret and a purpose, so a value sealed for one purpose cannot be opened as
 * another and a copy of the database alone reveals nothing. Stored as
 * `v1.<base64url(iv | tag | ciphertext)>`; a value without the prefix is one written
 * before sealing began and is returned as it is (the start-up seals those).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string): string;
  /** The value, or null when it was sealed under another key or altered. */
  open(stored: string): string | null;
  isSealed(stored: string): boolean;
}

export function secretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'everbloom-secret-box', purpose, 32));
  const aad = Buffer.from(purpose);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
          .setAAD(aad)
          .setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const body = raw.subarray(IV_BYTES + TAG_BYTES);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    isSealed: (stored) => stored.startsWith(PREFIX),
  };
}
