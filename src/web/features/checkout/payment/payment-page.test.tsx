import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BasketView } from '../../../../domain/api/basket.ts';
import { setAuthToken } from '../../../lib/auth-token.ts';
import { ada, data, failure } from '../../../shared/login/testing/fixtures.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../../testing/render.tsx';
import { gbp, reply } from '../../basket/testing/fixtures.ts';
import { harrogate, readyToPay } from '../testing/fixtures.ts';
import { amountDue } from './amount-due.ts';
import { PaymentPage } from './payment-page.tsx';
import {
  CLIENT_API,
  futureExpiry,
  nonceHandler,
  orderCreated,
  paymentsConfig,
  storedCard,
  threeDSecureHandler,
  tokenHandler,
} from './testing.ts';

const CARD_ERROR = 'There was an error taking the card payment, please check the fields below.';

/** Records each status message the live region shows, in order. */
function recordStatuses() {
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    const text = document.querySelector('.payment-page__status')?.textContent?.trim() ?? '';
    if (text && seen[seen.length - 1] !== text) seen.push(text);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return seen;
}

/** PUT /basket/details: the basket with the billing address sent. */
function saveBilling(basket: BasketView): ApiHandler {
  return (body) => {
    const fields = body as Record<string, string | null>;
    const billing = Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [key.replace('billing_address_', ''), value]),
    );
    return reply({
      ...basket,
      billing_address: {
        ...harrogate(),
        ...billing,
        full_name: `${billing.title} ${billing.first_name} ${billing.last_name}`,
      } as BasketView['billing_address'],
    });
  };
}

function renderPayment(
  basket: BasketView,
  handlers: Record<string, ApiHandler> = {},
  { signedIn = false }: { signedIn?: boolean } = {},
) {
  if (signedIn) setAuthToken('tok_ada');
  const api = mockApi({
    'GET /api/v1/config': paymentsConfig(),
    'GET /api/v1/basket': () => reply(basket),
    'POST /api/v1/payments/token': tokenHandler(),
    [`POST ${CLIENT_API}/nonces`]: nonceHandler(),
    [`POST ${CLIENT_API}/three_d_secure`]: threeDSecureHandler,
    'PUT /api/v1/basket/details': saveBilling(basket),
    'POST /api/v1/basket/order': orderCreated(),
    ...(signedIn
      ? {
          'GET /api/v1/user': () => data(ada()),
          'GET /api/v1/user/addresses': () => data({ addresses: [] }),
          'GET /api/v1/payments/methods': () => data({ payment_methods: [] }),
        }
      : {}),
    ...handlers,
  });
  // No pause between keystrokes: the card form reacts to each key, not to the time between.
  const user = userEvent.setup({ delay: null });
  const view = renderWithApp(<PaymentPage />, {
    path: '/checkout/payment',
    routes: [{ path: '/order/thank-you/:publicId', element: <h1>Thank you</h1> }],
  });
  const callsTo = (method: string, path: string) =>
    api.calls.filter((call) => call.method === method && call.path === path);
  return { ...api, ...view, user, callsTo, location: () => view.router.state.location.pathname };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillCard(
  user: User,
  card: { name?: string; number?: string; expiry?: string; cvv?: string } = {},
) {
  const { name = 'Ada Lovelace', number = '4111111111111111', cvv = '737' } = card;
  const expiry = card.expiry ?? futureExpiry().typed;
  await user.type(await screen.findByLabelText('Name on card'), name);
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry date'), expiry);
  await user.type(screen.getByLabelText('Security code'), cvv);
}

const placeOrderButton = () => screen.getByRole('button', { name: 'Place order & pay' });

describe('PaymentPage', () => {
  it('offers the card group with billing details, card fields, the test-mode cards and a way back', async () => {
    const { callsTo } = renderPayment(readyToPay());

    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to delivery options' })).toHaveAttribute(
      'href',
      '/checkout/delivery',
    );
    expect(await screen.findByRole('button', { name: 'Credit or debit card' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText(/This shop is in test mode:/)).toBeInTheDocument();
    expect(screen.getByText('4111 1111 1111 1111')).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 1091')).toBeInTheDocument();
    expect(screen.getByText('Secure and encrypted payment')).toBeInTheDocument();

    // The billing details are part of the card group (spec section 2).
    const cardGroup = screen.getByRole('region', { name: 'Credit or debit card' });
    const billing = within(cardGroup).getByRole('region', { name: 'Cardholders details' });
    expect(
      within(billing).getByRole('checkbox', { name: 'Same as delivery details' }),
    ).toBeChecked();
    expect(within(billing).getByText('12 Station Parade')).toBeInTheDocument();
    expect(within(billing).getByRole('button', { name: 'Enter new details' })).toBeInTheDocument();

    expect(await screen.findByLabelText('Name on card')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Expiry date')).toHaveAttribute('placeholder', 'mm/yy');
    expect(screen.getByLabelText('Security code')).toHaveAttribute('placeholder', 'CVV');
    expect(placeOrderButton()).toBeEnabled();
    // Guests have no vault.
    expect(screen.queryByRole('checkbox', { name: 'Save this card for next time' })).toBeNull();
    expect(callsTo('GET', '/api/v1/payments/methods')).toHaveLength(0);
    expect(callsTo('POST', '/api/v1/payments/token')).toHaveLength(1);
  });

  it('pays by card: billing saved, card tokenised without its number, 3-D Secure, order, thank-you page', async () => {
    const statuses = recordStatuses();
    const { user, callsTo, calls, fetchMock, location } = renderPayment(readyToPay());

    await fillCard(user);
    await user.click(placeOrderButton());

    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeInTheDocument();
    expect(location()).toBe('/order/thank-you/ord_7K3Q9M2X');
    expect(statuses).toEqual([
      'Getting payment information',
      'Checking your billing details',
      'Creating order',
      'Receiving your order',
      'Order created',
    ]);

    // The billing address is the delivery address, saved first.
    const [details] = callsTo('PUT', '/api/v1/basket/details');
    expect(details?.body).toMatchObject({
      billing_address_first_name: 'Ada',
      billing_address_line_1: '12 Station Parade',
      billing_address_postcode: 'HG1 2AB',
      billing_address_country_code: 'GBR',
    });

    // Only the card's non-secret details leave the page.
    const expiry = futureExpiry();
    const [minted] = callsTo('POST', `${CLIENT_API}/nonces`);
    expect(minted?.body).toEqual({
      authorization_fingerprint: 'fingerprint-1',
      type: 'CreditCard',
      fake_nonce: 'fake-valid-visa-nonce',
      details: {
        cardType: 'Visa',
        lastFour: '1111',
        bin: '411111',
        expirationMonth: expiry.month,
        expirationYear: expiry.year,
        cardholderName: 'Ada Lovelace',
      },
    });
    // Device data is a random hex correlation id, which may hold any three digits.
    const everything = JSON.stringify(
      calls.map((call) => call.body),
      (key, value: unknown) => (key === 'device_data' ? undefined : value),
    );
    expect(everything).not.toContain('4111111111111111');
    expect(everything).not.toContain('737');

    expect(callsTo('POST', `${CLIENT_API}/three_d_secure`)[0]?.body).toEqual({
      authorization_fingerprint: 'fingerprint-1',
      nonce: 'tokencc_1',
      amount: '159.98',
      outcome: 'authenticated',
    });
    const order = callsTo('POST', '/api/v1/basket/order')[0]?.body as Record<string, string>;
    expect(order.payment_method_nonce).toBe('tokencc_1_3ds');
    expect(JSON.parse(order.device_data ?? '')).toEqual({
      correlation_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(order).not.toHaveProperty('save_payment_method');
    const orderInit = fetchMock.mock.calls.find(([input]) =>
      String(input).endsWith('/basket/order'),
    )?.[1];
    expect(new Headers(orderInit?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('places a free order with no payment data', async () => {
    const statuses = recordStatuses();
    const free = { ...readyToPay(), payment_required: false };
    const { user, callsTo, location } = renderPayment(free);

    expect(
      await screen.findByRole('button', { name: 'Free! Payment not required' }),
    ).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('button', { name: 'Credit or debit card' })).toBeNull();
    expect(screen.queryByText(/test mode/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await screen.findByRole('heading', { name: 'Thank you' });
    expect(location()).toBe('/order/thank-you/ord_7K3Q9M2X');
    expect(callsTo('POST', '/api/v1/basket/order')[0]?.body).toEqual({
      payment_method_nonce: '',
      device_data: '',
      expected_total: amountDue(free),
    });
    expect(callsTo('POST', '/api/v1/payments/token')).toHaveLength(0);
    expect(statuses).toEqual(['Creating order', 'Receiving your order', 'Order created']);
  });

  it('places an order paid in full by store credit like a free one, expecting nothing to pay', async () => {
    const total = readyToPay().prices.total;
    const byCredit = {
      ...readyToPay(),
      credit: {
        using: true,
        available: 90_000,
        discount: { amount: total.amount, label: total.label },
      },
      payment_required: false,
    };
    const { user, callsTo } = renderPayment(byCredit);

    expect(
      await screen.findByRole('button', { name: 'Free! Payment not required' }),
    ).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('button', { name: 'Credit or debit card' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await screen.findByRole('heading', { name: 'Thank you' });
    expect(callsTo('POST', '/api/v1/basket/order')[0]?.body).toEqual({
      payment_method_nonce: '',
      device_data: '',
      expected_total: 0,
    });
  });

  describe('billing details', () => {
    const elsewhere = {
      ...harrogate(),
      line_1: '3 Mill Lane',
      line_3: 'Ripon',
      postcode: 'HG4 1AA',
    };

    it('shows a different saved billing address unticked and sends nothing more for it', async () => {
      const { user, callsTo } = renderPayment(readyToPay({ billing_address: elsewhere }));

      const same = await screen.findByRole('checkbox', { name: 'Same as delivery details' });
      expect(same).not.toBeChecked();
      expect(screen.getByText('3 Mill Lane')).toBeInTheDocument();
      await fillCard(user);
      await user.click(placeOrderButton());

      await screen.findByRole('heading', { name: 'Thank you' });
      expect(callsTo('PUT', '/api/v1/basket/details')).toHaveLength(0);
    });

    it('ticking "Same as delivery details" saves the delivery address as the billing address', async () => {
      const { user, callsTo } = renderPayment(readyToPay({ billing_address: elsewhere }));

      await user.click(await screen.findByRole('checkbox', { name: 'Same as delivery details' }));
      expect(screen.getByText('12 Station Parade')).toBeInTheDocument();
      await fillCard(user);
      await user.click(placeOrderButton());

      await screen.findByRole('heading', { name: 'Thank you' });
      expect(callsTo('PUT', '/api/v1/basket/details')[0]?.body).toMatchObject({
        billing_address_line_1: '12 Station Parade',
        billing_address_line_3: 'Harrogate',
      });
    });

    it('"Enter new details" opens the form; its problems stop the payment before the card is used', async () => {
      const { user, callsTo } = renderPayment(readyToPay());

      await user.click(await screen.findByRole('button', { name: 'Enter new details' }));
      const form = screen.getByRole('form', { name: 'Billing address' });
      expect(screen.getByRole('checkbox', { name: 'Same as delivery details' })).not.toBeChecked();
      const firstName = within(form).getByRole('textbox', { name: 'First name' });
      expect(firstName).toHaveValue('Ada');
      // The form has no button of its own: Place order saves it.
      expect(within(form).queryByRole('button', { name: /Save/ })).toBeNull();
      await user.clear(firstName);
      await fillCard(user);
      await user.click(placeOrderButton());

      expect(await within(form).findByText('Please enter your first name')).toBeInTheDocument();
      expect(firstName).toHaveFocus();
      expect(callsTo('POST', `${CLIENT_API}/nonces`)).toHaveLength(0);
      expect(callsTo('POST', '/api/v1/basket/order')).toHaveLength(0);
      expect(placeOrderButton()).toBeEnabled();

      await user.type(firstName, 'Augusta');
      await user.click(placeOrderButton());
      await screen.findByRole('heading', { name: 'Thank you' });
      expect(callsTo('PUT', '/api/v1/basket/details')[0]?.body).toMatchObject({
        billing_address_first_name: 'Augusta',
        billing_address_line_1: '12 Station Parade',
      });
    });
  });

  it('with PayPal open, a billing problem opens the card group at the billing field', async () => {
    const { user, callsTo } = renderPayment(readyToPay());

    await user.click(await screen.findByRole('button', { name: 'Enter new details' }));
    const firstName = within(screen.getByRole('form', { name: 'Billing address' })).getByRole(
      'textbox',
      { name: 'First name' },
    );
    await user.clear(firstName);
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    expect(screen.getByRole('button', { name: 'Credit or debit card' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(await screen.findByRole('button', { name: 'Pay with PayPal' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Credit or debit card' })).toHaveAttribute(
        'aria-expanded',
        'true',
      ),
    );
    expect(firstName).toHaveFocus();
    expect(screen.getByText('Please enter your first name')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Log in to PayPal' })).toBeNull();
    expect(callsTo('PUT', '/api/v1/basket/details')).toHaveLength(0);
  });

  describe('card fields (test mode)', () => {
    it('formats the number by brand, sizes the security code and spaces the expiry', async () => {
      const { user } = renderPayment(readyToPay());
      const number = await screen.findByLabelText('Card number');
      const cvv = screen.getByLabelText('Security code');
      const expiry = screen.getByLabelText('Expiry date');

      await user.type(number, '41111111111111112222');
      // Visa's gaps are after digits 4, 8 and 12 only; 19 digits at most.
      expect(number).toHaveValue('4111 1111 1111 1111222');
      await user.clear(number);
      await user.type(number, '3782822463100059');
      expect(number).toHaveValue('3782 822463 10005');
      await user.type(cvv, '12345');
      expect(cvv).toHaveValue('1234');
      await user.type(expiry, '4');
      expect(expiry).toHaveValue('04');
      await user.type(expiry, '30');
      expect(expiry).toHaveValue('04/30');
    });

    it('shows the brand the number’s first digits give, by the spec’s slug', async () => {
      const { user } = renderPayment(readyToPay());
      const number = await screen.findByLabelText('Card number');
      const frame = () => number.closest('.card-field')!;

      await user.type(number, '3782');
      expect(within(frame() as HTMLElement).getByText('American Express')).toHaveAttribute(
        'data-card-brand',
        'amex',
      );
      await user.clear(number);
      await user.type(number, '5555');
      expect(within(frame() as HTMLElement).getByText('MasterCard')).toHaveAttribute(
        'data-card-brand',
        'mastercard',
      );
    });

    it('shows a field’s error only once it is left, with the field described by it', async () => {
      const { user } = renderPayment(readyToPay());
      const number = await screen.findByLabelText('Card number');

      await user.type(number, '4111111111111112');
      expect(screen.queryByText('Please enter a valid card number')).toBeNull();
      expect(number).not.toHaveAttribute('aria-invalid');
      await user.tab();
      expect(screen.getByText('Please enter a valid card number')).toBeInTheDocument();
      expect(number).toHaveAttribute('aria-invalid', 'true');
      expect(number).toHaveAccessibleDescription('Please enter a valid card number');

      const expiry = screen.getByLabelText('Expiry date');
      const tooFar = String((new Date().getFullYear() + 20) % 100).padStart(2, '0');
      await user.type(expiry, `12${tooFar}`);
      await user.tab();
      expect(screen.getByText('Please enter a valid expiry date')).toBeInTheDocument();
    });

    it('refuses to pay with empty card fields (HOSTED_FIELDS_FIELDS_EMPTY)', async () => {
      const { user, callsTo } = renderPayment(readyToPay());
      await screen.findByLabelText('Card number');

      await user.click(placeOrderButton());

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(CARD_ERROR);
      expect(alert).toHaveTextContent('Please enter your card details.');
      expect(screen.getByText('Please enter the name on your card')).toBeInTheDocument();
      expect(screen.getByText('Please enter your card number')).toBeInTheDocument();
      expect(screen.getByText('Please enter the expiry date')).toBeInTheDocument();
      expect(screen.getByText('Please enter the security code')).toBeInTheDocument();
      expect(callsTo('POST', `${CLIENT_API}/nonces`)).toHaveLength(0);
      expect(callsTo('POST', '/api/v1/basket/order')).toHaveLength(0);
      expect(screen.getByRole('status', { name: '' })).toBeDefined();
    });

    it('names the invalid fields (HOSTED_FIELDS_FIELDS_INVALID) and moves to the first', async () => {
      const { user, callsTo } = renderPayment(readyToPay());

      await fillCard(user, { cvv: '12' });
      await user.click(placeOrderButton());

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Some of your card details are not valid.',
      );
      expect(screen.getByText('Please enter a valid security code')).toBeInTheDocument();
      expect(screen.queryByText('Please enter a valid card number')).toBeNull();
      expect(screen.getByLabelText('Security code')).toHaveFocus();
      expect(callsTo('POST', `${CLIENT_API}/nonces`)).toHaveLength(0);
    });

    it('clears the card fields on request', async () => {
      const { user } = renderPayment(readyToPay());
      await fillCard(user);

      await user.click(screen.getByRole('button', { name: 'Clear card details' }));

      for (const label of ['Name on card', 'Card number', 'Expiry date', 'Security code']) {
        expect(screen.getByLabelText(label)).toHaveValue('');
      }
    });

    it('explains card safety and the security code from buttons a keyboard can reach', async () => {
      const { user } = renderPayment(readyToPay());
      const safety = await screen.findByRole('button', { name: 'About keeping your card safe' });

      safety.focus();
      await user.keyboard('{Enter}');
      expect(safety).toHaveAttribute('aria-expanded', 'true');
      expect(
        screen.getByText(
          'This site is protected by a security certificate, and your full card details are never stored.',
        ),
      ).toBeVisible();
      await user.keyboard('{Escape}');
      expect(safety).toHaveAttribute('aria-expanded', 'false');

      await user.click(screen.getByRole('button', { name: 'What is the security code?' }));
      expect(
        screen.getByText('The security code is the three-digit code on the back of your card.'),
      ).toBeVisible();
    });
  });

  describe('3-D Secure', () => {
    it('asks the shopper in the bank’s dialog for a challenge card, then pays when they authenticate', async () => {
      const { user, callsTo } = renderPayment(readyToPay());

      await fillCard(user, { number: '4000000000001091' });
      await user.click(placeOrderButton());

      const dialog = await screen.findByRole('dialog', { name: /Everbloom Test Bank/ });
      expect(dialog).toHaveTextContent('£159.98');
      expect(dialog).toHaveTextContent('ending 1091');
      expect(screen.getByRole('button', { name: 'Placing order' })).toBeDisabled();
      await user.click(within(dialog).getByRole('button', { name: 'Authenticate' }));

      await screen.findByRole('heading', { name: 'Thank you' });
      expect(callsTo('POST', `${CLIENT_API}/three_d_secure`)[0]?.body).toMatchObject({
        outcome: 'authenticated',
      });
    });

    it('stops when the shopper cancels the bank’s check', async () => {
      const { user, callsTo } = renderPayment(readyToPay());

      await fillCard(user, { number: '4000000000001091' });
      await user.click(placeOrderButton());
      const dialog = await screen.findByRole('dialog', { name: /Everbloom Test Bank/ });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(CARD_ERROR);
      expect(alert).toHaveTextContent('The check with your bank was cancelled.');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(callsTo('POST', `${CLIENT_API}/three_d_secure`)[0]?.body).toMatchObject({
        outcome: 'failed',
      });
      expect(callsTo('POST', '/api/v1/basket/order')).toHaveLength(0);
      expect(placeOrderButton()).toBeEnabled();
    });

    it('stops when the card fails 3-D Secure without a challenge', async () => {
      const { user, callsTo } = renderPayment(readyToPay());

      await fillCard(user, { number: '4000000000002925' });
      await user.click(placeOrderButton());

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(CARD_ERROR);
      expect(alert).toHaveTextContent('Your bank could not confirm this payment.');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(callsTo('POST', '/api/v1/basket/order')).toHaveLength(0);
    });
  });

  it('shows the server’s reason when the order fails and starts again from a new client token', async () => {
    const { user, callsTo, location } = renderPayment(readyToPay(), {
      'POST /api/v1/basket/order': () => failure(402, 'payment_failed', '2000 : Do Not Honor'),
    });

    await fillCard(user);
    await user.click(placeOrderButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There was an error creating your order');
    expect(alert).toHaveTextContent('2000 : Do Not Honor');
    await waitFor(() => expect(callsTo('POST', '/api/v1/payments/token')).toHaveLength(2));
    expect(location()).toBe('/checkout/payment');
    // The card form comes back, from the new token, ready for another go.
    expect(await screen.findByLabelText('Card number')).toHaveValue('');
    await fillCard(user);
    await user.click(placeOrderButton());
    await waitFor(() => expect(callsTo('POST', '/api/v1/basket/order')).toHaveLength(2));
    expect(callsTo('POST', `${CLIENT_API}/nonces`)[1]?.body).toMatchObject({
      authorization_fingerprint: 'fingerprint-2',
    });
  });

  it('shows order_failed in the spec’s words, with the server’s help beside them', async () => {
    const { user } = renderPayment(readyToPay(), {
      'POST /api/v1/basket/order': () => ({
        status: 409,
        body: {
          error_type: 'order_failed',
          message: 'We were unable to create your order.',
          detail: 'We were unable to take your payment, please try again.',
        },
      }),
    });

    await fillCard(user);
    await user.click(placeOrderButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'There was an error creating your order' +
        'We were unable to create your order.' +
        'We were unable to take your payment, please try again.',
    );
  });

  describe('one payment attempt, one Idempotency-Key', () => {
    /** The Idempotency-Key of each POST /basket/order, in order. */
    const orderKeys = (fetchMock: ReturnType<typeof renderPayment>['fetchMock']) =>
      fetchMock.mock.calls
        .filter(([input]) => String(input).endsWith('/basket/order'))
        .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));

    it('sends a request lost to the network once more with the same key, and shows the order', async () => {
      let orders = 0;
      const { user, fetchMock, location } = renderPayment(readyToPay(), {
        'POST /api/v1/basket/order': (body, url) => {
          if (++orders === 1) throw new TypeError('Failed to fetch');
          return orderCreated()(body, url);
        },
      });

      await fillCard(user);
      await user.click(placeOrderButton());

      await screen.findByRole('heading', { name: 'Thank you' });
      expect(location()).toBe('/order/thank-you/ord_7K3Q9M2X');
      const keys = orderKeys(fetchMock);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('retries only once; with no answer at all, the next try keeps the key so it cannot make a second order', async () => {
      let orders = 0;
      const { user, fetchMock, callsTo } = renderPayment(readyToPay(), {
        'POST /api/v1/basket/order': (body, url) => {
          if (++orders <= 2) throw new TypeError('Failed to fetch');
          return orderCreated()(body, url);
        },
      });

      await fillCard(user);
      await user.click(placeOrderButton());
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('There was an error creating your order');
      expect(alert).toHaveTextContent('We could not reach the shop.');
      expect(orderKeys(fetchMock)).toHaveLength(2);

      await waitFor(() => expect(callsTo('POST', '/api/v1/payments/token')).toHaveLength(2));
      expect(await screen.findByLabelText('Card number')).toHaveValue('');
      await fillCard(user);
      await user.click(placeOrderButton());
      await screen.findByRole('heading', { name: 'Thank you' });
      const keys = orderKeys(fetchMock);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
    });

    it('starts a new attempt with a new key once the shop has answered a refusal', async () => {
      let orders = 0;
      const { user, fetchMock, callsTo } = renderPayment(readyToPay(), {
        'POST /api/v1/basket/order': (body, url) =>
          ++orders === 1
            ? failure(402, 'payment_failed', '2000 : Do Not Honor')
            : orderCreated()(body, url),
      });

      await fillCard(user);
      await user.click(placeOrderButton());
      await screen.findByRole('alert');
      await waitFor(() => expect(callsTo('POST', '/api/v1/payments/token')).toHaveLength(2));
      expect(await screen.findByLabelText('Card number')).toHaveValue('');
      await fillCard(user);
      await user.click(placeOrderButton());
      await screen.findByRole('heading', { name: 'Thank you' });

      const [first, second] = orderKeys(fetchMock);
      expect(first).toBeTruthy();
      expect(second).toBeTruthy();
      expect(second).not.toBe(first);
    });
  });

  it('refuses an order whose total changed: says so, fetches the basket again and pays the new total', async () => {
    const shown = readyToPay();
    const changed = {
      ...shown,
      discounted_prices: null,
      prices: { ...shown.prices, total: gbp(amountDue(shown) + 1000) },
    };
    let basketReads = 0;
    let orders = 0;
    const { user, callsTo, location } = renderPayment(shown, {
      'GET /api/v1/basket': () => reply(++basketReads === 1 ? shown : changed),
      'POST /api/v1/basket/order': (body, url) =>
        ++orders === 1
          ? failure(
              409,
              'order_total_changed',
              'The total of your order has changed since it was shown to you. Please check your order and try again.',
            )
          : orderCreated()(body, url),
    });

    await fillCard(user);
    await user.click(placeOrderButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There was an error creating your order');
    expect(alert).toHaveTextContent(
      'The total of your order has changed since it was shown to you.',
    );
    expect(callsTo('POST', '/api/v1/basket/order')[0]?.body).toMatchObject({
      expected_total: amountDue(shown),
    });
    await waitFor(() => expect(basketReads).toBeGreaterThanOrEqual(2));

    expect(await screen.findByLabelText('Card number')).toHaveValue('');
    await fillCard(user);
    await user.click(placeOrderButton());
    await screen.findByRole('heading', { name: 'Thank you' });
    expect(location()).toBe('/order/thank-you/ord_7K3Q9M2X');
    expect(callsTo('POST', '/api/v1/basket/order')[1]?.body).toMatchObject({
      expected_total: amountDue(changed),
    });
  });

  it('says when card payments cannot be set up, and tries again on request', async () => {
    let failing = true;
    const tokens = tokenHandler();
    const { user } = renderPayment(readyToPay(), {
      'POST /api/v1/payments/token': (body, url) =>
        failing
          ? failure(503, 'internal_error', 'Payments are not available just now.')
          : tokens(body, url),
    });

    expect(await screen.findByText(/Card payments could not be set up/)).toHaveTextContent(
      'Payments are not available just now.',
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
  });

  describe('signed-in customers', () => {
    const cards = () => [
      storedCard(),
      storedCard({
        id: 'pm_2',
        nonce: 'tokencc_vault_2',
        default: false,
        details: {
          cardType: 'Mastercard',
          lastFour: '4444',
          expirationMonth: '03',
          expirationYear: '2029',
          bin: '555555',
        },
      }),
    ];

    it('lists stored cards, default first, and pays with the chosen one', async () => {
      const { user, callsTo } = renderPayment(
        readyToPay(),
        { 'GET /api/v1/payments/methods': () => data({ payment_methods: cards() }) },
        { signedIn: true },
      );

      const first = await screen.findByRole('radio', { name: 'Default card' });
      expect(first).toBeChecked();
      expect(first).toHaveAccessibleDescription('Visa ending 1111, expires 12/2030');
      expect(screen.getByRole('radio', { name: 'Card 2' })).toHaveAccessibleDescription(
        'Mastercard ending 4444, expires 03/2029',
      );
      expect(screen.getByRole('radio', { name: 'Use a new card' })).not.toBeChecked();
      expect(screen.queryByLabelText('Card number')).toBeNull();

      await user.click(screen.getByRole('radio', { name: 'Card 2' }));
      await user.click(placeOrderButton());

      await screen.findByRole('heading', { name: 'Thank you' });
      expect(callsTo('POST', `${CLIENT_API}/nonces`)).toHaveLength(0);
      expect(callsTo('POST', `${CLIENT_API}/three_d_secure`)[0]?.body).toMatchObject({
        nonce: 'tokencc_vault_2',
        outcome: 'authenticated',
      });
      expect(callsTo('POST', '/api/v1/basket/order')[0]?.body).toEqual({
        payment_method_nonce: 'tokencc_vault_2_3ds',
        device_data: expect.any(String),
        expected_total: amountDue(readyToPay()),
      });
    });

    it('saves a new card for next time when asked', async () => {
      const { user, callsTo } = renderPayment(
        readyToPay(),
        { 'GET /api/v1/payments/methods': () => data({ payment_methods: cards() }) },
        { signedIn: true },
      );

      await user.click(await screen.findByRole('radio', { name: 'Use a new card' }));
      await fillCard(user);
      await user.click(screen.getByRole('checkbox', { name: 'Save this card for next time' }));
      await user.click(placeOrderButton());

      await screen.findByRole('heading', { name: 'Thank you' });
      expect(callsTo('POST', '/api/v1/basket/order')[0]?.body).toMatchObject({
        payment_method_nonce: 'tokencc_1_3ds',
        save_payment_method: true,
      });
    });

    it('offers new-card entry at once when there are no stored cards', async () => {
      renderPayment(readyToPay(), {}, { signedIn: true });

      expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
      expect(screen.queryByRole('radio', { name: 'Use a new card' })).toBeNull();
      expect(
        screen.getByRole('checkbox', { name: 'Save this card for next time' }),
      ).not.toBeChecked();
    });
  });
});
