/**
 * Test mode's stand-in for a wallet's own window (PayPal's login, the Apple Pay and
 * Google Pay sheets): the same steps as the real flow, offline. Opening it may first
 * validate the billing form (PayPal, Apple Pay); approving mints the wallet's fake
 * nonce through the test-mode client API and hands it on with device data;
 * cancelling changes nothing.
 */
import { useState, type ReactNode } from 'react';
import { SHOP_NAME } from '../../../../../domain/api/payments-config.ts';
import { formatPence } from '../../../../../domain/money.ts';
import {
  FAKE_WALLET_NONCES,
  type WalletNonceType,
} from '../../../../../domain/payments/nonce-types.ts';
import { Button } from '../../../../ui/button.tsx';
import { Modal } from '../../../../ui/modal.tsx';
import { amountDue } from '../amount-due.ts';
import type { WalletNonceDetails } from '../client/test-mode/test-client-api.ts';
import { providerMessage } from './braintree.ts';
import { usePaymentsConfig } from './payments-config.ts';
import type { WalletProps } from './types.ts';
import './wallets.css';

export interface SimulatedWalletOptions {
  type: WalletNonceType;
  details: WalletNonceDetails;
  /** PayPal and Apple Pay: validate and save the billing form before opening. */
  billingFirst: boolean;
}

/** The flow of one simulated wallet: open (after the billing check), approve, cancel. */
export function useSimulatedWallet<Choice extends string>(
  props: WalletProps,
  options: SimulatedWalletOptions,
) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [checking, setChecking] = useState(false);
  const [approving, setApproving] = useState(false);

  const open = async (wanted: Choice) => {
    if (options.billingFirst) {
      setChecking(true);
      let ready: boolean;
      try {
        ready = await props.beforePay();
      } catch (error) {
        props.onError(providerMessage(error));
        return;
      } finally {
        setChecking(false);
      }
      // The page has scrolled to the billing form's messages.
      if (!ready) return;
    }
    setChoice(wanted);
  };

  const approve = async () => {
    setApproving(true);
    try {
      // The test-mode client API comes with the test-mode card client's chunk, when used.
      const { mintNonce, readClientToken, testDeviceData } =
        await import('../client/test-mode/test-client-api.ts');
      const { nonce } = await mintNonce(readClientToken(props.clientToken), {
        type: options.type,
        fake_nonce: FAKE_WALLET_NONCES[options.type],
        details: options.details,
      });
      setChoice(null);
      props.onPaymentData({ payment_method_nonce: nonce, device_data: testDeviceData() });
    } catch (error) {
      setChoice(null);
      props.onError(providerMessage(error));
    } finally {
      setApproving(false);
    }
  };

  const cancel = () => {
    if (!approving) setChoice(null);
  };

  return { choice, checking, approving, open, approve, cancel };
}

export type SimulatedWallet<Choice extends string> = ReturnType<typeof useSimulatedWallet<Choice>>;

/** The dialog: who is paid and how much, what the wallet asks, and the choices. */
export function SimulatedSheet({
  title,
  open,
  onCancel,
  basket,
  children,
}: {
  title: string;
  open: boolean;
  onCancel: () => void;
  basket: WalletProps['basket'];
  children: ReactNode;
}) {
  const shopName = usePaymentsConfig()?.shop_name ?? SHOP_NAME;
  return (
    <Modal open={open} onClose={onCancel} title={title} narrow>
      <div className="wallet-sheet">
        <p className="wallet-sheet__test">Test mode: no real payment is taken.</p>
        <dl className="wallet-sheet__summary">
          <div>
            <dt>Pay</dt>
            <dd>{shopName}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{formatPence(amountDue(basket))}</dd>
          </div>
        </dl>
        {children}
      </div>
    </Modal>
  );
}

/** The sheet's Cancel (the dialog's Close and Escape do the same). */
export function CancelButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Button variant="link" onClick={onClick} disabled={disabled}>
      Cancel
    </Button>
  );
}

/** A card wallet's sheet (Apple Pay, Google Pay): the test card, what it shares, Pay or Cancel. */
export function SimulatedCardSheet({
  title,
  wallet,
  basket,
  children,
}: {
  title: string;
  wallet: SimulatedWallet<'open'>;
  basket: WalletProps['basket'];
  children?: ReactNode;
}) {
  return (
    <SimulatedSheet
      title={title}
      open={wallet.choice !== null}
      onCancel={wallet.cancel}
      basket={basket}
    >
      <p className="wallet-sheet__card">Card: Visa (test card)</p>
      {children}
      <div className="wallet-sheet__actions">
        <Button busy={wallet.approving} busyLabel="Paying" onClick={() => void wallet.approve()}>
          Pay {formatPence(amountDue(basket))}
        </Button>
        <CancelButton onClick={wallet.cancel} disabled={wallet.approving} />
      </div>
    </SimulatedSheet>
  );
}
