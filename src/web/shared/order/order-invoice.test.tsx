import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../../features/order/testing/fixtures.ts';
import { mockApi } from '../../testing/render.tsx';
import { OrderInvoice } from './order-invoice.tsx';

describe('OrderInvoice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is offered once the order is paid for, and saves the PDF the API sends', async () => {
    const order = makeOrder({ status: 'dispatched' });
    const fetchMock = vi.fn(
      async () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    render(<OrderInvoice order={order} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download VAT invoice (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]![0 as never])).toBe(
      `/api/v1/orders/${order.public_id}/invoice`,
    );
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal beside the button', async () => {
    const order = makeOrder({ status: 'paid' });
    mockApi({
      [`GET /api/v1/orders/${order.public_id}/invoice`]: () => ({
        status: 409,
        body: {
          error_type: 'invoice_not_available',
          message: 'This order has no VAT invoice yet: one is issued once it has been paid for.',
        },
      }),
    });
    render(<OrderInvoice order={order} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download VAT invoice (PDF)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/no VAT invoice yet/);
  });

  it('offers a cancelled order’s invoice and the credit note that credits it', async () => {
    const order = makeOrder({ status: 'cancelled', credit_notes: ['CN-000042'] });
    const fetchMock = vi.fn(
      async () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:note'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    render(<OrderInvoice order={order} />);
    expect(screen.getByRole('button', { name: 'Download VAT invoice (PDF)' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Download credit note CN-000042 (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]![0 as never])).toBe(
      `/api/v1/orders/${order.public_id}/credit-notes/CN-000042`,
    );
  });

  it('is not offered before payment', () => {
    const { container } = render(<OrderInvoice order={makeOrder({ status: 'pending' })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
