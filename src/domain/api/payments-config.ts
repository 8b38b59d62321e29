/**
 * What GET /api/v1/config tells the browser about payments (`data.payments`): which
 * gateway the client token is for, and what the wallets need (ADR 020, 021). Never a
 * secret.
 */

import type { z } from 'zod/mini';
import type { configSchema } from './replies.ts';

/** The shop's name as wallets show it (PayPal, Apple Pay and Google Pay sheets). */
export const SHOP_NAME = 'Everbloom';

/** 'braintree': braintree-web with Braintree's client token; 'test': the shop's test-mode client. */
export type PaymentMode = 'braintree' | 'test';

/** `data.payments` of GET /api/v1/config, inferred from its reply schema (replies.ts, ADR 046). */
export type PaymentsConfigView = z.output<typeof configSchema>['payments'];
