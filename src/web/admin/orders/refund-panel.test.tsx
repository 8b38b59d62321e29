import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderView } from '../../../domain/api/admin-orders.ts';
import type { StaffRole } from '../../../domain/staff.ts';
import { StaffContext } from '../lib/session.ts';
import { RefundPanel } from './refund-panel.tsx';

const amount = (pence: number) => ({ amount: pence, label: `£${(pence / 100).toFixed(2)}` });
const price = (pence: number, tax: number) => ({
  currency_code: 'GBP',
  amount: pence,
  price: (pence / 100).toFixed(2),
  label: `£${(pence / 100).toFixed(2)}`,
  excluding_tax: amount(pence - tax),
  tax: amount(tax),
});

/** An order as the API answers it, with the parts the panel reads. */
function fixture(over: Partial<AdminOrderView> = {}): AdminOrderView {
  return {
    order_number: 'EB-7K3Q9M2X',
    prices: { items: price(10_998, 1_833), delivery: price(495, 83), total: price(11_493, 1_916) },
    lines: [
      {
        order_item_id: 11,
        product_id: 5,
        sku: 'OLV-90-GRY',
        name: 'Olive Tree',
        quantity: 2,
        preorder_quantity: 0,
        is_promotion_item: false,
        unit_price: amount(5_499),
        total_price: amount(10_998),
        tax_rate_bp: 2000,
        dispatched: 0,
        refunded: 0,
      },
    ],
    refunds: [],
    payment: {
      type: 'credit_card',
      label: 'Credit/Debit Card',
      card_type: 'Visa',
      last_four: '1881',
      transaction_id: 'tx1',
      three_d_secure: null,
      charged: amount(11_493),
      credit_used: amount(0),
      refunded: amount(0),
      refundable: amount(11_493),
    },
    customer: { id: 1, email: 'ada@example.com', name: 'Ada Lovelace' },
    ...over,
  } as unknown as AdminOrderView;
}

function renderPanel(role: StaffRole, order = fixture()) {
  const onChange = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(
    <StaffContext.Provider value={{ email: 's@example.com', name: 'Sam', role }}>
      <RefundPanel order={order} onChange={onChange} />
    </StaffContext.Provider>,
  );
  return { onChange, user };
}

function reply(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.unstubAllGlobals());

describe('RefundPanel', () => {
  it('is hidden from staff who may not refund', () => {
    renderPanel('dispatcher');
    expect(screen.queryByRole('heading', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('totals what is chosen, confirms it, sends it and announces the credit note', async () => {
    const refunded = fixture({
      refunds: [{ credit_note_number: 'CN-000003', delivery_amount: 0 }] as never,
    });
    const fetch = reply(201, { data: { order: refunded } });
    vi.stubGlobal('fetch', fetch);
    const { onChange, user } = renderPanel('manager');
    await user.type(screen.getByLabelText('Units of Olive Tree to refund'), '1');
    await user.click(screen.getByLabelText('Refund delivery (£4.95)'));
    await user.type(screen.getByLabelText(/Goodwill amount/), '2.50');
    await user.type(screen.getByLabelText(/^Reason/), 'Broken pot');
    await user.click(screen.getByLabelText('Put items back in stock'));
    expect(screen.getByText(/Refund total:/)).toHaveTextContent('£62.44 to the card');

    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm the refund' });
    expect(dialog).toHaveTextContent('Refund £62.44 to the card for order EB-7K3Q9M2X?');
    expect(dialog).toHaveTextContent('1 × Olive Tree: £54.99');
    await user.click(within(dialog).getByRole('button', { name: 'Refund £62.44' }));

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/admin/orders/EB-7K3Q9M2X/refunds');
    expect(JSON.parse(String(init.body))).toEqual({
      items: [{ order_item_id: 11, quantity: 1 }],
      delivery: true,
      amount: 250,
      reason: 'Broken pot',
      restock: true,
      to: 'payment',
    });
    expect(onChange).toHaveBeenCalledWith(refunded);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Refunded £62.44 to the card — credit note CN-000003.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses more than two decimals, too many units and a missing reason before sending', async () => {
    const fetch = reply(201, {});
    vi.stubGlobal('fetch', fetch);
    const { user } = renderPanel('owner');
    await user.type(screen.getByLabelText('Units of Olive Tree to refund'), '3');
    await user.type(screen.getByLabelText(/Goodwill amount/), '1.234');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(screen.getByText('Please give a whole number from 0 to 2')).toBeInTheDocument();
    expect(screen.getByText(/Please give an amount in pounds and pence/)).toBeInTheDocument();
    expect(screen.getByText('Please say why')).toBeInTheDocument();
    expect(screen.getByLabelText('Units of Olive Tree to refund')).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps support to store credit, within its limit', async () => {
    const { user } = renderPanel('support');
    expect(screen.getByRole('radio', { name: /Original payment/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Store credit/ })).toBeChecked();
    expect(screen.getByText('Up to £50.00 a refund.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Units of Olive Tree to refund'), '1');
    await user.type(screen.getByLabelText(/^Reason/), 'Sorry');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(screen.getByText(/at most £50\.00 at once/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no store credit on a guest’s order', () => {
    renderPanel('owner', fixture({ customer: null }));
    expect(screen.getByRole('radio', { name: /Store credit/ })).toBeDisabled();
    expect(screen.getByText('This order was placed without an account.')).toBeInTheDocument();
  });

  it('shows the API’s refusal with its detail', async () => {
    vi.stubGlobal(
      'fetch',
      reply(409, {
        error_type: 'refund_not_settled',
        message: 'This payment has not settled yet, so it can only be given back in full.',
        detail: 'The sale has not settled yet (submitted_for_settlement).',
      }),
    );
    const { onChange, user } = renderPanel('owner');
    await user.type(screen.getByLabelText(/Goodwill amount/), '5');
    await user.type(screen.getByLabelText(/^Reason/), 'Goodwill');
    await user.click(screen.getByRole('button', { name: 'Review refund' }));
    await user.click(screen.getByRole('button', { name: 'Refund £5.00' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('it can only be given back in full');
    expect(alert).toHaveTextContent('(submitted_for_settlement)');
    expect(onChange).not.toHaveBeenCalled();
  });
});
