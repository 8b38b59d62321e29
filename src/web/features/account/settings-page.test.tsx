import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserView } from '../../../domain/api/user.ts';
import { VALIDATION_MESSAGE } from '../../../domain/shopper-message.ts';
import { readAuthToken } from '../../lib/auth-token.ts';
import { ada, callsTo, data, failure, holdReplies, renderAccount } from './testing.tsx';

const openSettings = (handlers: Parameters<typeof renderAccount>[1] = {}) =>
  renderAccount('/account/settings', handlers);

describe('details and preferences (/account/settings)', () => {
  it('saves a new name with PUT /user/personal and shows it', async () => {
    const { calls, user } = openSettings({
      'PUT /api/v1/user/personal': (body) => {
        const { title, first_name, last_name } = body as UserView;
        return data(ada({ title, first_name, last_name, full_name: `${first_name} ${last_name}` }));
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Details and preferences' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Details and preferences | Everbloom');
    const form = within(screen.getByRole('form', { name: 'Your name' }));
    expect(form.getByRole('combobox', { name: /Title/ })).toHaveValue('Mrs');

    await user.selectOptions(form.getByRole('combobox', { name: /Title/ }), '');
    const first = form.getByRole('textbox', { name: 'First name' });
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    expect(await form.findByText('Your details have been saved.')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Augusta');
    expect(callsTo(calls, 'PUT', '/user/personal')[0]).toMatchObject({
      body: { title: null, first_name: 'Augusta', last_name: 'Lovelace' },
    });
  });

  it('checks the name before saving and shows the server’s field errors', async () => {
    const { calls, user } = openSettings({
      'PUT /api/v1/user/personal': () =>
        failure(422, 'validation', VALIDATION_MESSAGE, {
          last_name: ['Please enter no more than 50 characters'],
        }),
    });
    const form = within(await screen.findByRole('form', { name: 'Your name' }));

    await user.clear(form.getByRole('textbox', { name: 'First name' }));
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText('Please enter your first name')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/user/personal')).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText('Please enter no more than 50 characters')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: 'Last name' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('switches the newsletter on with PUT /user/newsletter, busy meanwhile', async () => {
    const { calls, fetchMock, user } = openSettings({
      'PUT /api/v1/user/newsletter': (body) => data(ada(body as Partial<UserView>)),
    });
    const toggle = await screen.findByRole('checkbox', {
      name: /Send me the Everbloom newsletter/,
    });
    expect(toggle).not.toBeChecked();
    const release = holdReplies(fetchMock, 'PUT', '/user/newsletter');

    await user.click(toggle);

    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    release();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(screen.getByText('Your newsletter preference has been saved.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/user/newsletter')[0]).toMatchObject({
      body: { newsletter: true },
    });
  });

  it('keeps the newsletter as it was and says why when saving fails', async () => {
    const { user } = openSettings({
      'PUT /api/v1/user/newsletter': () =>
        failure(
          500,
          'internal_error',
          'An error occurred, if this problem persists please contact us.',
        ),
    });
    const toggle = await screen.findByRole('checkbox', {
      name: /Send me the Everbloom newsletter/,
    });

    await user.click(toggle);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred, if this problem persists please contact us.',
    );
    expect(toggle).not.toBeChecked();
  });

  it('switches basket reminders on with PUT /user/basket-reminders (off by default)', async () => {
    const { calls, fetchMock, user } = openSettings({
      'PUT /api/v1/user/basket-reminders': (body) =>
        data(ada({ basket_reminders: (body as { basket_reminders: boolean }).basket_reminders })),
    });
    const toggle = await screen.findByRole('checkbox', {
      name: /Email me a reminder if I leave items in my basket/,
    });
    expect(toggle).not.toBeChecked();
    const release = holdReplies(fetchMock, 'PUT', '/user/basket-reminders');

    await user.click(toggle);

    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    release();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(screen.getByText('Your basket reminder preference has been saved.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/user/basket-reminders')[0]).toMatchObject({
      body: { basket_reminders: true },
    });

    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(callsTo(calls, 'PUT', '/user/basket-reminders')[1]).toMatchObject({
      body: { basket_reminders: false },
    });
  });

  it('switches trade prices on with PUT /user/tax', async () => {
    const { calls, user } = openSettings({
      'PUT /api/v1/user/tax': (body) => data(ada(body as Partial<UserView>)),
    });
    const toggle = await screen.findByRole('checkbox', {
      name: /Show trade prices \(excluding VAT\)/,
    });
    expect(toggle).not.toBeChecked();

    await user.click(toggle);

    await waitFor(() => expect(toggle).toBeChecked());
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(callsTo(calls, 'PUT', '/user/tax')[0]).toMatchObject({
      body: { prices_exclude_tax: true },
    });
  });

  it('changes the password with PUT /user/auth and stores the new token', async () => {
    const { calls, fetchMock, user } = openSettings({
      'PUT /api/v1/user/auth': () => data({ token: 'tok_new' }),
    });
    const form = within(await screen.findByRole('form', { name: 'Change your password' }));
    await user.type(form.getByLabelText('Current password'), 'plants-demo');
    await user.type(form.getByLabelText('New password'), 'ferns-forever');
    const release = holdReplies(fetchMock, 'PUT', '/user/auth');

    await user.click(form.getByRole('button', { name: 'Change password' }));

    expect(await form.findByRole('button', { name: 'Changing password' })).toBeDisabled();
    release();
    expect(await form.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(readAuthToken()).toBe('tok_new');
    expect(form.getByLabelText('Current password')).toHaveValue('');
    expect(callsTo(calls, 'PUT', '/user/auth')[0]).toMatchObject({
      body: { current_password: 'plants-demo', password: 'ferns-forever' },
    });
  });

  it('checks the new password and shows a wrong current password on its field', async () => {
    const { calls, user } = openSettings({
      'PUT /api/v1/user/auth': () =>
        failure(422, 'validation', VALIDATION_MESSAGE, {
          current_password: ['Your current password is not correct'],
        }),
    });
    const form = within(await screen.findByRole('form', { name: 'Change your password' }));

    await user.type(form.getByLabelText('Current password'), 'guess');
    await user.type(form.getByLabelText('New password'), 'abc');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(
      await form.findByText('Passwords must be at least 6 characters long'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/user/auth')).toHaveLength(0);

    await user.type(form.getByLabelText('New password'), 'defgh');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Your current password is not correct')).toBeInTheDocument();
    expect(form.getByText(VALIDATION_MESSAGE)).toBeInTheDocument();
    expect(form.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(readAuthToken()).toBe('tok_ada');
  });
});
