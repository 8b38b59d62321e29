import { useEffect, useRef } from 'react';
import { useBasket, useSetVoucher } from '../api/basket.ts';
import { clearStoredDiscountCode, readStoredDiscountCode } from '../lib/stored-discount-code.ts';

/**
 * Applies a stored discount code to the basket once it has loaded without a code,
 * then clears it from storage (spec section 4). A failure is only logged.
 */
export function useApplyStoredDiscountCode(): void {
  const { data: basket } = useBasket();
  const setVoucher = useSetVoucher();
  const tried = useRef(false);
  useEffect(() => {
    if (!basket || tried.current) return;
    const code = readStoredDiscountCode();
    if (!code) return;
    tried.current = true;
    if (basket.voucher) {
      clearStoredDiscountCode();
      return;
    }
    setVoucher.mutate(code, {
      onSettled: () => clearStoredDiscountCode(),
      onError: (error) => console.warn('Could not apply the stored discount code', error),
    });
  }, [basket, setVoucher]);
}
