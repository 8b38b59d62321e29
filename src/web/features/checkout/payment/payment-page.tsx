/**
 * The payment step (/checkout/payment, spec sections 2 and 4; ADR 020): the billing
 * details ('Cardholders details'), the payment groups — the card ('Credit or debit
 * card', or 'Free! Payment not required' when nothing is due) and the wallets — and
 * placing the order. A card payment saves the billing address, tokenises the card,
 * runs 3-D Secure, then creates the order; each stage is announced politely. A failure
 * the shopper can act on is explained above the groups; the basket is never lost.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import type { AddressView, BasketView } from '../../../../domain/api/basket.ts';
import type { PlaceOrderRequest, StoredCardView } from '../../../../domain/api/order.ts';
import { alpha2Of } from '../../../../domain/countries.ts';
import { BASKET_KEY, useBasket } from '../../../api/basket.ts';
import { useConfig } from '../../../api/config.ts';
import {
  newIdempotencyKey,
  usePaymentToken,
  usePlaceOrder,
  useStoredCards,
} from '../../../api/payments.ts';
import { useSavedAddresses, useUser } from '../../../api/user.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthToken } from '../../../lib/auth-token.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { Accordion, type AccordionItem } from '../../../ui/accordion.tsx';
import { Button } from '../../../ui/button.tsx';
import { LoadingOverlay } from '../../../ui/loading-overlay.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { DELIVERY_PATH } from '../header/checkout-steps.ts';
import { amountDue, amountDueDecimal } from './amount-due.ts';
import { BillingDetails, type BillingDetailsHandle } from './billing-details.tsx';
import { cardErrorMessage } from './client/errors.ts';
import { usePaymentClient } from './client/load-client.ts';
import type {
  CardFieldsHandle,
  PaymentClient,
  ThreeDSecureBillingAddress,
} from './client/types.ts';
import { NEW_CARD, SavedCards } from './saved-cards.tsx';
import { TestModeNotice } from './test-mode-notice.tsx';
import { useWalletGroups, type WalletGroupProps } from './wallet-groups.tsx';
import './payment.css';

export const CARD_PAYMENT_ERROR =
  'There was an error taking the card payment, please check the fields below.';
export const ORDER_ERROR = 'There was an error creating your order';

/** The stages of placing an order, announced in this order (spec section 4). */
export const STATUS = {
  gettingPayment: 'Getting payment information',
  checkingBilling: 'Checking your billing details',
  creating: 'Creating order',
  receiving: 'Receiving your order',
  created: 'Order created',
} as const;

export const thankYouPath = (publicId: string) =>
  `/order/thank-you/${encodeURIComponent(publicId)}`;

/** The billing address as 3-D Secure takes it. */
function threeDSecureAddress(address: AddressView): ThreeDSecureBillingAddress {
  return {
    givenName: address.first_name,
    surname: address.last_name,
    ...(address.telephone ? { phoneNumber: address.telephone } : {}),
    streetAddress: address.line_1,
    ...(address.line_2 ? { extendedAddress: address.line_2 } : {}),
    locality: address.line_3,
    postalCode: address.postcode,
    countryCodeAlpha2: alpha2Of(address.country_code) ?? 'GB',
  };
}

interface PaymentError {
  title: string;
  detail: string | null;
}

/** An order failure, already shown to the shopper. */
class OrderFailed extends Error {}

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useAuthToken() !== null;
  const user = useUser();
  const savedAddresses = useSavedAddresses();
  const config = useConfig();
  const free = !basket.payment_required;
  const mode = config.data?.payments?.mode;
  const token = usePaymentToken({ enabled: !free });
  const storedCards = useStoredCards({ enabled: !free });
  const payment = usePaymentClient(free ? undefined : mode, token.data);
  const placeOrder = usePlaceOrder();

  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PaymentError | null>(null);
  const [openGroup, setOpenGroup] = useState<string | null>(free ? 'free' : 'card');
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const billing = useRef<BillingDetailsHandle>(null);
  const cardFields = useRef<CardFieldsHandle>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  const cards = storedCards.data ?? [];
  const chosenCard =
    cardChoice === NEW_CARD
      ? null
      : (cards.find((card) => card.id === cardChoice) ?? (cardChoice ? null : cards[0]) ?? null);

  /** Announces a stage at once (each one is rendered, not batched away). */
  const announce = (message: string) => flushSync(() => setStatus(message));

  const fail = (next: PaymentError) => {
    setError(next);
    setStatus('');
    setBusy(false);
    requestAnimationFrame(() => errorRef.current?.scrollIntoView?.({ block: 'center' }));
  };

  /** A used nonce pays nothing more: fresh ones after any failure that may have spent one. */
  const refreshPaymentMethods = () => {
    if (!free) void token.refetch();
    if (signedIn && !free) void storedCards.refetch();
  };

  const createOrder = async (request: PlaceOrderRequest) => {
    announce(STATUS.creating);
    let publicId: string;
    try {
      // The total shown here, which the card was checked for: the server refuses the
      // order (order_total_changed) rather than charge another.
      const expected = { ...request, expected_total: amountDue(basket) };
      publicId = (await placeOrder.mutateAsync({ request: expected, key: newIdempotencyKey() }))
        .public_id;
    } catch (orderError) {
      fail({
        title: ORDER_ERROR,
        detail: orderError instanceof Error ? orderError.message : null,
      });
      refreshPaymentMethods();
      // The basket stays open; its totals may have changed (a code ended, buds spent).
      void queryClient.invalidateQueries({ queryKey: BASKET_KEY });
      throw new OrderFailed();
    }
    announce(STATUS.receiving);
    // The basket became the order: what is cached is out of date.
    await queryClient.invalidateQueries({ queryKey: BASKET_KEY, refetchType: 'none' });
    announce(STATUS.created);
    await navigate(thankYouPath(publicId));
  };

  const start = () => {
    setError(null);
    setBusy(true);
  };

  const payFree = async () => {
    start();
    try {
      await createOrder({ payment_method_nonce: '', device_data: '' });
    } catch {
      // Shown by createOrder.
    }
  };

  const payByCard = async (client: PaymentClient, storedCard: StoredCardView | null) => {
    start();
    announce(STATUS.gettingPayment);
    let billingAddress: AddressView | null;
    try {
      billingAddress = (await billing.current?.save()) ?? null;
    } catch (billingError) {
      fail({
        title: billingError instanceof ApiError ? billingError.message : CARD_PAYMENT_ERROR,
        detail: null,
      });
      return;
    }
    if (!billingAddress) {
      // The billing form shows its problems and has moved to the first.
      setStatus('');
      setBusy(false);
      return;
    }
    try {
      const card = storedCard
        ? { nonce: storedCard.nonce, details: storedCard.details }
        : await cardFields.current!.tokenize();
      announce(STATUS.checkingBilling);
      const email = basket.email_address ?? user.data?.email_address;
      const verified = await client.verifyCard({
        nonce: card.nonce,
        details: card.details,
        amount: amountDueDecimal(basket),
        ...(email ? { email } : {}),
        billingAddress: threeDSecureAddress(billingAddress),
      });
      const deviceData = await client.deviceData();
      await createOrder({
        payment_method_nonce: verified.nonce,
        device_data: deviceData,
        ...(signedIn && !storedCard ? { save_payment_method: saveCard } : {}),
      });
    } catch (paymentError) {
      if (paymentError instanceof OrderFailed) return;
      fail({ title: CARD_PAYMENT_ERROR, detail: cardErrorMessage(paymentError) });
      if (storedCard && signedIn) void storedCards.refetch();
    }
  };

  const payWithWallet = async (result: { payment_method_nonce: string; device_data: string }) => {
    start();
    try {
      await createOrder(result);
    } catch {
      // Shown by createOrder.
    }
  };

  const walletProps: WalletGroupProps | null =
    !free && mode && token.data
      ? {
          basket,
          mode,
          clientToken: token.data,
          beforePay: async () => {
            setError(null);
            try {
              return (await billing.current?.save()) != null;
            } catch (billingError) {
              fail({
                title: billingError instanceof ApiError ? billingError.message : ORDER_ERROR,
                detail: null,
              });
              return false;
            }
          },
          onPaymentData: (result) => void payWithWallet(result),
          onError: (message) => fail({ title: message, detail: null }),
          disabled: busy,
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
            <Button block busy={busy} busyLabel="Placing order" onClick={() => void payFree()}>
              Place order
            </Button>
          </div>
        ),
      }
    : {
        id: 'card',
        title: 'Credit or debit card',
        content: (
          <CardGroup
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
            busy={busy}
            onPay={(client) => void payByCard(client, chosenCard)}
          />
        ),
      };

  return (
    <div className="payment-page__body">
      {mode === 'test' && !free && <TestModeNotice />}
      <div ref={errorRef} tabIndex={-1} className="payment-page__error">
        {error && (
          <Notice tone="error">
            <p className="payment-page__error-title">{error.title}</p>
            {error.detail && <p>{error.detail}</p>}
          </Notice>
        )}
      </div>
      {!free && (
        <BillingDetails
          ref={billing}
          basket={basket}
          savedAddresses={savedAddresses.data}
          disabled={busy}
        />
      )}
      <h2 className="payment-page__subheading">Choose how to pay</h2>
      <Accordion items={[cardGroup, ...walletGroups]} openId={openGroup} onToggle={setOpenGroup} />
      <p className="payment-page__status" role="status">
        {status && (
          <>
            <span className="spinner" aria-hidden="true" /> {status}
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

interface CardGroupProps {
  payment: ReturnType<typeof usePaymentClient>;
  loading: boolean;
  tokenError: Error | null;
  onRetryToken: () => void;
  cards: readonly StoredCardView[];
  chosenCard: StoredCardView | null;
  onChooseCard: (value: string) => void;
  signedIn: boolean;
  saveCard: boolean;
  onSaveCard: (value: boolean) => void;
  cardFields: React.RefObject<CardFieldsHandle | null>;
  busy: boolean;
  onPay: (client: PaymentClient) => void;
}

function CardGroup({
  payment,
  loading,
  tokenError,
  onRetryToken,
  cards,
  chosenCard,
  onChooseCard,
  signedIn,
  saveCard,
  onSaveCard,
  cardFields,
  busy,
  onPay,
}: CardGroupProps) {
  if (tokenError || payment.status === 'error') {
    return (
      <div className="payment-group">
        <Notice tone="error">
          Card payments could not be set up.{' '}
          {tokenError?.message ?? cardErrorMessage(payment.error) ?? ''}
        </Notice>
        <Button variant="secondary" onClick={onRetryToken}>
          Try again
        </Button>
      </div>
    );
  }
  if (!payment.client || loading) {
    return (
      <div className="payment-group payment-group--loading">
        <LoadingOverlay message="Loading card payment" />
      </div>
    );
  }
  const client = payment.client;
  const { CardFields } = client;
  return (
    <div className="payment-group">
      {cards.length > 0 && (
        <SavedCards
          cards={cards}
          value={chosenCard?.id ?? NEW_CARD}
          onChange={onChooseCard}
          disabled={busy}
        />
      )}
      {!chosenCard && (
        <fieldset className="card-entry" disabled={busy}>
          <legend className="card-entry__legend">Card details</legend>
          <CardFields ref={cardFields} disabled={busy} />
          <p className="card-entry__clear">
            <Button variant="link" onClick={() => cardFields.current?.clear()}>
              Clear card details
            </Button>
          </p>
          {signedIn && (
            <p className="card-entry__save">
              <input
                type="checkbox"
                id="save_payment_method"
                name="save_payment_method"
                checked={saveCard}
                onChange={(event) => onSaveCard(event.target.checked)}
              />
              <label htmlFor="save_payment_method">Save this card for next time</label>
            </p>
          )}
        </fieldset>
      )}
      <Button
        block
        busy={busy}
        busyLabel="Placing order"
        // It checks the billing and card fields, which show their messages on blur.
        keepFocus
        onClick={() => onPay(client)}
      >
        Place order &amp; pay
      </Button>
    </div>
  );
}
