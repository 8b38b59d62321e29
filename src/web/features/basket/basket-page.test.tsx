import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BasketView } from '../../../domain/api/basket.ts';
import { mockApi, renderWithApp, returnToWindow } from '../../testing/render.tsx';
import { BasketPage } from './basket-page.tsx';
import {
  basketItem,
  bundleLine,
  discontinuedLine,
  fernLine,
  freeGiftLine,
  gbp,
  makeBasket,
  oliveTreeLine,
  preorderLine,
  reply,
} from './testing/fixtures.ts';

const OLIVE = 'Artificial Olive Tree — 120cm, Grey pot';

function renderBasket(basket: BasketView, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/v1/basket': () => reply(basket), ...handlers });
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<BasketPage />, { path: '/basket' });
  return { ...api, user, ...view };
}

/** The list item for a line, found by its accessible name (the product name). */
async function findLine(name: string) {
  return screen.findByRole('listitem', { name });
}

function summary() {
  return screen.getByRole('complementary', { name: 'Order summary' });
}

function totalRow(label: string) {
  const term = within(summary()).getByText(label, { selector: 'dt' });
  const row = term.parentElement;
  if (!row) throw new Error(`No row for ${label}`);
  return row;
}

/** A promise the test settles, for holding a reply back. */
function gate() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('BasketPage', () => {
  it('shows a loading message, then the empty basket with a way to start shopping', async () => {
    renderBasket(makeBasket());

    expect(screen.getByText('Loading your basket')).toBeInTheDocument();
    expect(await screen.findByText('Your basket is empty')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your basket' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
    expect(document.title).toBe('Your basket | Everbloom');
  });

  it('shows the error fallback when the basket fails to load, and tries again', async () => {
    let attempts = 0;
    const { calls, user } = renderBasket(makeBasket(), {
      'GET /api/v1/basket': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 500,
              body: {
                error_type: 'internal_error',
                message: 'An error occurred, if this problem persists please contact us.',
              },
            }
          : reply(makeBasket({ items: [fernLine()] }));
      },
    });

    const fallback = await screen.findByRole('alert');
    expect(within(fallback).getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(fallback).toHaveTextContent(
      'An error occurred, if this problem persists please contact us.',
    );

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await findLine('Artificial Boston Fern')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('says Not found when the basket address answers a bare 404, hiding its message', async () => {
    // A 404 with no error type (e.g. from a proxy in front of the API).
    renderBasket(makeBasket(), {
      'GET /api/v1/basket': () => ({
        status: 404,
        body: { message: 'Route GET:/api/v1/basket not found', statusCode: 404 },
      }),
    });

    const fallback = await screen.findByRole('alert');
    expect(fallback).toHaveTextContent('Sorry, we could not load your basket. Not found');
    expect(fallback).not.toHaveTextContent('Route GET');
  });

  it('does not fetch the basket again when the shopper comes back to the window', async () => {
    let served = 0;
    const { calls } = renderBasket(makeBasket(), {
      'GET /api/v1/basket': () =>
        reply(makeBasket({ items: served++ === 0 ? [oliveTreeLine()] : [fernLine()] })),
    });
    await findLine(OLIVE);

    // In the checkout this starts a fetch before it resolves (checkout-app.test.tsx).
    await returnToWindow();

    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: OLIVE })).toBeInTheDocument();
  });

  it('lists the lines with links, options, prices and the totals', async () => {
    renderBasket(makeBasket({ items: [oliveTreeLine(), fernLine()] }));

    const olive = await findLine(OLIVE);
    expect(within(olive).getByRole('link', { name: OLIVE })).toHaveAttribute(
      'href',
      '/products/artificial-olive-tree?variation=5',
    );
    expect(within(olive).getByRole('img', { name: OLIVE })).toHaveAttribute(
      'src',
      '/media/products/artificial-olive-tree-olv-120-gry.svg?w=400',
    );
    expect(within(olive).getByText('Size: 120cm, Pot: Grey pot')).toBeInTheDocument();
    expect(within(olive).getByText('£79.99')).toBeInTheDocument();
    expect(within(olive).getByText('£159.98')).toBeInTheDocument();
    expect(within(olive).getByRole('spinbutton', { name: `Quantity of ${OLIVE}` })).toHaveValue(2);

    expect(screen.getByText('3 items')).toBeInTheDocument();
    expect(totalRow('Sub total')).toHaveTextContent('£194.97');
    expect(totalRow('Delivery')).toHaveTextContent('Calculated at checkout');
    expect(totalRow('Total')).toHaveTextContent('£194.97');
    expect(within(summary()).getByText('Prices include VAT')).toBeInTheDocument();
    expect(within(summary()).queryByText('VAT', { selector: 'dt' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('textbox', { name: 'Discount code' })).toBeInTheDocument();
  });

  it('changes a quantity with PATCH and shows the basket the server replies with', async () => {
    const before = makeBasket({ items: [oliveTreeLine(), fernLine()] });
    const after = makeBasket({ items: [oliveTreeLine({ quantity: 3 }), fernLine()] });
    const { calls, user } = renderBasket(before, {
      'PATCH /api/v1/basket/101': () => reply(after),
    });

    const olive = await findLine(OLIVE);
    await user.click(within(olive).getByRole('button', { name: `Increase quantity of ${OLIVE}` }));

    await waitFor(() => expect(totalRow('Total')).toHaveTextContent('£274.96'));
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        path: '/api/v1/basket/101',
        body: { quantity: 3 },
      }),
    );
    expect(within(olive).getByRole('spinbutton')).toHaveValue(3);
    expect(within(olive).getByText('£239.97')).toBeInTheDocument();
    expect(screen.getByText('4 items')).toBeInTheDocument();
  });

  it('disables a line and marks it busy while it saves', async () => {
    const before = makeBasket({ items: [oliveTreeLine()] });
    const after = makeBasket({ items: [oliveTreeLine({ quantity: 1 })] });
    const { fetchMock, user } = renderBasket(before);
    const olive = await findLine(OLIVE);

    const held = gate();
    fetchMock.mockImplementationOnce(async () => {
      await held.promise;
      return json({ data: after });
    });
    await user.click(within(olive).getByRole('button', { name: `Decrease quantity of ${OLIVE}` }));

    await waitFor(() => expect(olive).toHaveAttribute('aria-busy', 'true'));
    expect(within(olive).getByText('Updating basket')).toBeInTheDocument();
    expect(within(olive).getByRole('spinbutton')).toBeDisabled();
    expect(within(olive).getByRole('button', { name: `Remove ${OLIVE}` })).toBeDisabled();

    held.open();
    await waitFor(() => expect(olive).not.toHaveAttribute('aria-busy'));
    expect(within(olive).getByRole('spinbutton')).toHaveValue(1);
    expect(within(olive).getByRole('button', { name: `Remove ${OLIVE}` })).toBeEnabled();
  });

  it('shows the server message by the line when a quantity change is refused', async () => {
    const message = `Sorry, only 14 of ${OLIVE} are available.`;
    const { user } = renderBasket(makeBasket({ items: [oliveTreeLine(), fernLine()] }), {
      'PATCH /api/v1/basket/101': () => ({
        status: 409,
        body: { error_type: 'insufficient_stock', message, errors: { quantity: [message] } },
      }),
    });

    const olive = await findLine(OLIVE);
    const input = within(olive).getByRole('spinbutton', { name: `Quantity of ${OLIVE}` });
    await user.clear(input);
    await user.type(input, '9{Enter}');

    expect(await within(olive).findByRole('alert')).toHaveTextContent(message);
    expect(within(olive).getByRole('spinbutton')).toHaveValue(2);
    expect(totalRow('Total')).toHaveTextContent('£194.97');
    expect(within(await findLine('Artificial Boston Fern')).queryByRole('alert')).toBeNull();
  });

  it('fetches the basket again after a refused change, so a basket ordered in another tab shows as it now is', async () => {
    const paying =
      "Your basket's order is being paid for, so the basket can't be changed. Please wait a moment and try again.";
    let patches = 0;
    let gets = 0;
    const basket = makeBasket({ items: [oliveTreeLine(), fernLine()] });
    const { user } = renderBasket(basket, {
      // The order is being paid for, then paid: the basket is closed and a new one is empty.
      'GET /api/v1/basket': () => reply(++gets <= 2 ? basket : makeBasket()),
      'PATCH /api/v1/basket/102': () =>
        ++patches === 1
          ? { status: 409, body: { error_type: 'basket_order_in_progress', message: paying } }
          : { status: 404, body: { error_type: 'not_found', message: 'Not found' } },
    });

    const fern = await findLine('Artificial Boston Fern');
    const increase = within(fern).getByRole('button', { name: /^Increase / });
    await user.click(increase);
    expect(await within(fern).findByRole('alert')).toHaveTextContent(paying);
    await waitFor(() => expect(gets).toBe(2));
    expect(within(fern).getByRole('spinbutton')).toHaveValue(1);

    await user.click(
      within(await findLine('Artificial Boston Fern')).getByRole('button', { name: /^Increase / }),
    );
    expect(await screen.findByText('Your basket is empty')).toBeInTheDocument();
  });

  it('removes a line with DELETE and says so', async () => {
    const { calls, user } = renderBasket(makeBasket({ items: [oliveTreeLine(), fernLine()] }), {
      'DELETE /api/v1/basket/102': () => reply(makeBasket({ items: [oliveTreeLine()] })),
    });

    const fern = await findLine('Artificial Boston Fern');
    await user.click(within(fern).getByRole('button', { name: 'Remove Artificial Boston Fern' }));

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Artificial Boston Fern' })).toBeNull(),
    );
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: '/api/v1/basket/102' }),
    );
    expect(
      screen.getByText('Artificial Boston Fern has been removed from your basket.'),
    ).toBeInTheDocument();
    expect(totalRow('Total')).toHaveTextContent('£159.98');
    expect(screen.getByRole('heading', { level: 1, name: 'Your basket' })).toHaveFocus();
  });

  it('shows the empty basket once the last line is removed', async () => {
    const { user } = renderBasket(makeBasket({ items: [fernLine()] }), {
      'DELETE /api/v1/basket/102': () => reply(makeBasket()),
    });

    const fern = await findLine('Artificial Boston Fern');
    await user.click(within(fern).getByRole('button', { name: 'Remove Artificial Boston Fern' }));

    expect(await screen.findByText('Your basket is empty')).toBeInTheDocument();
  });

  it('shows a promotion item with its badge, FREE and no controls', async () => {
    renderBasket({
      ...makeBasket({ items: [oliveTreeLine()] }),
      promotion_items: [freeGiftLine()],
    });

    const gift = await findLine('Mini Succulent in Pot');
    expect(within(gift).getByText('Free gift')).toBeInTheDocument();
    expect(within(gift).getByText('FREE')).toBeInTheDocument();
    expect(within(gift).getByText('Qty: 1')).toBeInTheDocument();
    expect(within(gift).queryByRole('button')).toBeNull();
    expect(within(gift).queryByRole('spinbutton')).toBeNull();
  });

  it('shows and hides the items in a bundle', async () => {
    const { user } = renderBasket(makeBasket({ items: [bundleLine()] }));

    const bundle = await findLine('Living Room Trio Bundle');
    const toggle = within(bundle).getByRole('button', { name: 'Show bundle items' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(bundle).queryByRole('link', { name: 'Faux Eucalyptus Spray' })).toBeNull();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide bundle items');
    expect(within(bundle).getByRole('link', { name: 'Faux Eucalyptus Spray' })).toHaveAttribute(
      'href',
      '/products/faux-eucalyptus-spray?variation=68',
    );
    expect(within(bundle).getByText('2 ×')).toBeInTheDocument();
    expect(
      within(bundle).getByRole('link', { name: 'Faux Peony Stem — Blush pink' }),
    ).toBeVisible();

    await user.click(toggle);
    expect(within(bundle).getByRole('button', { name: 'Show bundle items' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('explains a discontinued line and offers only Remove', async () => {
    renderBasket(makeBasket({ items: [fernLine(), discontinuedLine()] }));

    const fig = await findLine('Artificial Fiddle Leaf Fig — 120cm');
    expect(
      within(fig).getByText(
        'Sorry, this variation has been discontinued and is no longer available to purchase.',
      ),
    ).toBeInTheDocument();
    expect(within(fig).getByText('It will not be added to your order.')).toBeInTheDocument();
    expect(within(fig).queryByRole('spinbutton')).toBeNull();
    expect(
      within(fig).getByRole('button', { name: 'Remove Artificial Fiddle Leaf Fig — 120cm' }),
    ).toBeEnabled();
    expect(within(fig).queryByText('£89.99')).toBeNull();
    expect(totalRow('Total')).toHaveTextContent('£34.99');
  });

  it('keeps the way to the checkout closed when only discontinued lines are left', async () => {
    renderBasket(makeBasket({ items: [discontinuedLine()] }));

    expect(
      await screen.findByText('Remove the discontinued items to continue to the checkout.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
  });

  it('shows pre-order lines with their restock date, or To be confirmed', async () => {
    renderBasket(
      makeBasket({
        items: [
          preorderLine(),
          basketItem({
            id: 106,
            quantity: 3,
            preorder: true,
            preorder_quantity: 1,
            preorder_restock_date: null,
            product: {
              ...oliveTreeLine().product,
              id: 13,
              name: 'Artificial Japanese Maple',
              variation_name: '',
              options: [],
              quantity_available: 2,
              preorder: true,
            },
          }),
        ],
      }),
    );

    const arch = await findLine('Artificial Wisteria Arch');
    expect(arch).toHaveTextContent('1 on pre-order. Restock date: 15/01/2027');
    const maple = await findLine('Artificial Japanese Maple');
    expect(maple).toHaveTextContent('1 on pre-order. Restock date: To be confirmed');
    // Pre-orders are not limited by the stock on hand.
    expect(within(maple).getByRole('spinbutton')).toHaveAttribute('max', '99');
  });

  it('limits the quantity to the stock available', async () => {
    renderBasket(
      makeBasket({
        items: [
          oliveTreeLine({
            quantity: 2,
            product: { ...oliveTreeLine().product, quantity_available: 2 },
          }),
        ],
      }),
    );

    const olive = await findLine(OLIVE);
    expect(within(olive).getByRole('spinbutton')).toHaveAttribute('max', '2');
    expect(
      within(olive).getByRole('button', { name: `Increase quantity of ${OLIVE}` }),
    ).toBeDisabled();
  });

  it('says when the basket qualifies for FREE standard delivery', async () => {
    renderBasket(makeBasket({ items: [oliveTreeLine()] }));
    expect(await screen.findByText('You qualify for FREE standard delivery')).toBeInTheDocument();
  });

  it('does not offer FREE delivery when every option has a price', async () => {
    renderBasket(makeBasket({ items: [fernLine()] }));
    await findLine('Artificial Boston Fern');
    expect(screen.queryByText('You qualify for FREE standard delivery')).toBeNull();
  });

  it('shows the chosen delivery, discounts and the discounted total', async () => {
    const olive = oliveTreeLine({
      discounted_price: gbp(7199),
      discounted_total_price: gbp(14398),
    });
    renderBasket(
      makeBasket({
        items: [olive],
        deliveryOptionId: 'uk-next-day',
        discount: { label: 'WELCOME10: 10% off', amount: 1600 },
        voucher: { code: 'WELCOME10', valid: true, message: null },
      }),
    );

    const line = await findLine(OLIVE);
    expect(within(line).getByText('£159.98', { selector: 'del' })).toBeInTheDocument();
    expect(within(line).getByText('£143.98')).toBeInTheDocument();
    expect(totalRow('Delivery')).toHaveTextContent('Next working day');
    expect(totalRow('Delivery')).toHaveTextContent('£7.95');
    expect(totalRow('Discount')).toHaveTextContent('WELCOME10: 10% off');
    expect(totalRow('Discount')).toHaveTextContent('-£16.00');
    expect(totalRow('Total')).toHaveTextContent('£151.93');
    expect(screen.getByText('Discount code:')).toBeInTheDocument();
  });

  it('shows free delivery as FREE once an option is chosen', async () => {
    renderBasket(makeBasket({ items: [oliveTreeLine()], deliveryOptionId: 'uk-standard' }));
    await findLine(OLIVE);
    expect(totalRow('Delivery')).toHaveTextContent('Standard delivery');
    expect(totalRow('Delivery')).toHaveTextContent('FREE');
  });

  it('shows a zero Sub total, VAT and Total as FREE, not £0.00', async () => {
    // Only a discontinued line is left: it counts for nothing, so every amount is zero.
    renderBasket(makeBasket({ items: [discontinuedLine()], prices_exclude_tax: true }));
    await findLine('Artificial Fiddle Leaf Fig — 120cm');

    expect(totalRow('Sub total')).toHaveTextContent(/^Sub totalFREE$/);
    expect(totalRow('VAT')).toHaveTextContent(/^VATFREE$/);
    expect(totalRow('Total')).toHaveTextContent(/^TotalFREE$/);
    expect(within(summary()).queryByText(/£0\.00/)).toBeNull();
  });

  it('shows a Total brought to zero by a discount as FREE', async () => {
    renderBasket(
      makeBasket({
        items: [oliveTreeLine()],
        deliveryOptionId: 'uk-standard',
        discount: { label: 'FREEORDER: 100% off your order', amount: 15998 },
        voucher: { code: 'FREEORDER', valid: true, message: null },
      }),
    );
    await findLine(OLIVE);

    expect(totalRow('Sub total')).toHaveTextContent('£159.98');
    expect(totalRow('Delivery')).toHaveTextContent('FREE');
    expect(totalRow('Discount')).toHaveTextContent('-£159.98');
    expect(totalRow('Total')).toHaveTextContent(/^TotalFREE$/);
  });

  it('shows prices excluding VAT with a VAT line when the basket asks for it', async () => {
    renderBasket(makeBasket({ items: [oliveTreeLine()], prices_exclude_tax: true }));

    const line = await findLine(OLIVE);
    expect(within(line).getByText('£66.66')).toBeInTheDocument();
    expect(totalRow('Sub total')).toHaveTextContent('£133.32');
    expect(totalRow('VAT')).toHaveTextContent('£26.66');
    expect(totalRow('Total')).toHaveTextContent('£159.98');
    expect(screen.queryByText('Prices include VAT')).toBeNull();
  });
});
