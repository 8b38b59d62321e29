/**
 * /account/cards: the customer's vaulted cards, default first (card type, last four,
 * expiry), with 'Make default' and 'Delete' (after a confirmation). Each change's
 * reply lists the cards again.
 */
import { useState } from 'react';
import type { StoredCardView } from '../../../domain/api/order.ts';
import { useStoredCards } from '../../api/payments.ts';
import { useChangeStoredCard } from './account-api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { cardExpiry, cardName } from './format.ts';
import { LoadError } from './load-error.tsx';

export const NO_CARDS_MESSAGE = 'You have no saved cards. Cards you save at checkout appear here.';

export function CardsPage() {
  usePageTitle('Saved cards');
  return (
    <>
      <h1 className="account-page__heading">Saved cards</h1>
      <section className="account-card" aria-labelledby="cards-heading">
        <h2 id="cards-heading" className="visually-hidden">
          Your cards
        </h2>
        <SavedCards />
      </section>
    </>
  );
}

function SavedCards() {
  const { data: cards, error, isPending, isFetching, refetch } = useStoredCards();
  const change = useChangeStoredCard();
  const [confirming, setConfirming] = useState<StoredCardView | null>(null);
  const [done, setDone] = useState('');

  if (error && !cards) {
    return (
      <LoadError retrying={isFetching} onRetry={() => void refetch()}>
        Sorry, we could not load your saved cards. {error.message}
      </LoadError>
    );
  }
  if (isPending) {
    return (
      <p className="account-muted" role="status">
        Loading your saved cards…
      </p>
    );
  }

  const run = (card: StoredCardView, action: 'default' | 'delete') => {
    setDone('');
    change.mutate(
      { id: card.id, action },
      {
        onSuccess: () =>
          setDone(
            action === 'default'
              ? `${cardName(card)} is now your default card.`
              : `${cardName(card)} has been deleted.`,
          ),
        onSettled: () => setConfirming(null),
      },
    );
  };
  const busyWith = (card: StoredCardView, action: 'default' | 'delete') =>
    change.isPending && change.variables.id === card.id && change.variables.action === action;

  return (
    <>
      {change.error && (
        <Notice tone="error">Sorry, we could not change your cards. {change.error.message}</Notice>
      )}
      <p className="visually-hidden" role="status">
        {done}
      </p>
      {cards.length === 0 ? (
        <p className="account-muted">{NO_CARDS_MESSAGE}</p>
      ) : (
        <ul className="saved-cards">
          {cards.map((card) => (
            <li key={card.id} className="saved-card">
              <div className="saved-card__details">
                <p className="saved-card__name" id={`card-${card.id}`}>
                  {cardName(card)}
                </p>
                <p className="saved-card__expiry">{cardExpiry(card)}</p>
                {card.default && <span className="badge">Default card</span>}
              </div>
              <div className="saved-card__actions">
                {!card.default && (
                  <Button
                    variant="secondary"
                    aria-describedby={`card-${card.id}`}
                    busy={busyWith(card, 'default')}
                    busyLabel="Saving"
                    disabled={change.isPending}
                    onClick={() => run(card, 'default')}
                  >
                    Make default
                  </Button>
                )}
                <Button
                  variant="secondary"
                  aria-describedby={`card-${card.id}`}
                  disabled={change.isPending}
                  onClick={() => setConfirming(card)}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={confirming !== null}
        narrow
        title="Delete this card?"
        onClose={() => {
          if (!change.isPending) setConfirming(null);
        }}
      >
        {confirming && (
          <>
            <p>
              {cardName(confirming)} will be removed from your account. You can save a card again at
              the checkout.
            </p>
            <div className="account-dialog__actions">
              <Button
                busy={busyWith(confirming, 'delete')}
                busyLabel="Deleting"
                onClick={() => run(confirming, 'delete')}
              >
                Delete card
              </Button>
              <Button
                variant="secondary"
                disabled={change.isPending}
                onClick={() => setConfirming(null)}
              >
                Keep card
              </Button>
            </div>
          </>
        )}
      </Modal>
    </>
  );
}
