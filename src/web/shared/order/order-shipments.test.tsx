import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOrder } from '../../features/order/testing/fixtures.ts';
import { OrderShipments } from './order-shipments.tsx';

describe('OrderShipments', () => {
  it('shows each parcel: date, carrier, tracking link and items', () => {
    render(
      <OrderShipments
        order={makeOrder({
          status: 'partially_dispatched',
          shipments: [
            {
              carrier_name: 'Royal Mail',
              tracking_number: 'AB123456789GB',
              tracking_url:
                'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
              date: '2026-11-24T09:30:00.000Z',
              items: [{ name: 'Olive tree', quantity: 1 }],
            },
            {
              carrier_name: 'Other carrier',
              tracking_number: '',
              tracking_url: null,
              date: '2026-11-25T09:30:00.000Z',
              items: [{ name: 'Boston fern', quantity: 2 }],
            },
          ],
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Your parcels' })).toBeVisible();
    expect(screen.getByText('Sent 24/11/2026')).toBeVisible();
    const link = screen.getByRole('link', { name: /AB123456789GB/ });
    expect(link).toHaveAttribute(
      'href',
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('1 × Olive tree')).toBeVisible();
    expect(screen.getByText('2 × Boston fern')).toBeVisible();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('shows nothing before anything is sent', () => {
    const { container } = render(<OrderShipments order={makeOrder()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
