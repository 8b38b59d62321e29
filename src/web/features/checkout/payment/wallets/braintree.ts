/**
 * Braintree mode's shared pieces, imported on demand (braintree-web stays out of every
 * bundle until a wallet group is used): one client and one set of device data per
 * client token, and the message a failed provider call shows (spec section 8: "Other
 * payment errors show the payment library's message").
 */
import { INTERNAL_ERROR_MESSAGE } from '../../../../../domain/shopper-message.ts';
import { loadBraintreeWeb } from '../client/load-client.ts';
import type { Client } from 'braintree-web/client';

interface BraintreeSession {
  client: Client;
  /** The data collector's deviceData string (fraud checks). */
  deviceData: string;
}

const sessions = new Map<string, Promise<BraintreeSession>>();

export function braintreeSession(clientToken: string): Promise<BraintreeSession> {
  let session = sessions.get(clientToken);
  if (!session) {
    session = (async () => {
      const modules = await loadBraintreeWeb();
      const { create: createClient } = modules.client;
      const { create: createCollector } = modules.dataCollector;
      const client = await createClient({ authorization: clientToken });
      const collector = await createCollector({ client });
      return { client, deviceData: collector.deviceData };
    })();
    // A failure (network, expired token) may be retried with the next render.
    session.catch(() => sessions.delete(clientToken));
    sessions.set(clientToken, session);
  }
  return session;
}

/** The provider's own message, else the shop's generic one. */
export function providerMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return INTERNAL_ERROR_MESSAGE;
}
