import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BasketView } from '../../../../domain/api/basket.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../../testing/render.tsx';
import { fernLine, makeBasket, oliveTreeLine, reply } from '../../basket/testing/fixtures.ts';
import { hold } from '../testing/render-checkout.tsx';
import { DeliveryPage } from './delivery-page.tsx';

/** Two olive trees (£159.98): standard delivery is free, next day £7.95. */
const basketWith = (options: Parameters<typeof makeBasket>[0] = {}) =>
  makeBasket({ items: [oliveTreeLine()], ...options });

function renderDelivery(basket: BasketView, handlers: Record<string, ApiHandler> = {}) {
  const api = mockApi({ 'GET /api/v1/basket': () => reply(basket), ...handlers });
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<DeliveryPage />, {
    path: '/checkout/delivery',
    routes: [{ path: '/checkout/payment', element: <h1>Payment step</h1> }],
  });
  return { ...api, user, ...view };
}

/** PUT /basket/delivery answered with the basket with that option chosen. */
function chooseDelivery(base: Parameters<typeof makeBasket>[0] = {}): ApiHandler {
  return (body) =>
    reply(basketWith({ ...base, deliveryOptionId: (body as { option_id: string }).option_id }));
}

describe('DeliveryPage', () => {
  it('lists the options with name, price (Free for zero) and description, and a way back', async () => {
    renderDelivery(basketWith());

    const standard = await screen.findByRole('radio', { name: /Standard delivery/ });
    expect(standard).not.toBeChecked();
    expect(standard).toHaveAccessibleName('Standard delivery, Free');
    expect(standard).toHaveAccessibleDescription('3–5 working days. FREE on orders over £50.');
    const nextDay = screen.getByRole('radio', { name: /Next working day/ });
    expect(nextDay).toHaveAccessibleName('Next working day, £7.95');
    expect(nextDay).toHaveAccessibleDescription('Order by 2pm for delivery the next working day.');
    expect(screen.getByRole('heading', { level: 1, name: 'Delivery options' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to delivery address' })).toHaveAttribute(
      'href',
      '/checkout/address',
    );
    expect(document.title).toBe('Delivery options | Everbloom');
    // No instructions until an option is chosen.
    expect(
      screen.queryByRole('heading', { name: 'Delivery instructions' }),
    ).not.toBeInTheDocument();
  });

  it('says when each option would arrive, read with its description', async () => {
    const basket = basketWith();
    basket.available_delivery_options = basket.available_delivery_options.map((option) =>
      option.id === 'uk-next-day'
        ? {
            ...option,
            estimate: { earliest: '2027-01-05', latest: '2027-01-05', label: 'Tuesday 5 January' },
          }
        : option,
    );
    renderDelivery(basket);
    const nextDay = await screen.findByRole('radio', { name: /Next working day/ });
    expect(nextDay).toHaveAccessibleDescription(
      'Order by 2pm for delivery the next working day. Expected Tuesday 5 January',
    );
  });

  it('shows prices excluding VAT for a tax-exempt basket', async () => {
    renderDelivery(makeBasket({ items: [fernLine()], tax_exempt: true }));
    // £7.95 including VAT is £6.62 without it (VAT rounded half up); £4.95 is £4.12.
    expect(
      await screen.findByRole('radio', { name: 'Next working day, £6.62' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Standard delivery, £4.12' })).toBeInTheDocument();
  });

  it('saves the chosen option, then shows the delivery instructions', async () => {
    const { calls, user } = renderDelivery(basketWith(), {
      'PUT /api/v1/basket/delivery': chooseDelivery(),
    });

    await user.click(await screen.findByRole('radio', { name: /Next working day/ }));

    expect(
      await screen.findByRole('heading', { name: 'Delivery instructions' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Next working day/ })).toBeChecked();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({
        path: '/api/v1/basket/delivery',
        body: { option_id: 'uk-next-day' },
      }),
    ]);
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
  });

  it('keeps the options usable and focused while one saves, saving each choice in order', async () => {
    const { calls, fetchMock, user } = renderDelivery(basketWith(), {
      'PUT /api/v1/basket/delivery': chooseDelivery(),
    });
    // The saves are held until released, as on a slow connection.
    const answer = fetchMock.getMockImplementation()!;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') await held;
      return answer(input, init);
    });

    const standard = await screen.findByRole('radio', { name: /Standard delivery/ });
    await user.click(standard);
    expect(await screen.findByText('Updating basket')).toBeInTheDocument();
    // A keyboard user keeps their place and moves on with the arrow keys.
    expect(standard).toHaveFocus();
    expect(standard).toBeEnabled();
    await user.keyboard('{ArrowDown}');
    const nextDay = screen.getByRole('radio', { name: /Next working day/ });
    expect(nextDay).toBeChecked();
    expect(nextDay).toHaveFocus();

    release();
    await waitFor(() => expect(screen.queryByText('Updating basket')).not.toBeInTheDocument());
    expect(nextDay).toBeChecked();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { option_id: 'uk-standard' },
      { option_id: 'uk-next-day' },
    ]);
  });

  it('shows the delivery instructions while the first choice saves, and continues after it', async () => {
    const { calls, fetchMock, user } = renderDelivery(basketWith(), {
      'PUT /api/v1/basket/delivery': chooseDelivery(),
      'PUT /api/v1/basket/details': () => reply(basketWith({ deliveryOptionId: 'uk-next-day' })),
    });
    // The option's save is held, as on a slow connection.
    const held = hold(fetchMock, '/basket/delivery');
    const sent = () =>
      fetchMock.mock.calls
        .filter(([, init]) => init?.method === 'PUT')
        .map(([input]) => new URL(String(input), 'http://localhost').pathname);

    await user.click(await screen.findByRole('radio', { name: /Next working day/ }));
    expect(await screen.findByText('Updating basket')).toBeInTheDocument();
    // A Tab from the options reaches the instructions at once (no gap with focus lost).
    expect(screen.getByRole('heading', { name: 'Delivery instructions' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'With a neighbour' }));
    await user.type(screen.getByRole('textbox'), 'Number 12');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    // The instructions wait for the option's save, then go on.
    expect(sent()).toEqual(['/api/v1/basket/delivery']);
    held.open();
    expect(await screen.findByRole('heading', { name: 'Payment step' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      '/api/v1/basket/delivery',
      '/api/v1/basket/details',
    ]);
  });

  it('stays on the step when the option could not be saved before the instructions', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls, fetchMock, user } = renderDelivery(basketWith(), {
      'PUT /api/v1/basket/delivery': () => ({
        status: 422,
        body: {
          error_type: 'invalid_delivery_option',
          message: "That delivery option isn't valid for this basket, please choose another.",
        },
      }),
      'PUT /api/v1/basket/details': () => reply(basketWith()),
    });
    const held = hold(fetchMock, '/basket/delivery');

    await user.click(await screen.findByRole('radio', { name: /Next working day/ }));
    await user.click(await screen.findByRole('radio', { name: 'With a neighbour' }));
    await user.type(screen.getByRole('textbox'), 'Number 12');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    held.open();

    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Next working day/ })).not.toBeChecked(),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
        '/api/v1/basket/delivery',
        '/api/v1/basket/details',
      ]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Delivery instructions' })).toBeNull(),
    );
    expect(screen.queryByRole('heading', { name: 'Payment step' })).not.toBeInTheDocument();
  });

  it('reports a failed option change without telling the shopper, keeping the saved choice', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderDelivery(basketWith({ deliveryOptionId: 'uk-standard' }), {
      'PUT /api/v1/basket/delivery': () => ({
        status: 422,
        body: {
          error_type: 'invalid_delivery_option',
          message: "That delivery option isn't valid for this basket, please choose another.",
        },
      }),
    });

    await user.click(await screen.findByRole('radio', { name: /Next working day/ }));

    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(warn.mock.calls[0]?.[0]).toBe('Could not set the delivery option');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Standard delivery/ })).toBeChecked(),
    );
    expect(screen.getByRole('radio', { name: /Next working day/ })).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/isn't valid/)).not.toBeInTheDocument();
  });

  it('shows the no-options view with help and a way to edit the address', async () => {
    renderDelivery(basketWith({ available_delivery_options: [] }));

    expect(
      await screen.findByRole('heading', { name: 'No options available' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "It looks like there are no delivery options for the address you've entered.",
      ),
    ).toBeInTheDocument();
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toContain('/help-centre/topics/orders/delivery');
    expect(screen.getByRole('link', { name: 'Edit delivery address' })).toHaveAttribute(
      'href',
      '/checkout/address',
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  describe('delivery instructions', () => {
    const chosen = (extra: Parameters<typeof makeBasket>[0] = {}) =>
      basketWith({ deliveryOptionId: 'uk-standard', ...extra });

    function saveDetails() {
      const sent: unknown[] = [];
      const handler: ApiHandler = (body) => {
        sent.push(body);
        return reply(chosen());
      };
      return { sent, handler };
    }

    it('offers the six safe places and no note field until one takes a note', async () => {
      renderDelivery(chosen());
      const group = await screen.findByRole('group', {
        name: "If you're out, where can we leave your order?",
      });
      expect(
        within(group)
          .getAllByRole('radio')
          .map((radio) => radio.getAttribute('value')),
      ).toEqual(['With a neighbour', 'Back garden', 'Greenhouse', 'Porch', 'Shed', 'Other']);
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    });

    it.each([
      [
        'With a neighbour',
        'Please specify a house name or number',
        16,
        'No. 12',
        'Leave at No. 12',
      ],
      [
        'Other',
        'Let us know where we can leave the items',
        25,
        'Behind the bins',
        'Behind the bins',
      ],
    ])(
      '%s asks for a note (%s, max %i) and sends the composed text',
      async (option, label, max, note, composed) => {
        const { sent, handler } = saveDetails();
        const { user, router } = renderDelivery(chosen(), {
          'PUT /api/v1/basket/details': handler,
        });

        await user.click(await screen.findByRole('radio', { name: option }));
        const field = screen.getByRole('textbox', { name: label });
        expect(field).toHaveAttribute('maxlength', String(max));
        await user.type(field, note);
        await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

        expect(await screen.findByRole('heading', { name: 'Payment step' })).toBeInTheDocument();
        expect(router.state.location.pathname).toBe('/checkout/payment');
        expect(sent).toEqual([
          {
            delivery_safe_place_option: option,
            delivery_safe_place_option_note: note,
            delivery_safe_place: composed,
          },
        ]);
      },
    );

    it.each([
      ['With a neighbour', 'If out leave with neighbour'],
      ['Other', 'Safe place not set'],
      ['Back garden', 'Leave in back garden'],
      ['Greenhouse', 'Leave in greenhouse'],
      ['Porch', 'Leave in porch'],
      ['Shed', 'Leave in shed'],
    ])('%s without a note sends "%s"', async (option, composed) => {
      const { sent, handler } = saveDetails();
      const { user } = renderDelivery(chosen(), { 'PUT /api/v1/basket/details': handler });

      await user.click(await screen.findByRole('radio', { name: option }));
      await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

      expect(await screen.findByRole('heading', { name: 'Payment step' })).toBeInTheDocument();
      expect(sent).toEqual([
        {
          delivery_safe_place_option: option,
          delivery_safe_place_option_note: null,
          delivery_safe_place: composed,
        },
      ]);
    });

    it('continues with no safe place chosen: nothing is required', async () => {
      const { sent, handler } = saveDetails();
      const { user } = renderDelivery(chosen(), { 'PUT /api/v1/basket/details': handler });

      await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));

      expect(await screen.findByRole('heading', { name: 'Payment step' })).toBeInTheDocument();
      expect(sent).toEqual([
        {
          delivery_safe_place_option: null,
          delivery_safe_place_option_note: null,
          delivery_safe_place: 'Safe place not set',
        },
      ]);
    });

    it('starts from the saved instructions and drops the note for a place without one', async () => {
      const { sent, handler } = saveDetails();
      const { user } = renderDelivery(
        chosen({
          delivery_safe_place_option: 'With a neighbour',
          delivery_safe_place_option_note: 'No. 7',
          delivery_safe_place: 'Leave at No. 7',
        }),
        { 'PUT /api/v1/basket/details': handler },
      );

      expect(await screen.findByRole('radio', { name: 'With a neighbour' })).toBeChecked();
      expect(
        screen.getByRole('textbox', { name: 'Please specify a house name or number' }),
      ).toHaveValue('No. 7');
      await user.click(screen.getByRole('radio', { name: 'Porch' }));
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

      await screen.findByRole('heading', { name: 'Payment step' });
      expect(sent).toEqual([
        {
          delivery_safe_place_option: 'Porch',
          delivery_safe_place_option_note: null,
          delivery_safe_place: 'Leave in porch',
        },
      ]);
    });

    it('shows the server’s message and stays on the step when saving fails', async () => {
      const { user, router } = renderDelivery(chosen(), {
        'PUT /api/v1/basket/details': () => ({
          status: 422,
          body: {
            error_type: 'validation',
            message: 'There is a problem submitting the form, please check the notice(s) below.',
            errors: {
              delivery_safe_place_option_note: ['Please enter no more than 25 characters'],
            },
          },
        }),
      });

      await user.click(await screen.findByRole('radio', { name: 'Other' }));
      await user.type(
        screen.getByRole('textbox', { name: 'Let us know where we can leave the items' }),
        'Side gate',
      );
      await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'There is a problem submitting the form, please check the notice(s) below.',
      );
      expect(screen.getByText('Please enter no more than 25 characters')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/checkout/delivery');
    });
  });
});
