import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { BasketView } from '../../domain/api/basket.ts';
import { BASKET_KEY, replaceBasket, useBasket } from '../api/basket.ts';
import { api } from '../lib/api-client.ts';
import {
  clearStoredDiscountCode,
  readStoredDiscountCode,
  storeDiscountCode,
  subscribeStoredDiscountCode,
  takeDiscountCode,
} from '../lib/stored-discount-code.ts';

/**
 * Puts `code` on the basket (PUT /basket/voucher) as the discount form does: the reply
 * replaces the cached basket, a refusal fetches the basket again. A plain request
 * rather than the form's mutation hook: every page's first download carries this, and
 * the mutation code stays with the pages that change the basket (ADR 079).
 */
async function applyDiscountCode(client: QueryClient, code: string): Promise<void> {
  try {
    replaceBasket(client, await api<BasketView>('PUT', '/basket/voucher', { voucher_code: code }));
  } catch (error) {
    void client.invalidateQueries({ queryKey: BASKET_KEY });
    throw error;
  }
}

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
  const client = useQueryClient();
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
    applyDiscountCode(client, code)
      .catch((error: unknown) => console.warn('Could not apply the stored discount code', error))
      .finally(() => {
        applying.current = null;
        // A newer code captured meanwhile stays for its own turn.
        if (readStoredDiscountCode() === code) clearStoredDiscountCode();
      });
  }, [basket, stored, client]);
}
