import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BasketView } from '../../domain/api/basket.ts';
import { VALIDATION_MESSAGE } from '../../domain/shopper-message.ts';
import { useBasket } from '../api/basket.ts';
import { makeBasket, oliveTreeLine, reply } from '../features/basket/testing/fixtures.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../testing/render.tsx';
import { DiscountForm } from './discount-form.tsx';

/** The form as a page uses it: fed by the basket query, which mutations replace. */
function Harness() {
  const { data } = useBasket();
  return data ? <DiscountForm basket={data} /> : null;
}

const withCode = (voucher: BasketView['voucher']) =>
  makeBasket({ items: [oliveTreeLine()], voucher });

function renderForm(basket: BasketView, handlers: Record<string, ApiHandler> = {}) {
  const api = mockApi({ 'GET /api/v1/basket': () => reply(basket), ...handlers });
  const user = userEvent.setup({ delay: null });
  renderWithApp(<Harness />);
  return { ...api, user };
}

const voucherCalls = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === '/api/v1/basket/voucher');

describe('DiscountForm', () => {
  it('upper-cases the code as it is typed and applies it with PUT /basket/voucher', async () => {
    const { calls, user } = renderForm(withCode(null), {
      'PUT /api/v1/basket/voucher': () =>
        reply(withCode({ code: 'WELCOME10', valid: true, message: null })),
    });

    const input = await screen.findByRole('textbox', { name: 'Discount code' });
    expect(input).toHaveAttribute('placeholder', 'Enter your code');
    expect(input).toHaveAttribute('title', 'Please enter only capital letters and numbers');
    await user.type(input, 'welcome10');
    expect(input).toHaveValue('WELCOME10');

    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Discount code:')).toBeInTheDocument();
    expect(screen.getByText('WELCOME10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove discount code WELCOME10' })).toBeVisible();
    expect(voucherCalls(calls)).toMatchObject([
      { method: 'PUT', path: '/api/v1/basket/voucher', body: { voucher_code: 'WELCOME10' } },
    ]);
  });

  it('reads Applying while the code is being applied', async () => {
    const { fetchMock, user } = renderForm(withCode(null));
    const input = await screen.findByRole('textbox', { name: 'Discount code' });
    await user.type(input, 'FREEDEL');

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementationOnce(async () => {
      await held;
      return new Response(
        JSON.stringify({ data: withCode({ code: 'FREEDEL', valid: true, message: null }) }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    });
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const busy = await screen.findByRole('button', { name: 'Applying' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    release();
    expect(await screen.findByText('FREEDEL')).toBeInTheDocument();
  });

  it('shows a code that could not be found, with Remove', async () => {
    renderForm(withCode({ code: 'NOSUCH99', valid: false, message: null }));

    expect(await screen.findByText('Please enter a valid discount code.')).toBeInTheDocument();
    expect(screen.getByText('"NOSUCH99" could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove discount code NOSUCH99' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Discount code' })).toBeNull();
  });

  it('answers an unknown or expired code with exactly the two messages and Remove', async () => {
    // The server keeps such a code on the basket as invalid, with no message of its own.
    for (const code of ['NOSUCH99', 'EXPIRED2024']) {
      const { user } = renderForm(withCode(null), {
        'PUT /api/v1/basket/voucher': () => reply(withCode({ code, valid: false, message: null })),
      });
      await user.type(await screen.findByRole('textbox', { name: 'Discount code' }), code);
      await user.click(screen.getByRole('button', { name: 'Apply' }));

      const notice = await screen.findByRole('alert');
      expect(notice).toHaveTextContent(
        new RegExp(`^Please enter a valid discount code\\."${code}" could not be found\\.$`),
      );
      expect(
        screen.getByRole('button', { name: `Remove discount code ${code}` }),
      ).toHaveTextContent('Remove');
      expect(screen.queryByText('Discount code:')).toBeNull();
      cleanup();
    }
  });

  it('keeps the two lines of an invalid code and says why a known code does not apply beside them', async () => {
    const message = 'Spend £50.00 or more on items to use this code.';
    renderForm(withCode({ code: 'TENOFF', valid: false, message }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `Please enter a valid discount code."TENOFF" could not be found.${message}`,
    );
  });

  it('refuses a code with other characters without calling the server', async () => {
    const { calls, user } = renderForm(withCode(null));
    const input = await screen.findByRole('textbox', { name: 'Discount code' });

    await user.type(input, 'ten-off');
    expect(input).toHaveValue('TEN-OFF');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(
      await screen.findByText('Please enter only capital letters and numbers'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter only capital letters and numbers');
    expect(voucherCalls(calls)).toHaveLength(0);
  });

  it('asks for a code when Apply is pressed with none', async () => {
    const { calls, user } = renderForm(withCode(null));
    await screen.findByRole('textbox', { name: 'Discount code' });

    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Please enter a valid discount code.')).toBeInTheDocument();
    expect(voucherCalls(calls)).toHaveLength(0);
  });

  it('puts a server validation error on the field', async () => {
    const { user } = renderForm(withCode(null), {
      'PUT /api/v1/basket/voucher': () => ({
        status: 422,
        body: {
          error_type: 'validation',
          message: VALIDATION_MESSAGE,
          errors: { voucher_code: ['Please enter only capital letters and numbers'] },
        },
      }),
    });
    const input = await screen.findByRole('textbox', { name: 'Discount code' });

    await user.type(input, 'SPRING25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(
      await screen.findByText('Please enter only capital letters and numbers'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('SPRING25');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows any other failure in an error notice by the form', async () => {
    const { user } = renderForm(withCode(null), {
      'PUT /api/v1/basket/voucher': () => ({
        status: 429,
        body: {
          error_type: 'rate_limit',
          message: 'This action has been attempted too many times, please try again later.',
        },
      }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Discount code' }), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This action has been attempted too many times, please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it('removes the code by setting it to null', async () => {
    const { calls, user } = renderForm(
      withCode({ code: 'WELCOME10', valid: true, message: null }),
      { 'PUT /api/v1/basket/voucher': () => reply(withCode(null)) },
    );

    await user.click(await screen.findByRole('button', { name: 'Remove discount code WELCOME10' }));

    const input = await screen.findByRole('textbox', { name: 'Discount code' });
    expect(input).toHaveValue('');
    await waitFor(() => expect(input).toHaveFocus());
    expect(voucherCalls(calls)).toMatchObject([
      { method: 'PUT', path: '/api/v1/basket/voucher', body: { voucher_code: null } },
    ]);
  });

  it('shows the message when removing fails, and keeps the code', async () => {
    const { user } = renderForm(withCode({ code: 'NOSUCH99', valid: false, message: null }), {
      'PUT /api/v1/basket/voucher': () => ({
        status: 500,
        body: {
          error_type: 'internal_error',
          message: 'An error occurred, if this problem persists please contact us.',
        },
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Remove discount code NOSUCH99' }));

    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'An error occurred, if this problem persists please contact us.',
      ),
    );
    expect(screen.getByText('"NOSUCH99" could not be found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove discount code NOSUCH99' })).toBeEnabled();
  });
});
