import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BasketView } from '../../domain/api/basket.ts';
import { makeBasket, oliveTreeLine, reply } from '../features/basket/testing/fixtures.ts';
import { DISCOUNT_CODE_STORAGE_KEY } from '../lib/stored-discount-code.ts';
import { mockApi, renderWithApp } from '../testing/render.tsx';
import { useApplyStoredDiscountCode } from './use-stored-discount-code.ts';

function Probe() {
  useApplyStoredDiscountCode();
  return null;
}

const basketWith = (voucher: BasketView['voucher']) =>
  makeBasket({ items: [oliveTreeLine()], voucher });

const voucherCalls = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === '/api/v1/basket/voucher');

describe('useApplyStoredDiscountCode', () => {
  it('applies a stored code to a basket without one, then clears it from storage', async () => {
    window.localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, 'WELCOME10');
    const { calls } = mockApi({
      'GET /api/v1/basket': () => reply(basketWith(null)),
      'PUT /api/v1/basket/voucher': () =>
        reply(basketWith({ code: 'WELCOME10', valid: true, message: null })),
    });

    renderWithApp(<Probe />);

    await waitFor(() => expect(window.localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBeNull());
    expect(voucherCalls(calls)).toMatchObject([
      { method: 'PUT', path: '/api/v1/basket/voucher', body: { voucher_code: 'WELCOME10' } },
    ]);
  });

  it('does not replace a code the basket already has', async () => {
    window.localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, 'WELCOME10');
    const { calls } = mockApi({
      'GET /api/v1/basket': () =>
        reply(basketWith({ code: 'FREEDEL', valid: true, message: null })),
    });

    renderWithApp(<Probe />);

    await waitFor(() => expect(window.localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBeNull());
    expect(calls.some((call) => call.method === 'GET')).toBe(true);
    expect(voucherCalls(calls)).toHaveLength(0);
  });

  it('does nothing when no code is stored', async () => {
    const { calls } = mockApi({ 'GET /api/v1/basket': () => reply(basketWith(null)) });

    renderWithApp(<Probe />);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(voucherCalls(calls)).toHaveLength(0);
  });

  it('only logs a failure to apply the code, and still clears it', async () => {
    window.localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, 'WELCOME10');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /api/v1/basket': () => reply(basketWith(null)),
      'PUT /api/v1/basket/voucher': () => ({
        status: 500,
        body: {
          error_type: 'internal_error',
          message: 'An error occurred, if this problem persists please contact us.',
        },
      }),
    });

    renderWithApp(<Probe />);

    await waitFor(() => expect(warn).toHaveBeenCalled());
    await waitFor(() => expect(window.localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY)).toBeNull());
  });
});
