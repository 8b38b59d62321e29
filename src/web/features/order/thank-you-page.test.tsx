import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_LABELS, type OrderView } from '../../../domain/api/order.ts';
import { pence } from '../../../domain/money.ts';
import { AppRoutes } from '../../app/routes.tsx';
import { REPORTED_PURCHASES_KEY } from '../../lib/purchase-analytics.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { TEST_MODE_CONFIG } from '../../shared/login/testing/fixtures.ts';
import { hold } from '../checkout/testing/render-checkout.tsx';
import { preorderLine } from '../basket/testing/fixtures.ts';
import { makeOrder } from './testing/fixtures.ts';

const PATH = '/order/thank-you/ord_7k3q9m2x4b';
const ORDER = 'GET /api/v1/orders/ord_7k3q9m2x4b';

function renderPage(handlers: Record<string, ApiHandler>, path = PATH) {
  const api = mockApi({ 'GET /api/v1/config': TEST_MODE_CONFIG, ...handlers });
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<AppRoutes />, { path });
  return { ...api, ...view, user };
}

const found = (order: OrderView) => () => ({ body: { data: { order } } });

const dataLayer = () => window.dataLayer ?? [];

afterEach(() => {
  window.sessionStorage.clear();
  delete window.dataLayer;
});

describe('ThankYouPage', () => {
  it('confirms the order: number, items, totals, delivery, payment, buds and what happens next', async () => {
    renderPage({ [ORDER]: found(makeOrder()) });

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Thank you for your order',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Thank you for your order | Everbloom');
    expect(screen.getByText('EB-7K3Q9M2X')).toBeInTheDocument();

    const items = screen.getByRole('region', { name: 'Your items' });
    const olive = within(items).getByRole('listitem', {
      name: 'Artificial Olive Tree — 120cm, Grey pot',
    });
    expect(within(olive).getByRole('img')).toHaveAttribute(
      'src',
      '/media/products/artificial-olive-tree-olv-120-gry.svg?w=400',
    );
    expect(within(olive).getByText('Size: 120cm, Pot: Grey pot')).toBeInTheDocument();
    expect(within(olive).getByText('Qty: 2')).toBeInTheDocument();
    expect(within(olive).getByText('£159.98')).toBeInTheDocument();
    expect(within(items).getByRole('listitem', { name: 'Artificial Boston Fern' })).toBeVisible();
    expect(within(items).queryByRole('button')).not.toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Order total' });
    const row = (label: string) =>
      within(totals).getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')
        ?.textContent;
    expect(row('Sub total')).toBe('£194.97');
    expect(row('Delivery')).toBe('£7.95');
    expect(row('Discount')).toBe('-£10.00');
    expect(row('Total paid')).toBe('£192.92');

    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByText('12 Station Parade')).toBeInTheDocument();
    expect(within(delivery).getByText('HG1 2AB')).toBeInTheDocument();
    expect(within(delivery).getByText('Next working day')).toBeInTheDocument();
    expect(within(delivery).getByText('Estimated delivery: Tuesday 24 November')).toBeVisible();
    expect(within(delivery).getByText('Delivery instructions: Leave in porch')).toBeVisible();

    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Credit/Debit Card — Visa ending 1111');

    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent('We have sent a confirmation email to ada@example.com.');
    expect(next).toHaveTextContent('We will email you again when your order has been dispatched.');
    expect(next).toHaveTextContent('You earned 192 buds with this order.');

    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  it('shows the store credit spent and what was charged to the payment', async () => {
    renderPage({
      [ORDER]: found(
        makeOrder({ credit: { used: 5_000, discount: { amount: pence(5_000), label: '£50.00' } } }),
      ),
    });

    const totals = await screen.findByRole('region', { name: 'Order total' });
    const row = (label: string) =>
      within(totals).getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')
        ?.textContent;
    expect(row('Total')).toBe('£192.92');
    expect(row('Store credit')).toBe('-£50.00');
    expect(row('Charged to your payment')).toBe('£142.92');
    expect(within(totals).queryByText('Total paid')).toBeNull();
  });

  it('names each wallet as the spec labels it, and says pre-orders follow when in stock', async () => {
    renderPage({
      [ORDER]: found(
        makeOrder({
          items: [preorderLine()],
          loyalty_points: { used: 0, discount: { amount: pence(0), label: '£0.00' }, earned: 0 },
          payment_method: {
            type: 'paypal',
            label: PAYMENT_METHOD_LABELS.paypal,
            description: null,
          },
        }),
      ),
    });

    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent(/^PaymentPayPal$/);
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(next).toHaveTextContent(/Pre-order items are sent when they are back in stock/);
    expect(next).not.toHaveTextContent(/buds/);
  });

  it('shows the billing address only when it differs from the delivery address', async () => {
    const delivery = makeOrder().delivery_address;
    const first = renderPage({ [ORDER]: found(makeOrder({ billing_address: { ...delivery } })) });
    const section = await screen.findByRole('region', { name: 'Delivery' });
    expect(within(section).queryByText('Billing address')).not.toBeInTheDocument();
    first.unmount();

    renderPage({
      [ORDER]: found(
        makeOrder({
          billing_address: { ...delivery, line_1: '3 Parliament Street', postcode: 'HG1 2QU' },
        }),
      ),
    });
    const withBilling = await screen.findByRole('region', { name: 'Delivery' });
    expect(within(withBilling).getByRole('heading', { name: 'Billing address' })).toBeVisible();
    expect(within(withBilling).getByText('3 Parliament Street')).toBeInTheDocument();
    expect(within(withBilling).getByText('HG1 2QU')).toBeInTheDocument();
  });

  it('reports the purchase to analytics once, in GA4 and Universal Analytics shapes', async () => {
    const first = renderPage({ [ORDER]: found(makeOrder()) });
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });

    await waitFor(() => expect(dataLayer()).toHaveLength(4));
    expect(dataLayer()[0]).toEqual({ ecommerce: null });
    expect(dataLayer()[1]).toEqual({
      event: 'purchase',
      ecommerce: {
        transaction_id: 'EB-7K3Q9M2X',
        affiliation: 'Everbloom',
        // £192.92 paid, less £32.15 VAT and £6.62 delivery before VAT.
        value: 154.15,
        tax: 32.15,
        shipping: 7.95,
        currency: 'GBP',
        coupon: 'SPRING10',
        items: [
          {
            item_id: '5',
            item_name: 'Artificial Olive Tree — 120cm, Grey pot',
            item_brand: 'Everbloom',
            item_category: 'Trees',
            item_variant: '120cm, Grey pot',
            price: 79.99,
            quantity: 2,
            index: 0,
          },
          expect.objectContaining({ item_id: '40', price: 34.99, quantity: 1, index: 1 }),
        ],
      },
    });
    expect(dataLayer()[2]).toEqual({ ecommerce: null });
    expect(dataLayer()[3]).toEqual({
      event: 'uaPurchase',
      ecommerce: {
        currencyCode: 'GBP',
        purchase: {
          actionField: {
            id: 'EB-7K3Q9M2X',
            affiliation: 'Everbloom',
            revenue: '192.92',
            tax: '32.15',
            shipping: '7.95',
            coupon: 'SPRING10',
          },
          products: [
            {
              id: '5',
              name: 'Artificial Olive Tree — 120cm, Grey pot',
              price: '79.99',
              brand: 'Everbloom',
              category: 'Trees',
              variant: '120cm, Grey pot',
              quantity: 2,
            },
            expect.objectContaining({ id: '40', price: '34.99', quantity: 1 }),
          ],
        },
      },
    });
    expect(JSON.parse(window.sessionStorage.getItem(REPORTED_PURCHASES_KEY) ?? '[]')).toEqual([
      'ord_7k3q9m2x4b',
    ]);

    // Shown again in this tab: nothing more is pushed.
    first.unmount();
    renderPage({ [ORDER]: found(makeOrder()) });
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(dataLayer()).toHaveLength(4);
  });

  it('pushes nothing for an order an earlier page load in this tab already reported', async () => {
    const order = makeOrder({ public_id: 'ord_reloaded', order_number: 'EB-RELOADED' });
    window.sessionStorage.setItem(REPORTED_PURCHASES_KEY, JSON.stringify(['ord_reloaded']));
    renderPage(
      { 'GET /api/v1/orders/ord_reloaded': found(order) },
      '/order/thank-you/ord_reloaded',
    );

    expect(await screen.findByText('EB-RELOADED')).toBeInTheDocument();
    expect(dataLayer()).toEqual([]);
  });

  it('opens from the email’s signed link on any device: sends the key, offers to cancel a pre-order, reports nothing', async () => {
    const order = makeOrder({ items: [preorderLine()] });
    const { calls, user } = renderPage(
      {
        [ORDER]: found(order),
        'POST /api/v1/orders/ord_7k3q9m2x4b/cancel': () => ({
          body: { data: { order: { ...order, status: 'cancelled', cancellation: null } } },
        }),
      },
      `${PATH}?key=1790000000.signature`,
    );

    const section = await screen.findByRole('region', { name: 'Cancellation' });
    expect(calls.find((c) => c.path === '/api/v1/orders/ord_7k3q9m2x4b')?.search).toBe(
      '?key=1790000000.signature',
    );
    await user.click(within(section).getByRole('button', { name: 'Cancel pre-order' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel pre-order' }));
    expect(await screen.findByText(/Your pre-order has been cancelled/)).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
      'POST /api/v1/orders/ord_7k3q9m2x4b/cancel',
    );
    expect(dataLayer()).toEqual([]);
  });

  it('offers no cancellation on the page the payment lands on', async () => {
    renderPage({ [ORDER]: found(makeOrder({ items: [preorderLine()] })) });
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(screen.queryByRole('region', { name: 'Cancellation' })).not.toBeInTheDocument();
  });

  it('shows the loading state while the order is fetched', async () => {
    const api = mockApi({ 'GET /api/v1/config': TEST_MODE_CONFIG, [ORDER]: found(makeOrder()) });
    const held = hold(api.fetchMock, '/orders/ord_7k3q9m2x4b');
    renderWithApp(<AppRoutes />, { path: PATH });

    expect(await screen.findByText('Fetching order details')).toBeInTheDocument();
    held.open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Fetching order details')).not.toBeInTheDocument();
  });

  it('says Order not found. for an order this browser may not see, and reports nothing', async () => {
    renderPage({
      [ORDER]: () => ({
        status: 404,
        body: { error_type: 'order_not_found', message: 'Order not found.' },
      }),
    });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Order not found.' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Order not found. | Everbloom');
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(dataLayer()).toEqual([]);
  });

  it('offers to try again when the order could not be loaded', async () => {
    let fail = true;
    const { user } = renderPage({
      [ORDER]: () =>
        fail
          ? {
              status: 500,
              body: {
                error_type: 'internal_error',
                message: 'An error occurred, if this problem persists please contact us.',
              },
            }
          : found(makeOrder())(),
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent(
      'Sorry, we could not load your order. An error occurred, if this problem persists please contact us.',
    );
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeInTheDocument();
  });
});
