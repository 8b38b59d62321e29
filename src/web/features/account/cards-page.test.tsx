import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredCardView } from '../../../domain/api/order.ts';
import { NO_CARDS_MESSAGE } from './cards-page.tsx';
import { callsTo, data, failure, holdReplies, renderAccount } from './testing.tsx';

const card = (
  id: string,
  cardType: string,
  lastFour: string,
  isDefault: boolean,
): StoredCardView => ({
  id,
  nonce: `nonce-${id}`,
  default: isDefault,
  details: { cardType, lastFour, expirationMonth: '7', expirationYear: '2030', bin: '411111' },
});
const visa = card('tok_visa', 'Visa', '1111', true);
const mastercard = card('tok_mc', 'MasterCard', '4444', false);
const cardsReply = (cards: StoredCardView[]) => () => data({ payment_methods: cards });
const rows = () =>
  within(screen.getByRole('region', { name: 'Your cards' })).getAllByRole('listitem');

describe('saved cards (/account/cards)', () => {
  it('shows a loading message, then the cards default first with type, last four and expiry', async () => {
    renderAccount('/account/cards', {
      'GET /api/v1/payments/methods': cardsReply([visa, mastercard]),
    });

    expect(await screen.findByText('Loading your saved cards…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved cards' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows();
    expect(first).toHaveTextContent('Visa ending 1111');
    expect(first).toHaveTextContent('Expires 07/2030');
    expect(first).toHaveTextContent('Default card');
    expect(within(first!).queryByRole('button', { name: 'Make default' })).toBeNull();
    expect(second).toHaveTextContent('MasterCard ending 4444');
    expect(second).not.toHaveTextContent('Default card');
    expect(document.title).toBe('Saved cards | Everbloom');
  });

  it('says when there are no saved cards', async () => {
    renderAccount('/account/cards', { 'GET /api/v1/payments/methods': cardsReply([]) });

    expect(await screen.findByText(NO_CARDS_MESSAGE)).toBeInTheDocument();
    expect(NO_CARDS_MESSAGE).toBe(
      'You have no saved cards. Cards you save at checkout appear here.',
    );
  });

  it('says when the cards cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = renderAccount('/account/cards', {
      'GET /api/v1/payments/methods': () =>
        fail
          ? failure(503, 'payment_unavailable', 'Payments are unavailable just now.')
          : data({ payment_methods: [visa] }),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, we could not load your saved cards. Payments are unavailable just now.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Visa ending 1111')).toBeInTheDocument();
  });

  it('makes a card the default, busy meanwhile, and shows the list the server returns', async () => {
    const { calls, fetchMock, user } = renderAccount('/account/cards', {
      'GET /api/v1/payments/methods': cardsReply([visa, mastercard]),
      'PUT /api/v1/payments/methods/tok_mc/default': cardsReply([
        { ...mastercard, default: true },
        { ...visa, default: false },
      ]),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const release = holdReplies(fetchMock, 'PUT', '/payments/methods/tok_mc/default');

    await user.click(within(rows()[1]!).getByRole('button', { name: 'Make default' }));

    expect(await screen.findByRole('button', { name: 'Saving' })).toBeDisabled();
    expect(
      screen.getAllByRole('button', { name: 'Delete' }).every((b) => b.hasAttribute('disabled')),
    ).toBe(true);
    release();
    await waitFor(() => expect(rows()[0]).toHaveTextContent('MasterCard ending 4444'));
    expect(rows()[0]).toHaveTextContent('Default card');
    expect(rows()[1]).toHaveTextContent('Visa ending 1111');
    expect(
      screen.getByText('MasterCard ending 4444 is now your default card.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/payments/methods/tok_mc/default')).toHaveLength(1);
  });

  it('deletes a card only after confirming, then shows the empty list', async () => {
    const { calls, fetchMock, user } = renderAccount('/account/cards', {
      'GET /api/v1/payments/methods': cardsReply([visa]),
      'DELETE /api/v1/payments/methods/tok_visa': cardsReply([]),
    });
    await screen.findByText('Visa ending 1111');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete this card?' }));
    expect(
      dialog.getByText(/Visa ending 1111 will be removed from your account/),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep card' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, 'DELETE', '/payments/methods/tok_visa')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete this card?' }));
    const release = holdReplies(fetchMock, 'DELETE', '/payments/methods/tok_visa');
    await user.click(dialog.getByRole('button', { name: 'Delete card' }));
    expect(await dialog.findByRole('button', { name: 'Deleting' })).toBeDisabled();
    release();

    expect(await screen.findByText(NO_CARDS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Visa ending 1111 has been deleted.')).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/payments/methods/tok_visa')).toHaveLength(1);
  });

  it('says when a change fails and keeps the list', async () => {
    const { user } = renderAccount('/account/cards', {
      'GET /api/v1/payments/methods': cardsReply([visa, mastercard]),
      'PUT /api/v1/payments/methods/tok_mc/default': () =>
        failure(404, 'not_found', 'The requested resource could not be found.'),
    });
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Make default' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, we could not change your cards. The requested resource could not be found.',
    );
    expect(rows()[0]).toHaveTextContent('Visa ending 1111');
    expect(rows()[0]).toHaveTextContent('Default card');
  });
});
