import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BasketView } from '../../../../domain/api/basket.ts';
import type { SavedAddressView, UserView } from '../../../../domain/api/user.ts';
import { setAuthToken } from '../../../lib/auth-token.ts';
import {
  HG1_2AB,
  LOOKUP_CONFIG,
  lookupKey,
  savedAddress,
} from '../../../shared/address-form/testing.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../../testing/render.tsx';
import { basketItem, makeBasket, reply } from '../../basket/testing/fixtures.ts';
import { AddressPage } from './address-page.tsx';

const VALIDATION = 'There is a problem submitting the form, please check the notice(s) below.';

const ADA: UserView = {
  full_name: 'Dr Ada Lovelace',
  email_address: 'ada@example.com',
  title: 'Dr',
  first_name: 'Ada',
  last_name: 'Lovelace',
  prices_exclude_tax: false,
  newsletter: false,
  basket_reminders: false,
  loyalty_points: { available: 0 },
};

const HOME = savedAddress();
const OFFICE = savedAddress({
  id: 2,
  company_name: 'Analytical Engines Ltd',
  line_1: '41 Tanner Row',
  line_3: 'London',
  line_4: 'Greater London',
  postcode: 'SE1 9QX',
  default_delivery: false,
  default_billing: false,
});
const IRELAND = savedAddress({
  id: 3,
  line_1: '5 Harbour Road',
  line_3: 'Cork',
  line_4: 'County Cork',
  postcode: 'T12 X2Y4',
  country_code: 'IRL',
  default_delivery: false,
  default_billing: false,
});

const basketWith = (overrides: Partial<BasketView> = {}) =>
  makeBasket({ items: [basketItem()], email_address: 'ada@example.com', ...overrides });

const data = (body: unknown) => ({ body: { data: body } });

/** A promise the test settles, for holding a reply back. */
function gate() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function renderPage(
  basket: BasketView,
  options: {
    user?: UserView;
    saved?: SavedAddressView[];
    handlers?: Record<string, ApiHandler>;
  } = {},
) {
  if (options.user) setAuthToken('tok_ada');
  let current = basket;
  const api = mockApi({
    'GET /api/v1/config': LOOKUP_CONFIG,
    'GET /api/v1/basket': () => reply(current),
    'PUT /api/v1/basket/details': (body) => {
      const sent = body as Record<string, string | null>;
      const address = Object.fromEntries(
        Object.entries(sent).map(([key, value]) => [key.replace('delivery_address_', ''), value]),
      );
      const full_name = [address.title, address.first_name, address.last_name].join(' ');
      current = {
        ...current,
        delivery_address: { ...address, full_name } as BasketView['delivery_address'],
      };
      return reply(current);
    },
    [lookupKey('HG1 2AB')]: () => ({ body: HG1_2AB }),
    ...(options.user ? { 'GET /api/v1/user': () => data(options.user) } : {}),
    ...(options.user
      ? { 'GET /api/v1/user/addresses': () => data({ addresses: options.saved ?? [] }) }
      : {}),
    ...options.handlers,
  });
  const user = userEvent.setup();
  const view = renderWithApp(<AddressPage />, {
    path: '/checkout/address',
    routes: [{ path: '/checkout/delivery', element: <h1>Delivery options</h1> }],
  });
  return { ...api, ...view, user };
}

const field = (label: string) => screen.getByLabelText(label);

describe('AddressPage', () => {
  it('pre-fills the basket’s delivery address and sets the page title', async () => {
    renderPage(basketWith({ delivery_address: HOME }));

    expect(await screen.findByRole('heading', { name: 'Delivery address' })).toBeInTheDocument();
    expect(document.title).toBe('Delivery address | Everbloom');
    expect(field('Title')).toHaveValue('Mrs');
    expect(field('First name')).toHaveValue('Ada');
    expect(field('Last name')).toHaveValue('Lovelace');
    expect(field('Address Line 1')).toHaveValue('12 Orchard Lane');
    expect(field('Town/City')).toHaveValue('Harrogate');
    expect(field('County')).toHaveValue('North Yorkshire');
    expect(field('Postcode')).toHaveValue('HG1 2AB');
    expect(field('Country')).toHaveValue('GBR');
    expect(field('Telephone')).toHaveValue('01423 496000');
  });

  it('shows the terms and privacy footer', async () => {
    renderPage(basketWith());

    const footer = await screen.findByText(/By placing an order with us/);
    expect(footer).toHaveTextContent(
      'By placing an order with us, you are accepting our terms & conditions and privacy policy',
    );
    expect(within(footer).getByRole('link', { name: 'terms & conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    expect(within(footer).getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy-notice',
    );
  });

  it('lets a guest find an address, saves it, refreshes the basket and moves on', async () => {
    const held = gate();
    const { user, calls, router, fetchMock } = renderPage(basketWith());
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') await held.promise;
      return original!(input, init);
    });

    await user.selectOptions(await screen.findByLabelText('Title'), 'Miss');
    await user.type(field('First name'), 'Mary');
    await user.type(field('Last name'), 'Somerville');
    await user.type(field('Telephone'), '01423 496111');
    await user.type(field('Enter your postcode'), 'HG1 2AB');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.selectOptions(
      await screen.findByLabelText('Select your address'),
      '12 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('button', { name: 'Updating basket' })).toBeDisabled();
    const basketReads = calls.filter((call) => call.path === '/api/v1/basket').length;
    held.open();
    expect(await screen.findByRole('heading', { name: 'Delivery options' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout/delivery');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/v1/basket/details',
      body: {
        delivery_address_title: 'Miss',
        delivery_address_first_name: 'Mary',
        delivery_address_last_name: 'Somerville',
        delivery_address_company_name: null,
        delivery_address_line_1: '12 Orchard Lane',
        delivery_address_line_2: null,
        delivery_address_line_3: 'Harrogate',
        delivery_address_line_4: 'North Yorkshire',
        delivery_address_postcode: 'HG1 2AB',
        delivery_address_country_code: 'GBR',
        delivery_address_telephone: '01423 496111',
        delivery_address_mobile: null,
      },
    });
    // The basket is read again after the save, for the next step's options.
    expect(calls.filter((call) => call.path === '/api/v1/basket').length).toBeGreaterThan(
      basketReads,
    );
  });

  it('shows the server’s validation messages on the fields and stays on the step', async () => {
    const { user, router } = renderPage(basketWith({ delivery_address: HOME }), {
      handlers: {
        'PUT /api/v1/basket/details': () => ({
          status: 422,
          body: {
            error_type: 'validation',
            message: VALIDATION,
            errors: { delivery_address_line_4: ['Please enter the address county'] },
          },
        }),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION);
    expect(field('County')).toHaveAccessibleDescription('Please enter the address county');
    expect(router.state.location.pathname).toBe('/checkout/address');
  });

  it('shows a basket update error’s message', async () => {
    const { user, router } = renderPage(basketWith({ delivery_address: HOME }), {
      handlers: {
        'PUT /api/v1/basket/details': () => ({
          status: 429,
          body: {
            error_type: 'rate_limit',
            message: 'This action has been attempted too many times, please try again later.',
          },
        }),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This action has been attempted too many times, please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/checkout/address');
  });

  it('starts a signed-in customer with no address and no saved ones from the profile', async () => {
    renderPage(basketWith(), { user: ADA, saved: [] });

    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(field('Title')).toHaveValue('Dr');
    expect(field('Last name')).toHaveValue('Lovelace');
    expect(field('Enter your postcode')).toHaveValue('');
    expect(
      screen.queryByRole('button', { name: 'Select a saved address' }),
    ).not.toBeInTheDocument();
  });

  it('prefers the basket’s address to the profile', async () => {
    renderPage(basketWith({ delivery_address: { ...HOME, first_name: 'Augusta' } }), {
      user: ADA,
      saved: [],
    });

    expect(await screen.findByLabelText('First name')).toHaveValue('Augusta');
    expect(field('Title')).toHaveValue('Mrs');
  });
});

describe('AddressPage saved addresses', () => {
  it('picks the default delivery address when the basket has none', async () => {
    renderPage(basketWith(), { user: ADA, saved: [OFFICE, HOME] });

    expect(await screen.findByLabelText('Address Line 1')).toHaveValue('12 Orchard Lane');
    expect(field('Saved addresses')).toHaveValue('1');
    expect(field('Telephone')).toHaveValue('01423 496000');
  });

  it('picks the first saved address when none is the delivery default', async () => {
    renderPage(basketWith(), {
      user: ADA,
      saved: [OFFICE, { ...HOME, default_delivery: false }],
    });

    expect(await screen.findByLabelText('Address Line 1')).toHaveValue('41 Tanner Row');
    expect(field('Saved addresses')).toHaveValue('2');
  });

  it('selects the saved address matching the basket’s, and none for a new one', async () => {
    const { user } = renderPage(basketWith({ delivery_address: OFFICE }), {
      user: ADA,
      saved: [HOME, OFFICE],
    });

    expect(await screen.findByLabelText('Saved addresses')).toHaveValue('2');
    expect(field('Address Line 1')).toHaveValue('41 Tanner Row');

    await user.clear(field('Address Line 1'));
    await user.type(field('Address Line 1'), '43 Tanner Row');
    expect(field('Saved addresses')).toHaveValue('');
  });

  it('lists the saved addresses in a modal and fills the form with the one chosen', async () => {
    const { user } = renderPage(basketWith({ delivery_address: HOME }), {
      user: ADA,
      saved: [HOME, OFFICE, IRELAND],
    });

    await user.click(await screen.findByRole('button', { name: 'Select a saved address' }));

    // The dialog's code loads after the form is drawn (ADR 079).
    const dialog = await screen.findByRole('dialog', { name: 'Select a saved address' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Mrs Ada Lovelace, 12 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB, United Kingdom',
      'Mrs Ada Lovelace, Analytical Engines Ltd, 41 Tanner Row, London, Greater London, SE1 9QX, United Kingdom',
      'Mrs Ada Lovelace, 5 Harbour Road, Cork, County Cork, T12 X2Y4, Ireland',
    ]);

    await user.click(within(dialog).getByRole('button', { name: /5 Harbour Road/ }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field('Address Line 1')).toHaveValue('5 Harbour Road');
    expect(field('Town/City')).toHaveValue('Cork');
    expect(field('Country')).toHaveValue('IRL');
    expect(field('Saved addresses')).toHaveValue('3');
  });

  it('fills the form from the saved-address selector', async () => {
    const { user } = renderPage(basketWith({ delivery_address: HOME }), {
      user: ADA,
      saved: [HOME, OFFICE],
    });

    await user.selectOptions(
      await screen.findByLabelText('Saved addresses'),
      'Mrs Ada Lovelace, Analytical Engines Ltd, 41 Tanner Row, London, Greater London, SE1 9QX, United Kingdom',
    );

    expect(field('Company name')).toHaveValue('Analytical Engines Ltd');
    expect(field('Postcode')).toHaveValue('SE1 9QX');
  });

  it('goes back to the search when a new address is chosen in the selector', async () => {
    const { user } = renderPage(basketWith({ delivery_address: HOME }), {
      user: ADA,
      saved: [HOME],
    });

    await user.selectOptions(
      await screen.findByLabelText('Saved addresses'),
      'Enter a new address',
    );

    expect(field('Enter your postcode')).toBeInTheDocument();
    expect(field('First name')).toHaveValue('Ada');
    await waitFor(() => expect(field('Saved addresses')).toHaveValue(''));
  });
});
