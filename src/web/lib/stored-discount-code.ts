/**
 * The stored discount code (spec section 4): a `discount_code` query parameter on
 * any page is kept in local storage until a basket without a code can take it.
 */
import { normaliseVoucherCode } from '../../domain/voucher-code.ts';

export const DISCOUNT_CODE_PARAM = 'discount_code';
export const DISCOUNT_CODE_STORAGE_KEY = 'discount_code';

/**
 * Takes the discount_code parameter out of a query string ('?a=1&discount_code=x'):
 * the code in capitals (null when blank) and the query string left ('?a=1', or ''
 * when nothing is left). Null when there is no such parameter.
 */
export function takeDiscountCode(search: string): { code: string | null; search: string } | null {
  const params = new URLSearchParams(search);
  const raw = params.get(DISCOUNT_CODE_PARAM);
  if (raw === null) return null;
  params.delete(DISCOUNT_CODE_PARAM);
  const rest = params.toString();
  return { code: normaliseVoucherCode(raw) || null, search: rest ? `?${rest}` : '' };
}

const listeners = new Set<() => void>();

/**
 * Calls `listener` whenever the stored code changes, here or in another tab; returns
 * the unsubscribe function (the shape useSyncExternalStore takes).
 */
export function subscribeStoredDiscountCode(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === DISCOUNT_CODE_STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Keeps a code in local storage until a basket without a code takes it. */
export function storeDiscountCode(code: string): void {
  try {
    window.localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, code);
  } catch {
    // Storage can be unavailable (private mode); the code is simply not kept.
  }
  listeners.forEach((listener) => listener());
}

/**
 * On page load: moves a discount_code query parameter into local storage and
 * removes it from the address bar. Returns the code stored, if any. (In-app
 * navigation is handled by useStoredDiscountCode.)
 */
export function captureDiscountCodeFromUrl(): string | null {
  const { pathname, search, hash } = window.location;
  const taken = takeDiscountCode(search);
  if (!taken) return null;
  window.history.replaceState(window.history.state, '', `${pathname}${taken.search}${hash}`);
  if (taken.code) storeDiscountCode(taken.code);
  return taken.code;
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
  listeners.forEach((listener) => listener());
}
