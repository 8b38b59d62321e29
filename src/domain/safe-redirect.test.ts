import { describe, expect, it } from 'vitest';
import { REDIRECT_PATH_MAX_LENGTH, safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps a path on this site, with its query and fragment', () => {
    for (const path of ['/', '/account', '/checkout/address', '/account?tab=addresses#home']) {
      expect(safeRedirectPath(path)).toBe(path);
    }
  });

  it('refuses anything that could lead to another site', () => {
    for (const value of [
      '//evil.example/phish',
      '/\\evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/account\\..\\',
      'https://evil.example/',
      'javascript:alert(1)',
      'account',
      ' /account',
      '',
      `/${'a'.repeat(REDIRECT_PATH_MAX_LENGTH)}`,
    ]) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('refuses what is not text', () => {
    for (const value of [undefined, null, 42, ['/account'], { path: '/account' }]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});
