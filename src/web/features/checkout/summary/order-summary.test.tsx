import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressView, BasketView } from '../../../../domain/api/basket.ts';
import { pence } from '../../../../domain/money.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../../testing/render.tsx';
import {
  bundleLine,
  discontinuedLine,
  fernLine,
  freeGiftLine,
  makeBasket,
  oliveTreeLine,
  preorderLine,
  reply,
} from '../../basket/testing/fixtures.ts';
import { OrderSummary } from './order-summary.tsx';

const home: AddressView = {
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Mrs Ada Lovelace',
  company_name: null,
  line_1: '12 Station Road',
  line_2: null,
  line_3: 'Harrogate',
  line_4: 'North Yorkshire',
  postcode: 'HG1 2AB',
  country_code: 'GBR',
  telephone: '01423 500600',
  mobile: null,
} as AddressView;

const office: AddressView = {
  ...home,
  company_name: 'Analytical Engines Ltd',
  line_1: '3 Parliament Street',
  postcode: 'HG1 2QU',
};

function renderSummary(
  basket: BasketView,
  {
    allowModifications = true,
    handlers = {} as Record<string, ApiHandler>,
    path = '/checkout/delivery',
  } = {},
) {
  const api = mockApi({ 'GET /api/v1/basket': () => reply(basket), ...handlers });
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<OrderSummary allowModifications={allowModifications} />, { path });
  return { ...api, user, ...view };
}

const summary = () => screen.getByRole('complementary', { name: 'Order summary' });

/** The value beside a price line's label. */
function line(label: string) {
  const term = within(summary()).getByText(label, { selector: 'dt' });
  return term.parentElement?.querySelector('dd')?.textContent;
}

/** Makes the window narrower than 980px (or not) for the summary's media query. */
function setMobile(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches && query === '(max-width: 979.98px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OrderSummary', () => {
  it('shows the lines read-only, linked to their products, with the price lines', async () => {
    renderSummary(
      makeBasket({ items: [oliveTreeLine(), fernLine()], deliveryOptionId: 'uk-standard' }),
    );

    const olive = await screen.findByRole('listitem', {
      name: 'Artificial Olive Tree — 120cm, Grey pot',
    });
    expect(within(olive).getByRole('link', { name: /Artificial Olive Tree/ })).toHaveAttribute(
      'href',
      '/products/artificial-olive-tree?variation=5',
    );
    expect(within(olive).getByRole('img')).toHaveAttribute(
      'src',
      '/media/products/artificial-olive-tree-olv-120-gry.svg?w=400',
    );
    expect(within(olive).getByText('Size: 120cm, Pot: Grey pot')).toBeInTheDocument();
    expect(within(olive).getByText('Qty: 2')).toBeInTheDocument();
    expect(within(olive).getByText('£159.98')).toBeInTheDocument();
    // Read-only: the basket page's controls are not here.
    expect(within(summary()).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(summary()).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(summary()).getByRole('link', { name: 'Edit basket' })).toHaveAttribute(
      'href',
      '/basket',
    );

    expect(line('Sub total')).toBe('£194.97');
    expect(line('Delivery')).toMatch(/FREE$/);
    expect(line('Total')).toBe('£194.97');
    expect(within(summary()).queryByText('VAT', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByText(/You qualify for FREE standard delivery/)).toBeInTheDocument();
    expect(
      screen.getByText('Pay in 3 interest-free payments of £64.99 with PayPal'),
    ).toBeInTheDocument();
  });

  it('shows prices excluding VAT, and a VAT line, for a tax-exempt basket', async () => {
    renderSummary(
      makeBasket({ items: [fernLine()], tax_exempt: true, deliveryOptionId: 'uk-next-day' }),
    );
    // £34.99 + £7.95 = £42.94, of which £7.16 is VAT.
    expect(await screen.findByText('VAT', { selector: 'dt' })).toBeInTheDocument();
    expect(line('VAT')).toBe('£7.16');
    expect(line('Sub total')).toBe('£29.16');
    expect(line('Total')).toBe('£42.94');
    expect(screen.queryByText(/You qualify for FREE standard delivery/)).not.toBeInTheDocument();
  });

  it('shows Bud rewards and Discount lines as savings', async () => {
    const basket = makeBasket({
      items: [oliveTreeLine()],
      discount: { label: 'SPRING10 (10% off)', amount: 1600 },
      loyalty_points: {
        using: true,
        available: 120,
        discount: { amount: pence(120), label: '£1.20' },
      },
    });
    renderSummary(basket);
    expect(await screen.findByText('Bud rewards')).toBeInTheDocument();
    expect(line('Bud rewards')).toBe('-£1.20');
    const discount = within(summary()).getByText('SPRING10 (10% off)').closest('div');
    expect(discount).toHaveTextContent(/^DiscountSPRING10 \(10% off\)-£16\.00$/);
  });

  it('collapses more than two lines to 300px behind Show more items / Hide', async () => {
    const { user } = renderSummary(
      makeBasket({ items: [oliveTreeLine(), fernLine(), bundleLine()] }),
    );
    const toggle = await screen.findByRole('button', { name: 'Show more items' });
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list).toHaveStyle({ maxHeight: '300px' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Hide');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveStyle({ maxHeight: '300px' });
  });

  it('shows two lines in full, with no toggle', async () => {
    renderSummary(makeBasket({ items: [oliveTreeLine(), fernLine()] }));
    await screen.findByText('Qty: 2');
    expect(screen.queryByRole('button', { name: 'Show more items' })).not.toBeInTheDocument();
  });

  it('marks promotion items, hides bundle items behind a toggle and explains discontinued lines', async () => {
    const basket = makeBasket({ items: [bundleLine(), discontinuedLine()] });
    const { user } = renderSummary({ ...basket, promotion_items: [freeGiftLine()] });

    const gift = await screen.findByRole('listitem', { name: 'Mini Succulent in Pot' });
    expect(within(gift).getByText('Free gift')).toBeInTheDocument();

    const bundle = screen.getByRole('listitem', { name: 'Living Room Trio Bundle' });
    const spray = () =>
      within(bundle).getByRole('link', { name: 'Faux Eucalyptus Spray', hidden: true });
    expect(spray()).not.toBeVisible();
    await user.click(within(bundle).getByRole('button', { name: 'Show bundle items' }));
    expect(spray()).toBeVisible();
    await user.click(within(bundle).getByRole('button', { name: 'Hide bundle items' }));
    expect(spray()).not.toBeVisible();

    const fig = screen.getByRole('listitem', { name: /Artificial Fiddle Leaf Fig/ });
    expect(
      within(fig).getByText(
        'Sorry, this variation has been discontinued and is no longer available to purchase.',
      ),
    ).toBeInTheDocument();
    expect(within(fig).getByText('It will not be added to your order.')).toBeInTheDocument();
  });

  it('lists pre-order restock dates as dd/MM/yyyy, or To be confirmed', async () => {
    const basket = makeBasket({ items: [preorderLine()] });
    renderSummary({
      ...basket,
      preorder_restock_dates: {
        ...basket.preorder_restock_dates,
        '70': { name: 'Artificial Monstera', date: null },
        '71': { name: 'Artificial Bay Tree', date: 'soon' },
      },
    });
    const table = await screen.findByRole('table', { name: 'Pre-order restock dates' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Artificial Wisteria Arch', '15/01/2027'],
      ['Artificial Monstera', 'To be confirmed'],
      ['Artificial Bay Tree', 'To be confirmed'],
    ]);
  });

  it('offers the discount form only when modifications are allowed', async () => {
    renderSummary(makeBasket({ items: [fernLine()] }));
    expect(await screen.findByText('Got a discount code?')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter your code')).toBeInTheDocument();
  });

  it('has no discount form on the payment step', async () => {
    renderSummary(makeBasket({ items: [fernLine()] }), {
      allowModifications: false,
      path: '/checkout/payment',
    });
    await screen.findByText('Qty: 1');
    expect(screen.queryByText('Got a discount code?')).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Enter your code')).not.toBeInTheDocument();
  });

  describe('addresses and delivery option', () => {
    it('shows neither section before an address is given', async () => {
      renderSummary(makeBasket({ items: [fernLine()] }));
      await screen.findByText('Qty: 1');
      expect(screen.queryByRole('heading', { name: 'Delivery address' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Edit option' })).not.toBeInTheDocument();
    });

    it('shows the delivery address and option with their edit links; no billing toggle when the same', async () => {
      renderSummary(
        makeBasket({
          items: [fernLine()],
          delivery_address: home,
          billing_address: { ...home },
          deliveryOptionId: 'uk-next-day',
        }),
      );
      const address = await screen.findByRole('region', { name: 'Delivery address' });
      expect(within(address).getByText('12 Station Road')).toBeInTheDocument();
      expect(within(address).getByText('HG1 2AB')).toBeInTheDocument();
      expect(within(address).getByText('United Kingdom')).toBeInTheDocument();
      expect(within(address).getByRole('link', { name: 'Edit details' })).toHaveAttribute(
        'href',
        '/checkout/address',
      );
      expect(
        screen.queryByRole('button', { name: 'Show billing address' }),
      ).not.toBeInTheDocument();

      const option = screen.getByRole('region', { name: 'Delivery options' });
      expect(within(option).getByText('Next working day')).toBeInTheDocument();
      expect(within(option).getByText('£7.95')).toBeInTheDocument();
      expect(within(option).getByRole('link', { name: 'Edit option' })).toHaveAttribute(
        'href',
        '/checkout/delivery',
      );
    });

    it('puts a different billing address behind Show billing address, previewed at 170px', async () => {
      const { user } = renderSummary(
        makeBasket({ items: [fernLine()], delivery_address: home, billing_address: office }),
      );
      const toggle = await screen.findByRole('button', { name: 'Show billing address' });
      const preview = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(preview).toHaveStyle({ maxHeight: '170px' });
      expect(
        within(preview as HTMLElement).getByText('Analytical Engines Ltd'),
      ).toBeInTheDocument();

      await user.click(toggle);
      expect(toggle).toHaveAccessibleName('Hide billing address');
      expect(preview).not.toHaveStyle({ maxHeight: '170px' });
    });
  });

  describe('loyalty toggle', () => {
    const withBuds = (using: boolean) =>
      makeBasket({
        items: [oliveTreeLine()],
        loyalty_points: {
          using,
          available: 120,
          discount: { amount: pence(using ? 120 : 0), label: using ? '£1.20' : '£0.00' },
        },
      });

    it('is not offered to a guest', async () => {
      renderSummary(withBuds(false));
      await screen.findByText('Qty: 2');
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    });

    it('sends the choice, is disabled while saving and shows the basket it gets back', async () => {
      document.cookie = 'ba_auth_token=signed-in-token; path=/';
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const { calls, user, fetchMock } = renderSummary(withBuds(false), {
        handlers: { 'PUT /api/v1/basket/loyalty': () => reply(withBuds(true)) },
      });
      // The reply to the PUT is held back until the test releases it.
      const answer = fetchMock.getMockImplementation();
      fetchMock.mockImplementation(async (input, init) => {
        if (init?.method === 'PUT') await held;
        return answer!(input, init);
      });

      const box = await screen.findByRole('checkbox', { name: 'Apply 120 buds to your order' });
      expect(box).not.toBeChecked();
      await user.click(box);
      expect(box).toBeDisabled();
      expect(box).toBeChecked();

      await act(async () => release());
      await waitFor(() => expect(box).toBeEnabled());
      expect(box).toBeChecked();
      expect(line('Bud rewards')).toBe('-£1.20');
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        expect.objectContaining({
          path: '/api/v1/basket/loyalty',
          body: { use_loyalty_points: true },
        }),
      ]);
    });
  });

  describe('store credit toggle', () => {
    const basketTotal = () => makeBasket({ items: [oliveTreeLine()] }).prices.total.amount;
    const withCredit = (using: boolean, available = 2500) => {
      const spent = using ? Math.min(available, basketTotal()) : 0;
      return makeBasket({
        items: [oliveTreeLine()],
        credit: {
          using,
          available,
          discount: { amount: pence(spent), label: `£${(spent / 100).toFixed(2)}` },
        },
        payment_required: basketTotal() - spent > 0,
      });
    };

    it('is not offered to a guest', async () => {
      renderSummary(withCredit(false));
      await screen.findByText('Qty: 2');
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    });

    it('is not offered to a customer without credit', async () => {
      document.cookie = 'ba_auth_token=signed-in-token; path=/';
      renderSummary(withCredit(false, 0));
      await screen.findByText('Qty: 2');
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    });

    it('sends the choice and shows the credit and what is left to pay', async () => {
      document.cookie = 'ba_auth_token=signed-in-token; path=/';
      const { calls, user } = renderSummary(withCredit(false), {
        handlers: { 'PUT /api/v1/basket/credit': () => reply(withCredit(true)) },
      });

      const box = await screen.findByRole('checkbox', {
        name: 'Use my store credit (£25.00 available)',
      });
      expect(box).not.toBeChecked();
      expect(within(summary()).queryByText('Store credit', { selector: 'dt' })).toBeNull();
      await user.click(box);

      await waitFor(() => expect(box).toBeChecked());
      expect(box).toBeEnabled();
      const total = basketTotal();
      expect(line('Total')).toBe(`£${(total / 100).toFixed(2)}`);
      expect(line('Store credit')).toBe('-£25.00');
      expect(line('To pay')).toBe(`£${((total - 2500) / 100).toFixed(2)}`);
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        expect.objectContaining({ path: '/api/v1/basket/credit', body: { use_credit: true } }),
      ]);
    });

    it('shows a basket paid in full by credit as nothing to pay', async () => {
      document.cookie = 'ba_auth_token=signed-in-token; path=/';
      renderSummary(withCredit(true, 1_000_000));
      await screen.findByRole('checkbox', { name: /Use my store credit/ });
      expect(line('To pay')).toBe('FREE');
    });
  });

  it('shows why the buds could not be applied and leaves the box as it was', async () => {
    document.cookie = 'ba_auth_token=signed-in-token; path=/';
    const { user } = renderSummary(
      makeBasket({
        items: [oliveTreeLine()],
        loyalty_points: {
          using: false,
          available: 120,
          discount: { amount: pence(0), label: '£0.00' },
        },
      }),
      {
        handlers: {
          'PUT /api/v1/basket/loyalty': () => ({
            status: 429,
            body: {
              error_type: 'rate_limit',
              message: 'This action has been attempted too many times, please try again later.',
            },
          }),
        },
      },
    );
    const box = await screen.findByRole('checkbox', { name: 'Apply 120 buds to your order' });
    await user.click(box);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This action has been attempted too many times, please try again later.',
    );
    expect(box).not.toBeChecked();
    expect(box).toBeEnabled();
  });

  it('shows its own fallback, with Try again and the basket, when it cannot render', async () => {
    const spy = vi.spyOn(console, 'error');
    const guard = spy.getMockImplementation();
    spy.mockImplementation(() => undefined);
    // A basket missing its prices (a broken reply) cannot be summarised.
    const broken = {
      ...makeBasket({ items: [fernLine()] }),
      prices: undefined,
    } as unknown as BasketView;
    renderSummary(broken);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, we could not show your order summary.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'View your basket' })).toHaveAttribute(
      'href',
      '/basket',
    );
    expect(spy).toHaveBeenCalled();
    if (guard) spy.mockImplementation(guard);
  });

  describe('on screens narrower than 980px', () => {
    it('is a tab showing the item count and total, locking the page while open', async () => {
      setMobile(true);
      const { user } = renderSummary(makeBasket({ items: [oliveTreeLine(), fernLine()] }));

      const toggle = await screen.findByRole('button', { name: /Show order summary/ });
      expect(toggle).toHaveTextContent('3 items');
      expect(toggle).toHaveTextContent('£194.97');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(panel).toHaveAttribute('inert');
      expect(document.body).not.toHaveClass('scroll-locked');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(toggle).toHaveTextContent('Hide order summary');
      expect(panel).not.toHaveAttribute('inert');
      expect(document.body).toHaveClass('scroll-locked');

      await user.click(toggle);
      expect(toggle).toHaveTextContent('Show order summary');
      expect(document.body).not.toHaveClass('scroll-locked');
    });

    it('closes when the route changes', async () => {
      setMobile(true);
      const { user, router } = renderSummary(makeBasket({ items: [fernLine()] }));
      const toggle = await screen.findByRole('button', { name: /Show order summary/ });
      await user.click(toggle);
      expect(document.body).toHaveClass('scroll-locked');

      await act(() => router.navigate('/checkout/payment'));

      expect(screen.getByRole('button', { name: /Show order summary/ })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      expect(document.body).not.toHaveClass('scroll-locked');

      // Coming back does not reopen it.
      await act(() => router.navigate('/checkout/delivery'));
      expect(screen.getByRole('button', { name: /Show order summary/ })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    });

    it('is an open panel with no toggle on wider screens', async () => {
      setMobile(false);
      renderSummary(makeBasket({ items: [fernLine()] }));
      expect(await screen.findByRole('heading', { name: 'Order summary' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /order summary/ })).not.toBeInTheDocument();
    });
  });
});
