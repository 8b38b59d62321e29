/**
 * Placing the order from the payment step (spec section 4; ADR 020): the stages, each
 * announced as it starts, and what a failure shows. One payment attempt has one
 * Idempotency-Key (ADR 045): a second click while it runs does nothing, a request lost
 * to the network is sent once more with the same key, and when no answer came back at
 * all the key is kept for the next try, so that try can only find the order the lost
 * request may have made, never make a second one.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import type { AddressView, BasketView } from '../../../../domain/api/basket.ts';
import type { PlaceOrderRequest, StoredCardView } from '../../../../domain/api/order.ts';
import { BASKET_KEY } from '../../../api/basket.ts';
import { lostOnTheWay, newIdempotencyKey, usePlaceOrder } from '../../../api/payments.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { amountDue, amountDueDecimal } from './amount-due.ts';
import type { BillingDetailsHandle } from './billing-details.tsx';
import { cardErrorMessage } from './client/errors.ts';
import type { CardFieldsHandle, PaymentClient } from './client/types.ts';
import type { PaymentError } from './payment-error.tsx';
import { threeDSecureAddress } from './three-d-secure-address.ts';

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

/** What a wallet hands to order creation. */
export interface WalletPaymentData {
  payment_method_nonce: string;
  device_data: string;
}

export interface OrderPlacingOptions {
  basket: BasketView;
  signedIn: boolean;
  /** The signed-in customer's email, for 3-D Secure when the basket has none. */
  userEmail: string | undefined;
  billing: RefObject<BillingDetailsHandle | null>;
  cardFields: RefObject<CardFieldsHandle | null>;
  /** Where failures are shown: scrolled into view on each. */
  errorNotice: RefObject<HTMLDivElement | null>;
  /** Fresh payment methods after a failure that may have spent a nonce. */
  refreshPaymentMethods: () => void;
  /** Fresh stored cards (their nonces pay once). */
  refreshStoredCards: () => void;
  /** Opens the card group, where the billing details are, and shows their problem. */
  showBilling: () => void;
}

/** An order failure, already shown to the shopper. */
class OrderFailed extends Error {}

export function useOrderPlacing(options: OrderPlacingOptions) {
  const { basket, signedIn, billing, cardFields } = options;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const placeOrder = usePlaceOrder();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PaymentError | null>(null);
  // Set synchronously, so a second click before the page re-renders is turned away.
  const running = useRef(false);
  // The attempt's Idempotency-Key, from its first request to a definite answer.
  const attemptKey = useRef<string | null>(null);

  /** Announces a stage at once (each one is rendered, not batched away). */
  const announce = (message: string) => flushSync(() => setStatus(message));

  const begin = (): boolean => {
    if (running.current) return false;
    running.current = true;
    setError(null);
    setBusy(true);
    return true;
  };

  const stop = () => {
    running.current = false;
    setStatus('');
    setBusy(false);
  };

  const fail = (next: PaymentError) => {
    setError(next);
    stop();
    requestAnimationFrame(() => options.errorNotice.current?.scrollIntoView?.({ block: 'center' }));
  };

  const createOrder = async (request: PlaceOrderRequest) => {
    announce(STATUS.creating);
    const key = (attemptKey.current ??= newIdempotencyKey());
    let publicId: string;
    try {
      // The total shown here, which the card was checked for: the server refuses the
      // order (order_total_changed) rather than charge another.
      const expected = { ...request, expected_total: amountDue(basket) };
      publicId = (await placeOrder.mutateAsync({ request: expected, key })).public_id;
    } catch (orderError) {
      if (!lostOnTheWay(orderError)) attemptKey.current = null;
      fail({
        title: ORDER_ERROR,
        lines:
          orderError instanceof ApiError
            ? [orderError.message, ...(orderError.detail ? [orderError.detail] : [])]
            : orderError instanceof Error
              ? [orderError.message]
              : [],
      });
      options.refreshPaymentMethods();
      // The basket stays open; its totals may have changed (a code ended, buds spent).
      void queryClient.invalidateQueries({ queryKey: BASKET_KEY });
      throw new OrderFailed();
    }
    attemptKey.current = null;
    announce(STATUS.receiving);
    // The basket became the order: what is cached is out of date.
    await queryClient.invalidateQueries({ queryKey: BASKET_KEY, refetchType: 'none' });
    announce(STATUS.created);
    running.current = false;
    await navigate(thankYouPath(publicId));
  };

  /** Saves the billing address; null (and the page stopped) when it is not ready. */
  const saveBilling = async (failTitle: string): Promise<AddressView | null> => {
    try {
      const saved = (await billing.current?.save()) ?? null;
      // Otherwise the billing form shows its problems and has moved to the first.
      if (!saved) stop();
      return saved;
    } catch (billingError) {
      fail({
        title: billingError instanceof ApiError ? billingError.message : failTitle,
        lines: [],
      });
      return null;
    }
  };

  const payFree = async () => {
    if (!begin()) return;
    await createOrder({ payment_method_nonce: '', device_data: '' }).catch(() => {
      // Shown by createOrder.
    });
  };

  const payByCard = async (
    client: PaymentClient,
    storedCard: StoredCardView | null,
    saveCard: boolean,
  ) => {
    if (!begin()) return;
    announce(STATUS.gettingPayment);
    const billingAddress = await saveBilling(CARD_PAYMENT_ERROR);
    if (!billingAddress) return;
    try {
      const card = storedCard
        ? { nonce: storedCard.nonce, details: storedCard.details }
        : await cardFields.current!.tokenize();
      announce(STATUS.checkingBilling);
      const email = basket.email_address ?? options.userEmail;
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
      fail({
        title: CARD_PAYMENT_ERROR,
        lines: [cardErrorMessage(paymentError) ?? ''].filter(Boolean),
      });
      if (storedCard && signedIn) options.refreshStoredCards();
    }
  };

  /** PayPal and Apple Pay save the billing form first; false: the page shows it. */
  const beforeWalletPay = async (): Promise<boolean> => {
    if (running.current) return false;
    setError(null);
    try {
      if ((await billing.current?.save()) != null) return true;
      options.showBilling();
      return false;
    } catch (billingError) {
      fail({
        title: billingError instanceof ApiError ? billingError.message : ORDER_ERROR,
        lines: [],
      });
      return false;
    }
  };

  const payWithWallet = async (result: WalletPaymentData) => {
    if (!begin()) return;
    await createOrder(result).catch(() => {
      // Shown by createOrder.
    });
  };

  return {
    status,
    busy,
    error,
    fail,
    payFree,
    payByCard,
    beforeWalletPay,
    payWithWallet,
  };
}
