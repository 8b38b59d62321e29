/**
 * The payment step (/checkout/payment, spec sections 2 and 4; ADR 020): the payment
 * groups — the card ('Credit or debit card', with the billing details inside it, or
 * 'Free! Payment not required' when nothing is due) and the wallets — and placing the
 * order. This file composes them; the card group is ./card-group.tsx, placing the order
 * (stages, failures, the attempt's Idempotency-Key) is ./use-order-placing.ts.
 */
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import type { BasketView } from '../../../../domain/api/basket.ts';
import { useBasket } from '../../../api/basket.ts';
import { useConfig } from '../../../api/config.ts';
import { usePaymentToken, useStoredCards } from '../../../api/payments.ts';
import { useSavedAddresses, useUser } from '../../../api/user.ts';
import { useAuthToken } from '../../../lib/auth-token.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { Accordion, type AccordionItem } from '../../../ui/accordion.tsx';
import { Button } from '../../../ui/button.tsx';
import { LoadingOverlay } from '../../../ui/loading-overlay.tsx';
import { DELIVERY_PATH } from '../header/checkout-steps.ts';
import { BillingDetails, type BillingDetailsHandle } from './billing-details.tsx';
import { CardGroup } from './card-group.tsx';
import { usePaymentClient } from './client/load-client.ts';
import type { CardFieldsHandle } from './client/types.ts';
import { PaymentErrorNotice } from './payment-error.tsx';
import { NEW_CARD } from './saved-cards.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';
import { useOrderPlacing } from './use-order-placing.ts';
import { useWalletGroups, type WalletGroupProps } from './wallet-groups.tsx';
import './payment.css';

const CARD_GROUP = 'card';

export function PaymentPage() {
  usePageTitle('Payment');
  const { data: basket } = useBasket({ refetchOnWindowFocus: true });
  return (
    <div className="payment-page">
      <p className="checkout-step__back">
        <Link to={DELIVERY_PATH}>Return to delivery options</Link>
      </p>
      <h1 className="payment-page__heading">Payment</h1>
      {basket ? <Payment basket={basket} /> : <LoadingOverlay message="Fetching order details" />}
    </div>
  );
}

function Payment({ basket }: { basket: BasketView }) {
  const signedIn = useAuthToken() !== null;
  const user = useUser();
  const savedAddresses = useSavedAddresses();
  const config = useConfig();
  const free = !basket.payment_required;
  const mode = config.data?.payments?.mode;
  const token = usePaymentToken({ enabled: !free });
  const storedCards = useStoredCards({ enabled: !free });
  const payment = usePaymentClient(free ? undefined : mode, token.data);

  const [openGroup, setOpenGroup] = useState<string | null>(free ? 'free' : CARD_GROUP);
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const billing = useRef<BillingDetailsHandle>(null);
  const cardFields = useRef<CardFieldsHandle>(null);
  const errorNotice = useRef<HTMLDivElement>(null);

  const order = useOrderPlacing({
    basket,
    signedIn,
    userEmail: user.data?.email_address,
    billing,
    cardFields,
    errorNotice,
    // A used nonce pays nothing more: fresh ones after any failure that may have spent one.
    refreshPaymentMethods: () => {
      if (free) return;
      void token.refetch();
      if (signedIn) void storedCards.refetch();
    },
    refreshStoredCards: () => void storedCards.refetch(),
    showBilling: () => {
      // The billing details are in the card group: open it, then point at the problem.
      flushSync(() => setOpenGroup(CARD_GROUP));
      billing.current?.reveal();
    },
  });

  const cards = storedCards.data ?? [];
  const chosenCard =
    cardChoice === NEW_CARD
      ? null
      : (cards.find((card) => card.id === cardChoice) ?? (cardChoice ? null : cards[0]) ?? null);

  const walletProps: WalletGroupProps | null =
    !free && mode && token.data
      ? {
          basket,
          mode,
          clientToken: token.data,
          beforePay: order.beforeWalletPay,
          onPaymentData: (result) => void order.payWithWallet(result),
          onError: (message) => order.fail({ title: message, lines: [] }),
          disabled: order.busy,
        }
      : null;
  const walletGroups = useWalletGroups(walletProps);

  // Signed-in customers' saved addresses are read once, when the billing form mounts.
  const waiting = config.isPending || (signedIn && (savedAddresses.isLoading || user.isLoading));
  if (waiting) return <LoadingOverlay message="Fetching order details" />;

  const cardGroup: AccordionItem = free
    ? {
        id: 'free',
        title: 'Free! Payment not required',
        content: (
          <div className="payment-group">
            <p>There is nothing to pay for this order.</p>
            <Button
              block
              busy={order.busy}
              busyLabel="Placing order"
              onClick={() => void order.payFree()}
            >
              Place order
            </Button>
          </div>
        ),
      }
    : {
        id: CARD_GROUP,
        title: 'Credit or debit card',
        // The billing details inside stay in the page while a wallet's group is open.
        keepMounted: true,
        content: (
          <CardGroup
            billing={
              <BillingDetails
                ref={billing}
                basket={basket}
                savedAddresses={savedAddresses.data}
                disabled={order.busy}
              />
            }
            payment={payment}
            // A customer's stored cards decide what the group offers first.
            loading={storedCards.isLoading}
            tokenError={token.error ?? config.error}
            onRetryToken={() => {
              if (config.isError) void config.refetch();
              else void token.refetch();
            }}
            cards={cards}
            chosenCard={chosenCard}
            onChooseCard={setCardChoice}
            signedIn={signedIn}
            saveCard={saveCard}
            onSaveCard={setSaveCard}
            cardFields={cardFields}
            busy={order.busy}
            onPay={(client) => void order.payByCard(client, chosenCard, saveCard)}
          />
        ),
      };

  return (
    <div className="payment-page__body">
      {mode === 'test' && !free && <TestModeNotice />}
      <PaymentErrorNotice ref={errorNotice} error={order.error} />
      <h2 className="payment-page__subheading">Choose how to pay</h2>
      <Accordion items={[cardGroup, ...walletGroups]} openId={openGroup} onToggle={setOpenGroup} />
      <p className="payment-page__status" role="status">
        {order.status && (
          <>
            <span className="spinner" aria-hidden="true" /> {order.status}
          </>
        )}
      </p>
      <p className="payment-page__secure">
        <span aria-hidden="true">🔒</span> Secure and encrypted payment
      </p>
      {payment.client && <payment.client.Overlay />}
    </div>
  );
}
