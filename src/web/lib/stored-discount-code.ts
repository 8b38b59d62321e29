/**
 * The stored discount code (spec section 4): a `discount_code` query parameter on
 * any page is kept in local storage until a basket without a code can take it.
 */
import { normaliseVoucherCode } from '../../domain/voucher-code.ts';

export const DISCOUNT_CODE_PARAM = 'discount_code';
export const DISCOUNT_CODE_STORAGE_KEY = 'discount_code';

/**
 * Moves a discount_code query parameter into local storage and removes it from
 * the address bar. Returns the code stored, if any.
 */
export function captureDiscountCodeFromUrl(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(DISCOUNT_CODE_PARAM);
  if (code === null) return null;
  url.searchParams.delete(DISCOUNT_CODE_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const normalised = normaliseVoucherCode(code);
  if (!normalised) return null;
  try {
    window.localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, normalised);
  } catch {
    // Storage can be unavailable (private mode); the code is simply not kept.
  }
  return normalised;
}

export function readStoredDiscountCode(): string | null {
  try {
    return window.localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function clearStoredDiscountCode(): void {
  try {
    window.localStorage.removeItem(DISCOUNT_CODE_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
