import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useBasket, useSetVoucher } from '../api/basket.ts';
import {
  clearStoredDiscountCode,
  readStoredDiscountCode,
  storeDiscountCode,
  subscribeStoredDiscountCode,
  takeDiscountCode,
} from '../lib/stored-discount-code.ts';

/**
 * The stored discount code (spec section 4), for the whole app:
 * - a discount_code parameter reached by in-app navigation is stored and taken off
 *   the address bar, like one on page load (captured in app.tsx before rendering);
 * - the stored code is applied once the basket has no code, then cleared from
 *   storage; while the basket has another code it stays stored, and once the basket
 *   carries this very code it is cleared. A failure to apply it is
 *   only logged (and the code cleared, so it is not tried on every page).
 */
export function useStoredDiscountCode(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const stored = useSyncExternalStore(
    subscribeStoredDiscountCode,
    readStoredDiscountCode,
    // Server-rendered pages know no stored code: it is read once hydrated (ADR 057).
    () => null,
  );

  useEffect(() => {
    const taken = takeDiscountCode(location.search);
    if (!taken) return;
    if (taken.code) storeDiscountCode(taken.code);
    navigate(
      { pathname: location.pathname, search: taken.search, hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  }, [location, navigate]);

  const { data: basket } = useBasket();
  const setVoucher = useSetVoucher();
  const applying = useRef<string | null>(null);
  useEffect(() => {
    if (!basket || !stored || applying.current === stored) return;
    if (basket.voucher) {
      // Already on the basket (e.g. applied by a request the page left before its
      // answer came): its work is done.
      if (basket.voucher.code === stored) clearStoredDiscountCode();
      return;
    }
    const code = stored;
    applying.current = code;
    setVoucher.mutate(code, {
      onError: (error) => console.warn('Could not apply the stored discount code', error),
      onSettled: () => {
        applying.current = null;
        // A newer code captured meanwhile stays for its own turn.
        if (readStoredDiscountCode() === code) clearStoredDiscountCode();
      },
    });
  }, [basket, stored, setVoucher]);
}
