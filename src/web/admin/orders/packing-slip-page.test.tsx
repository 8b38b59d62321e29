import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { PackingSlip } from './packing-slip-page.tsx';
import { adminLine, adminOrder } from './testing/dispatch-fixtures.ts';

describe('PackingSlip', () => {
  it('shows the shop, order, address, safe place, lines to pack and notes', () => {
    renderWithApp(
      <PackingSlip
        order={adminOrder({
          lines: [
            adminLine({ dispatched: 1 }),
            adminLine({
              order_item_id: 13,
              sku: 'GIFT-SUCC',
              name: 'Succulent',
              quantity: 1,
              is_promotion_item: true,
            }),
          ],
          timeline: [
            {
              date: '2026-11-23T14:00:00.000Z',
              kind: 'note',
              summary: 'Gift wrap, please <3',
              staff: null,
            },
          ],
        })}
      />,
    );
    expect(screen.getByText('Everbloom')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Packing slip: order EB-7K3Q9M2X' }),
    ).toBeVisible();
    expect(screen.getByText('Ordered on 23/11/2026')).toBeVisible();
    const address = screen.getByRole('region', { name: 'Deliver to' });
    expect(within(address).getByText(/Harrogate/i)).toBeVisible();
    expect(within(address).getByText('Leave in porch')).toBeVisible();

    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['', 'OLV-90-GRY', '2', '1', '1'],
      ['', 'GIFT-SUCC', '1', '0', '1'],
    ]);
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Succulent (free gift)');
    expect(screen.getByRole('checkbox', { name: 'Packed Olive tree' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Packed Succulent' })).toBeVisible();
    expect(screen.getByText('Gift wrap, please <3')).toBeVisible();
  });

  it('prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    window.print = print;
    renderWithApp(<PackingSlip order={adminOrder()} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });
});
