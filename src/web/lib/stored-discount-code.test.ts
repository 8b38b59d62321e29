import { afterEach, describe, expect, it } from 'vitest';
import {
  captureDiscountCodeFromUrl,
  clearStoredDiscountCode,
  DISCOUNT_CODE_STORAGE_KEY,
  readStoredDiscountCode,
} from './stored-discount-code.ts';

function visit(path: string) {
  window.history.replaceState(null, '', path);
}

describe('captureDiscountCodeFromUrl', () => {
  afterEach(() => visit('/'));

  it('stores the code in capitals and removes only that parameter from the address bar', () => {
    visit('/basket?utm_source=newsletter&discount_code=welcome10&page=2#reviews');

    expect(captureDiscountCodeFromUrl()).toBe('WELCOME10');

    expect(window.localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBe('WELCOME10');
    expect(window.location.pathname).toBe('/basket');
    expect(window.location.search).toBe('?utm_source=newsletter&page=2');
    expect(window.location.hash).toBe('#reviews');
  });

  it('leaves no question mark behind when the code was the only parameter', () => {
    visit('/products/artificial-olive-tree?discount_code=TENOFF');

    expect(captureDiscountCodeFromUrl()).toBe('TENOFF');
    expect(window.location.pathname).toBe('/products/artificial-olive-tree');
    expect(window.location.search).toBe('');
  });

  it('does nothing without the parameter', () => {
    visit('/basket?page=2');

    expect(captureDiscountCodeFromUrl()).toBeNull();
    expect(window.location.search).toBe('?page=2');
    expect(readStoredDiscountCode()).toBeNull();
  });

  it('removes an empty parameter without storing anything', () => {
    visit('/?discount_code=%20%20');

    expect(captureDiscountCodeFromUrl()).toBeNull();
    expect(window.location.search).toBe('');
    expect(readStoredDiscountCode()).toBeNull();
  });
});

describe('the stored code', () => {
  it('can be read back and cleared', () => {
    window.localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, 'FREEDEL');
    expect(readStoredDiscountCode()).toBe('FREEDEL');

    clearStoredDiscountCode();
    expect(readStoredDiscountCode()).toBeNull();
  });
});
