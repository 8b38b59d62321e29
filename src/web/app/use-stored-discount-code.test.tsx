import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { BasketView } from '../../domain/api/basket.ts';
import { BasketPage } from '../features/basket/basket-page.tsx';
import { makeBasket, oliveTreeLine, reply } from '../features/basket/testing/fixtures.ts';
import { DISCOUNT_CODE_STORAGE_KEY } from '../lib/stored-discount-code.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../testing/render.tsx';
import { Layout } from './layout.tsx';

const basketWith = (voucher: BasketView['voucher']) =>
  makeBasket({ items: [oliveTreeLine()], voucher });

/** PUT /basket/voucher as the server answers it: the basket now carries the code. */
const setsVoucher: ApiHandler = (body) => {
  const code = (body as { voucher_code: string | null }).voucher_code;
  return reply(basketWith(code ? { code, valid: true, message: null } : null));
};

const voucherCalls = (calls: { method: string; path: string; body: unknown }[]) =>
  calls
    .filter((call) => call.method === 'PUT' && call.path === '/api/v1/basket/voucher')
    .map((call) => (call.body as { voucher_code: string | null }).voucher_code);

const stored = () => window.localStorage.getItem(DISCOUNT_CODE_STORAGE_KEY);

/** The shop's frame around a home page with an offer link, and the basket page. */
function renderShop(handlers: Record<string, ApiHandler>, path = '/') {
  const api = mockApi(handlers);
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(
    <Routes>
      <Route element={<Layout />}>
        <Route
          index
          element={<Link to="/basket?utm_source=email&discount_code=welcome10">Spring offer</Link>}
        />
        <Route path="basket" element={<BasketPage />} />
      </Route>
    </Routes>,
    { path },
  );
  return { ...api, ...view, user };
}

describe('the stored discount code', () => {
  it('takes a code from an in-app link off the address bar and applies it to the basket', async () => {
    const { calls, router, user } = renderShop({
      'GET /api/v1/basket': () => reply(basketWith(null)),
      'PUT /api/v1/basket/voucher': setsVoucher,
    });

    await user.click(await screen.findByRole('link', { name: 'Spring offer' }));

    expect(await screen.findByText('Discount code:')).toBeInTheDocument();
    expect(screen.getByText('WELCOME10')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/basket');
    expect(router.state.location.search).toBe('?utm_source=email');
    expect(voucherCalls(calls)).toEqual(['WELCOME10']);
    await waitFor(() => expect(stored()).toBeNull());
  });

  it('stays stored while the basket has a code, and is applied once that code is removed', async () => {
    window.localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, 'WELCOME10');
    const { calls, user } = renderShop(
      {
        'GET /api/v1/basket': () =>
          reply(basketWith({ code: 'FREEDEL', valid: true, message: null })),
        'PUT /api/v1/basket/voucher': setsVoucher,
      },
      '/basket',
    );

    expect(await screen.findByText('FREEDEL')).toBeInTheDocument();
    expect(stored()).toBe('WELCOME10');

    await user.click(screen.getByRole('button', { name: 'Remove discount code FREEDEL' }));

    expect(await screen.findByText('WELCOME10')).toBeInTheDocument();
    // Nothing was sent while FREEDEL was on the basket: first the removal, then the code.
    expect(voucherCalls(calls)).toEqual([null, 'WELCOME10']);
    await waitFor(() => expect(stored()).toBeNull());
  });

  it('is cleared without a request when the basket already carries it', async () => {
    window.localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, 'FREEDEL');
    const { calls } = renderShop(
      {
        'GET /api/v1/basket': () =>
          reply(basketWith({ code: 'FREEDEL', valid: true, message: null })),
        'PUT /api/v1/basket/voucher': setsVoucher,
      },
      '/basket',
    );

    expect(await screen.findByText('FREEDEL')).toBeInTheDocument();
    await waitFor(() => expect(stored()).toBeNull());
    expect(voucherCalls(calls)).toEqual([]);
  });

  it('applies a code stored by a link opened in another tab', async () => {
    const { calls } = renderShop(
      {
        'GET /api/v1/basket': () => reply(basketWith(null)),
        'PUT /api/v1/basket/voucher': setsVoucher,
      },
      '/basket',
    );
    await screen.findByRole('textbox', { name: 'Discount code' });

    act(() => {
      window.localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, 'TENOFF');
      window.dispatchEvent(new StorageEvent('storage', { key: DISCOUNT_CODE_STORAGE_KEY }));
    });

    expect(await screen.findByText('TENOFF')).toBeInTheDocument();
    expect(voucherCalls(calls)).toEqual(['TENOFF']);
  });

  it('does nothing when no code is stored', async () => {
    const { calls } = renderShop(
      { 'GET /api/v1/basket': () => reply(basketWith(null)) },
      '/basket',
    );

    expect(await screen.findByRole('textbox', { name: 'Discount code' })).toHaveValue('');
    expect(voucherCalls(calls)).toEqual([]);
  });

  it('only logs a failure to apply the code, and clears it', async () => {
    window.localStorage.setItem(DISCOUNT_CODE_STORAGE_KEY, 'WELCOME10');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderShop(
      {
        'GET /api/v1/basket': () => reply(basketWith(null)),
        'PUT /api/v1/basket/voucher': () => ({
          status: 500,
          body: {
            error_type: 'internal_error',
            message: 'An error occurred, if this problem persists please contact us.',
          },
        }),
      },
      '/basket',
    );

    await waitFor(() => expect(warn).toHaveBeenCalled());
    await waitFor(() => expect(stored()).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Discount code' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
