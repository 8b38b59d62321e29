import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../testing/render.tsx';
import { AddressForm, type AddressFormProps } from './address-form.tsx';
import { HG1_2AB, LOOKUP_CONFIG, LOOKUP_IDENTIFIER, lookupKey, savedAddress } from './testing.ts';
import { EMPTY_ADDRESS, toFormValues } from './values.ts';

const VALIDATION = 'There is a problem submitting the form, please check the notice(s) below.';

/** A promise the test settles, for holding a reply back. */
function gate() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

function renderForm(
  props: Partial<AddressFormProps> = {},
  handlers: Record<string, ApiHandler> = {},
) {
  const api = mockApi({
    'GET /api/v1/config': LOOKUP_CONFIG,
    [lookupKey('HG1 2AB')]: () => ({ body: HG1_2AB }),
    [lookupKey('ZZ9 9ZZ')]: () => ({ body: [] }),
    ...handlers,
  });
  const onSubmit = vi.fn<AddressFormProps['onSubmit']>(async () => undefined);
  // No pause between keystrokes: the form reacts to each key, not to the time between.
  const user = userEvent.setup({ delay: null });
  renderWithApp(
    <AddressForm
      prefix="delivery_address_"
      label="Delivery address"
      defaultValues={EMPTY_ADDRESS}
      submitLabel="Continue"
      busyLabel="Updating basket"
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return { ...api, onSubmit, user };
}

const field = (name: string) => screen.getByLabelText(name);

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(field('Title'), 'Ms');
  await user.type(field('First name'), 'Grace');
  await user.type(field('Last name'), 'Hopper');
  await user.type(field('Telephone'), '01423 496123');
}

async function searchFor(user: ReturnType<typeof userEvent.setup>, postcode: string) {
  await user.type(field('Enter your postcode'), postcode);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

describe('AddressForm for a guest', () => {
  it('starts at the postcode search, with the contact fields and no messages', () => {
    renderForm();

    expect(screen.getByRole('form', { name: 'Delivery address' })).toBeInTheDocument();
    expect(
      within(field('Title'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a title', 'Mr', 'Mrs', 'Miss', 'Ms', 'Dr']);
    for (const label of ['First name', 'Last name', 'Telephone', 'Mobile']) {
      expect(field(label)).toHaveValue('');
    }
    expect(field('Enter your postcode')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Enter manually' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Address Line 1')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Select a saved address' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a message only on the fields the shopper has left', async () => {
    const { user } = renderForm();

    await user.click(field('First name'));
    await user.tab();

    expect(await screen.findByText('Please enter your first name')).toBeInTheDocument();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Please enter your last name')).not.toBeInTheDocument();
    expect(field('Last name')).not.toHaveAttribute('aria-invalid');
  });

  it('asks for a postcode and an address when submitted before one was chosen', async () => {
    const { user, onSubmit } = renderForm();

    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION);
    expect(
      screen.getByText('Please enter your postcode and select your address'),
    ).toBeInTheDocument();
    await waitFor(() => expect(field('Enter your postcode')).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows every message after a submit and moves to the first field in error', async () => {
    const { user, onSubmit } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Enter manually' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION);
    for (const message of [
      'Please select an option',
      'Please enter your first name',
      'Please enter your last name',
      'Please enter the first line of your address',
      'Required',
      'Please enter the address county',
      'Please enter your postcode',
      'Please enter a phone number for us to contact you on if we have questions about your order.',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await waitFor(() => expect(field('Title')).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for a country when none is chosen', async () => {
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Enter manually' }));
    await user.selectOptions(field('Country'), '');
    await user.tab();

    expect(await screen.findByText('Please select your country')).toBeInTheDocument();
  });

  it('sends a typed address with the prefix, upper-casing the postcode', async () => {
    const { user, onSubmit } = renderForm({ prefix: 'billing_address_' });

    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Enter manually' }));
    await user.type(field('Address Line 1'), '1 Quay Street');
    await user.type(field('Town/City'), 'Cardiff');
    await user.type(field('County'), 'South Glamorgan');
    await user.type(field('Postcode'), 'cf10 1ep');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      billing_address_title: 'Ms',
      billing_address_first_name: 'Grace',
      billing_address_last_name: 'Hopper',
      billing_address_company_name: null,
      billing_address_line_1: '1 Quay Street',
      billing_address_line_2: null,
      billing_address_line_3: 'Cardiff',
      billing_address_line_4: 'South Glamorgan',
      billing_address_postcode: 'CF10 1EP',
      billing_address_country_code: 'GBR',
      billing_address_telephone: '01423 496123',
      billing_address_mobile: null,
    });
  });

  it('reads the busy label while saving', async () => {
    const held = gate();
    const { user } = renderForm({
      defaultValues: toFormValues(savedAddress()),
      onSubmit: () => held.promise,
    });

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('button', { name: 'Updating basket' })).toBeDisabled();
    held.open();
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('puts the server’s validation messages on their fields, prefixed or not', async () => {
    const { user } = renderForm({
      defaultValues: toFormValues(savedAddress()),
      onSubmit: async () => {
        throw new ApiError(422, 'validation', VALIDATION, {
          delivery_address_postcode: ['Please enter your postcode'],
          line_4: ['Please enter the address county'],
        });
      },
    });

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION);
    expect(field('Postcode')).toHaveAccessibleDescription('Please enter your postcode');
    expect(field('County')).toHaveAccessibleDescription('Please enter the address county');
    expect(field('Address Line 1')).not.toHaveAttribute('aria-invalid');
  });

  it('shows any other failure’s message', async () => {
    const { user } = renderForm({
      defaultValues: toFormValues(savedAddress()),
      onSubmit: async () => {
        throw new ApiError(
          429,
          'rate_limit',
          'This action has been attempted too many times, please try again later.',
          undefined,
        );
      },
    });

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This action has been attempted too many times, please try again later.',
    );
  });

  it('opens at the address lines when it starts with an address', () => {
    renderForm({ defaultValues: toFormValues(savedAddress()) });

    expect(field('Address Line 1')).toHaveValue('12 Orchard Lane');
    expect(field('Town/City')).toHaveValue('Harrogate');
    expect(field('Country')).toHaveValue('GBR');
    expect(screen.getByRole('button', { name: 'Search again' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Enter your postcode')).not.toBeInTheDocument();
  });
});

describe('AddressForm postcode lookup', () => {
  it('searches, lists the addresses and fills the fields from the one chosen', async () => {
    const held = gate();
    const { user, calls } = renderForm(
      {},
      {
        [lookupKey('HG1 2AB')]: () => ({ body: HG1_2AB }),
      },
    );
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/address/UK/')) await held.promise;
      return original!(input, init);
    });

    await searchFor(user, 'hg12ab');

    expect(await screen.findByRole('button', { name: 'Searching' })).toBeDisabled();
    held.open();
    const list = await screen.findByLabelText('Select your address');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select an address',
      '12 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB',
      'Orchard Lane Dental Practice, 14 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB',
    ]);
    const lookup = calls.find((call) => call.path.includes('/address/UK/'));
    expect(lookup?.path).toBe('/api/v1/test-mode/postcoder/address/UK/HG1%202AB');
    expect(lookup?.search).toBe(`?format=json&lines=4&identifier=${LOOKUP_IDENTIFIER}`);

    await user.selectOptions(
      list,
      'Orchard Lane Dental Practice, 14 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB',
    );

    expect(field('Company name')).toHaveValue('Orchard Lane Dental Practice');
    expect(field('Address Line 1')).toHaveValue('14 Orchard Lane');
    expect(field('Address Line 2')).toHaveValue('');
    expect(field('Town/City')).toHaveValue('Harrogate');
    expect(field('County')).toHaveValue('North Yorkshire');
    expect(field('Postcode')).toHaveValue('HG1 2AB');
    expect(field('Country')).toHaveValue('GBR');
    expect(screen.queryByLabelText('Select your address')).not.toBeInTheDocument();
  });

  it('lists every address of a postcode whose results Postcoder pages', async () => {
    const flat = (n: number) => ({
      summaryline: `Flat ${n}, Mill House, Harrogate, HG1 2AB`,
      addressline1: `Flat ${n}`,
      addressline2: 'Mill House',
      posttown: 'Harrogate',
      postcode: 'HG1 2AB',
    });
    // Postcoder marks the last result of a page that has more after it.
    const pages: Record<string, unknown[]> = {
      '': [flat(1), { ...flat(2), morevalues: 'true', nextpage: '1', totalresults: '5' }],
      '1': [flat(3), { ...flat(4), morevalues: true, nextpage: 2, totalresults: 5 }],
      '2': [flat(5)],
    };
    const { user, calls } = renderForm(
      {},
      {
        [lookupKey('HG1 2AB')]: (_body, url) => ({
          body: pages[url.searchParams.get('page') ?? ''],
        }),
      },
    );

    await searchFor(user, 'HG1 2AB');

    const list = await screen.findByLabelText('Select your address');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select an address',
      ...[1, 2, 3, 4, 5].map((n) => `Flat ${n}, Mill House, Harrogate, HG1 2AB`),
    ]);
    expect(
      calls.filter((call) => call.path.includes('/address/UK/')).map((call) => call.search),
    ).toEqual([
      `?format=json&lines=4&identifier=${LOOKUP_IDENTIFIER}`,
      `?format=json&lines=4&identifier=${LOOKUP_IDENTIFIER}&page=1`,
      `?format=json&lines=4&identifier=${LOOKUP_IDENTIFIER}&page=2`,
    ]);
  });

  it('sends the chosen address with the shopper’s names', async () => {
    const { user, onSubmit } = renderForm();

    await fillContact(user);
    await searchFor(user, 'HG1 2AB');
    await user.selectOptions(
      await screen.findByLabelText('Select your address'),
      '12 Orchard Lane, Harrogate, North Yorkshire, HG1 2AB',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[1]).toMatchObject({
      title: 'Ms',
      first_name: 'Grace',
      line_1: '12 Orchard Lane',
      line_3: 'Harrogate',
      postcode: 'HG1 2AB',
      country_code: 'GBR',
    });
  });

  it('says when a postcode has no addresses', async () => {
    const { user } = renderForm();

    await searchFor(user, 'ZZ9 9ZZ');

    expect(
      await screen.findByText(
        'Postcode not found, please try another or enter your address manually.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Select your address')).not.toBeInTheDocument();
  });

  it('says the same, without asking the service, for text that is not a postcode', async () => {
    const { user, calls } = renderForm();

    await searchFor(user, 'hello');

    expect(
      await screen.findByText(
        'Postcode not found, please try another or enter your address manually.',
      ),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('/address/UK/'))).toBe(false);
  });

  it('says the same when the lookup service fails', async () => {
    const { user } = renderForm({}, { [lookupKey('HG1 2AB')]: () => ({ status: 500, body: {} }) });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await searchFor(user, 'HG1 2AB');

    expect(
      await screen.findByText(
        'Postcode not found, please try another or enter your address manually.',
      ),
    ).toBeInTheDocument();
  });

  it('switches between manual entry and the search', async () => {
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Enter manually' }));
    expect(field('Address Line 1')).toHaveValue('');
    expect(field('Country')).toHaveValue('GBR');
    expect(screen.queryByLabelText('Enter your postcode')).not.toBeInTheDocument();

    await user.type(field('Address Line 1'), '3 Mill Road');
    await user.click(screen.getByRole('button', { name: 'Search again' }));
    expect(field('Enter your postcode')).toBeInTheDocument();
    expect(screen.queryByLabelText('Address Line 1')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enter manually' }));
    expect(field('Address Line 1')).toHaveValue('3 Mill Road');
  });

  it('asks for an address again after the shopper went back to the search', async () => {
    const { user, onSubmit } = renderForm({ defaultValues: toFormValues(savedAddress()) });

    await user.click(screen.getByRole('button', { name: 'Search again' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION);
    expect(field('Enter your postcode')).toHaveAccessibleDescription(
      'Please enter your postcode and select your address',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('searches on Enter in the postcode box rather than submitting', async () => {
    const { user, onSubmit } = renderForm();

    await user.type(field('Enter your postcode'), 'HG1 2AB{Enter}');

    expect(await screen.findByLabelText('Select your address')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
