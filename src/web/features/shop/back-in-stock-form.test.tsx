import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/auth-token.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { ada } from '../../shared/login/testing/fixtures.ts';
import { BackInStockForm } from './back-in-stock-form.tsx';

const SIGN_UP = 'POST /api/v1/products/55/stock_notifications';
const EXISTS =
  "It looks like you've already signed up for updates on this product, you will be notified when it is back in stock.";

function openForm(handlers: Record<string, ApiHandler> = {}) {
  const api = mockApi(handlers);
  renderWithApp(<BackInStockForm productId={55} productName="Artificial Rubber Plant" />);
  return api;
}

const emailField = () => screen.getByRole('textbox', { name: 'Email address' });
const notifyButton = () => screen.getByRole('button', { name: 'Notify me' });

const created = (body: unknown) => ({
  status: 201,
  body: {
    data: {
      stock_notification: {
        product_id: 55,
        email_address: (body as { email_address: string }).email_address,
      },
    },
  },
});

describe('BackInStockForm', () => {
  it('sends its button disabled from the server: a click before the code runs cannot reload the page and lose the address', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <BackInStockForm productId={55} productName="Artificial Rubber Plant" />
      </QueryClientProvider>,
    );
    expect(container.querySelector('button[type="submit"]')).toBeDisabled();
    // Once the form works, the button does.
    openForm();
    expect(notifyButton()).toBeEnabled();
  });

  it('signs a guest up and says so', async () => {
    const { calls } = openForm({ [SIGN_UP]: created });
    expect(screen.getByRole('heading', { name: 'Email me when it’s back in stock' })).toBeVisible();
    expect(emailField()).toHaveValue('');
    await userEvent.type(emailField(), 'ada@example.com');
    await userEvent.click(notifyButton());

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'Thanks, you’re on the list. We’ll email ada@example.com once when Artificial Rubber Plant is back in stock.',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({
        path: '/api/v1/products/55/stock_notifications',
        body: { email_address: 'ada@example.com' },
      }),
    ]);
  });

  it('starts with a signed-in customer’s email address', async () => {
    setAuthToken('tok_ada');
    const { calls } = openForm({
      'GET /api/v1/user': () => ({ body: { data: ada() } }),
      [SIGN_UP]: created,
    });
    await waitFor(() => expect(emailField()).toHaveValue(ada().email_address));
    await userEvent.click(notifyButton());
    expect(await screen.findByText(/you’re on the list/)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email_address: ada().email_address,
    });
  });

  it('shows field errors before sending anything', async () => {
    const { calls } = openForm({ [SIGN_UP]: created });
    await userEvent.click(notifyButton());
    expect(await screen.findByText('Required')).toBeVisible();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveFocus();
    await userEvent.type(emailField(), 'not-an-email');
    await userEvent.click(notifyButton());
    expect(await screen.findByText('This must be an email address')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('is busy while signing up', async () => {
    let answer: (response: Response) => void = () => undefined;
    openForm();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    await userEvent.type(emailField(), 'ada@example.com');
    await userEvent.click(notifyButton());
    const busy = await screen.findByRole('button', { name: 'Signing you up…' });
    expect(busy).toBeDisabled();
    answer(
      new Response(JSON.stringify(created({ email_address: 'ada@example.com' }).body), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByText(/you’re on the list/)).toBeVisible();
  });

  it('shows the already-signed-up message as a notice', async () => {
    openForm({
      [SIGN_UP]: () => ({
        status: 409,
        body: { error_type: 'product_stock_notification_exists', message: EXISTS },
      }),
    });
    await userEvent.type(emailField(), 'ada@example.com');
    await userEvent.click(notifyButton());
    expect(await screen.findByRole('status')).toHaveTextContent(EXISTS);
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
  });

  it('puts the server’s field message on the field, and other refusals above the form', async () => {
    let reply: { status: number; body: unknown } = {
      status: 422,
      body: {
        error_type: 'validation',
        message: 'Please check the form',
        errors: { email_address: ['This must be an email address'] },
      },
    };
    openForm({ [SIGN_UP]: () => reply });
    await userEvent.type(emailField(), 'ada@example.com');
    await userEvent.click(notifyButton());
    expect(await screen.findByText('This must be an email address')).toBeVisible();

    reply = {
      status: 422,
      body: {
        error_type: 'validation',
        message: 'Please check the form',
        errors: { product_id: ['This item is in stock, so you can buy it now.'] },
      },
    };
    await userEvent.click(notifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This item is in stock, so you can buy it now.',
    );
    expect(notifyButton()).toBeEnabled();
  });

  it('shows any other refusal, such as too many attempts, above the form', async () => {
    openForm({
      [SIGN_UP]: () => ({
        status: 429,
        body: {
          error_type: 'rate_limit',
          message: 'This action has been attempted too many times, please try again later.',
        },
      }),
    });
    await userEvent.type(emailField(), 'ada@example.com');
    await userEvent.click(notifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This action has been attempted too many times, please try again later.',
    );
  });
});
