import { describe, expect, it } from 'vitest';
import { readAuthToken, removeAuthToken, setAuthToken } from './auth-token.ts';
import { readCookie } from './cookies.ts';
import { readProductClick, saveProductClick } from './product-clicks.ts';

describe('the browser’s cookies', () => {
  it('keeps the login and the product clicks side by side, each read back intact', () => {
    setAuthToken('tok_ada');
    saveProductClick(5, { list: 'Category: Trees & Plants; "indoor"', position: 2 });
    saveProductClick(40, { list: 'Home page', position: 1 });

    expect(readAuthToken()).toBe('tok_ada');
    expect(readProductClick(5)).toEqual({
      list: 'Category: Trees & Plants; "indoor"',
      position: 2,
    });

    // Reading with remove forgets that click only.
    expect(readProductClick(40, true)).toEqual({ list: 'Home page', position: 1 });
    expect(readProductClick(40)).toBeNull();
    expect(readProductClick(5)).not.toBeNull();
    expect(readAuthToken()).toBe('tok_ada');

    removeAuthToken();
    expect(readAuthToken()).toBeNull();
    expect(readProductClick(5)).not.toBeNull();
  });

  it('does not take a cookie whose name merely starts the same', () => {
    document.cookie = 'ba_auth_token_old=stale; path=/';
    expect(readAuthToken()).toBeNull();
    expect(readCookie('ba_auth_token_old')).toBe('stale');
  });

  it('treats a value that cannot be decoded as absent', () => {
    document.cookie = 'product_clicks=%E0%A4%A; path=/';
    expect(readCookie('product_clicks')).toBeNull();
    expect(readProductClick(5)).toBeNull();
  });
});
