/**
 * Chooses and starts the payment client for /config's payments.mode (ADR 020). Each
 * implementation is its own chunk, loaded only on the payment step, and a new client
 * token (after a failed order) starts a new client.
 */
import { useEffect, useState } from 'react';
import type { PaymentMode } from '../../../../../domain/api/payments-config.ts';
import type { PaymentClient } from './types.ts';

export async function loadPaymentClient(
  mode: PaymentMode,
  clientToken: string,
): Promise<PaymentClient> {
  if (mode === 'test') {
    const { createTestModeClient } = await import('./test-mode/test-mode-client.tsx');
    return createTestModeClient(clientToken);
  }
  const { createBraintreeClient } = await import('./braintree/braintree-client.tsx');
  return createBraintreeClient(clientToken);
}

/**
 * braintree-web's client, data collector, Apple Pay, Google Pay and PayPal Checkout
 * components, from the Braintree client's chunk: wallet groups in Braintree mode take
 * them from here rather than importing braintree-web themselves (ADR 020).
 */
export async function loadBraintreeWeb() {
  return (await import('./braintree/braintree-client.tsx')).braintreeWeb;
}

export type PaymentClientState =
  | { status: 'loading'; client: null; error: null }
  | { status: 'ready'; client: PaymentClient; error: null }
  | { status: 'error'; client: null; error: unknown };

const LOADING: PaymentClientState = { status: 'loading', client: null, error: null };

/** The client for this mode and token; idle (loading) until both are known. */
export function usePaymentClient(
  mode: PaymentMode | undefined,
  clientToken: string | undefined,
): PaymentClientState {
  const [state, setState] = useState<PaymentClientState & { key: string | null }>({
    ...LOADING,
    key: null,
  });
  const key = mode && clientToken ? `${mode}:${clientToken}` : null;

  useEffect(() => {
    if (!mode || !clientToken) return;
    let current: PaymentClient | null = null;
    let stopped = false;
    loadPaymentClient(mode, clientToken).then(
      (client) => {
        if (stopped) {
          void client.teardown();
          return;
        }
        current = client;
        setState({ status: 'ready', client, error: null, key: `${mode}:${clientToken}` });
      },
      (error: unknown) => {
        if (!stopped) {
          setState({ status: 'error', client: null, error, key: `${mode}:${clientToken}` });
        }
      },
    );
    return () => {
      stopped = true;
      if (current) void current.teardown();
    };
  }, [mode, clientToken]);

  // A state for an older token is not this token's client.
  return state.key === key && key !== null ? state : LOADING;
}
