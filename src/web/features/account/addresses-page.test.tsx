import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SavedAddressView } from '../../../domain/api/user.ts';
import { VALIDATION_MESSAGE } from '../../../domain/shopper-message.ts';
import { callsTo, data, failure, holdReplies, home, office, renderAccount } from './testing.tsx';

const listed = (addresses: SavedAddressView[]) => () => data({ addresses });
const region = () => within(screen.getByRole('region', { name: 'Saved addresses' }));
const rows = () => region().getAllByRole('listitem');

const garden: SavedAddressView = {
  ...home,
  id: 13,
  line_1: '3 Kew Road',
  line_3: 'Richmond',
  line_4: 'Surrey',
  postcode: 'TW9 3AB',
  telephone: '020 8332 5655',
  default_delivery: false,
  default_billing: false,
};

describe('addresses (/account/addresses)', () => {
  it('shows a loading message, then the addresses with their default badges', async () => {
    renderAccount('/account/addresses', { 'GET /api/v1/user/addresses': listed([home, office]) });

    expect(await screen.findByText('Loading your addresses…')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(first).toHaveTextContent('Default delivery address');
    expect(first).not.toHaveTextContent('Default billing address');
    expect(first).toHaveTextContent('12 St James’s Square');
    expect(first).toHaveTextContent('United Kingdom');
    expect(within(first!).queryByRole('button', { name: /Make default delivery/ })).toBeNull();
    expect(
      within(first!).getByRole('button', { name: 'Make default billing address' }),
    ).toBeInTheDocument();
    expect(second).toHaveTextContent('Default billing address');
    expect(second).toHaveTextContent('Analytical Engines Ltd');
    expect(document.title).toBe('Your addresses | Everbloom');
  });

  it('says when there are no saved addresses', async () => {
    renderAccount('/account/addresses', { 'GET /api/v1/user/addresses': listed([]) });

    expect(await screen.findByText(/You have no saved addresses yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add an address' })).toBeInTheDocument();
  });

  it('says when the addresses cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = renderAccount('/account/addresses', {
      'GET /api/v1/user/addresses': () =>
        fail
          ? failure(
              500,
              'internal_error',
              'An error occurred, if this problem persists please contact us.',
            )
          : data({ addresses: [home] }),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, we could not load your saved addresses.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('adds an address entered by hand, starting from the customer’s names', async () => {
    const { calls, user } = renderAccount('/account/addresses', {
      'GET /api/v1/user/addresses': listed([home]),
      'POST /api/v1/user/addresses': () => data({ address: garden, addresses: [home, garden] }),
    });
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const heading = await screen.findByRole('heading', { name: 'Add an address' });
    await waitFor(() => expect(heading).toHaveFocus());
    const form = within(screen.getByRole('form', { name: 'Add an address' }));
    expect(form.getByRole('combobox', { name: 'Title' })).toHaveValue('Mrs');
    expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Ada');
    await user.click(form.getByRole('button', { name: 'Enter manually' }));
    await user.type(form.getByRole('textbox', { name: 'Address Line 1' }), '3 Kew Road');
    await user.type(form.getByRole('textbox', { name: 'Town/City' }), 'Richmond');
    await user.type(form.getByRole('textbox', { name: 'County' }), 'Surrey');
    await user.type(form.getByRole('textbox', { name: 'Postcode' }), 'TW9 3AB');
    await user.type(form.getByRole('textbox', { name: 'Telephone' }), '020 8332 5655');
    await user.click(form.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Your address has been saved.')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toHaveTextContent('3 Kew Road');
    expect(screen.getByRole('heading', { level: 1, name: 'Your addresses' })).toHaveFocus();
    expect(callsTo(calls, 'POST', '/user/addresses')[0]).toMatchObject({
      body: {
        title: 'Mrs',
        first_name: 'Ada',
        last_name: 'Lovelace',
        line_1: '3 Kew Road',
        line_2: null,
        line_3: 'Richmond',
        line_4: 'Surrey',
        postcode: 'TW9 3AB',
        country_code: 'GBR',
        telephone: '020 8332 5655',
      },
    });
  });

  it('edits an address, showing the server’s field errors, and can be cancelled', async () => {
    const { calls, user } = renderAccount('/account/addresses', {
      'GET /api/v1/user/addresses': listed([home, office]),
      'PUT /api/v1/user/addresses/12': () =>
        failure(422, 'validation', VALIDATION_MESSAGE, {
          postcode: ['Please enter a valid postcode'],
        }),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(within(rows()[1]!).getByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('form', { name: 'Edit address' }));
    expect(form.getByRole('textbox', { name: 'Company name' })).toHaveValue(
      'Analytical Engines Ltd',
    );
    const postcode = form.getByRole('textbox', { name: 'Postcode' });
    await user.clear(postcode);
    await user.type(postcode, 'W1U 4EH');
    await user.click(form.getByRole('button', { name: 'Save address' }));

    expect(await form.findByText('Please enter a valid postcode')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/user/addresses/12')[0]).toMatchObject({
      body: { postcode: 'W1U 4EH', company_name: 'Analytical Engines Ltd' },
    });

    await user.click(form.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit address' })).toBeNull();
    expect(rows()[1]).toHaveTextContent('W1U 4EG');
  });

  it('makes an address the default delivery address, busy meanwhile', async () => {
    const { calls, fetchMock, user } = renderAccount('/account/addresses', {
      'GET /api/v1/user/addresses': listed([home, office]),
      'PUT /api/v1/user/addresses/defaults': listed([
        { ...home, default_delivery: false },
        { ...office, default_delivery: true },
      ]),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const release = holdReplies(fetchMock, 'PUT', '/user/addresses/defaults');

    await user.click(
      within(rows()[1]!).getByRole('button', { name: 'Make default delivery address' }),
    );

    expect(await within(rows()[1]!).findByRole('button', { name: 'Saving' })).toBeDisabled();
    release();
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Default delivery address'));
    expect(rows()[0]).not.toHaveTextContent('Default delivery address');
    expect(screen.getByText('Your default delivery address has been changed.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/user/addresses/defaults')[0]).toMatchObject({
      body: { default_delivery_address_id: 12, default_billing_address_id: null },
    });
  });

  it('says when a default cannot be changed', async () => {
    const { user } = renderAccount('/account/addresses', {
      'GET /api/v1/user/addresses': listed([home, office]),
      'PUT /api/v1/user/addresses/defaults': () =>
        failure(422, 'validation', VALIDATION_MESSAGE, {
          default_billing_address_id: ['Please choose one of your saved addresses'],
        }),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(
      within(rows()[0]!).getByRole('button', { name: 'Make default billing address' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, we could not change your default address.',
    );
    expect(rows()[1]).toHaveTextContent('Default billing address');
  });
});
