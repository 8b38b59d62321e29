/**
 * What GET /api/v1/config tells the browser about payments (`data.payments`): which
 * gateway the client token is for, and what the wallets need (ADR 020, 021). Never a
 * secret.
 */

import type { z } from 'zod/mini';
import type { configSchema } from './replies.ts';

/** The shop's name as wallets show it (PayPal, Apple Pay and Google Pay sheets). */
export const SHOP_NAME = 'Everbloom';

/**
 * The name of the page meta tag (`<meta name="test-shop" content="true">`) the server
 * writes while payments run in test mode, so every page can say so without a request
 * (ADR 041).
 */
export const TEST_SHOP_META = 'test-shop';

/** 'braintree': braintree-web with Braintree's client token; 'test': the shop's test-mode client. */
export type PaymentMode = 'braintree' | 'test';

/** `data.payments` of GET /api/v1/config, inferred from its reply schema (replies.ts, ADR 046). */
export type PaymentsConfigView = z.output<typeof configSchema>['payments'];
