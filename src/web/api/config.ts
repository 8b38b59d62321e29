/**
 * What the browser needs to know about the vendors in use (GET /api/v1/config):
 * which captcha to show, where postcode lookups go and how payments are taken. It does not change while the
 * page is open.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressLookupConfig } from '../../domain/address-lookup.ts';
import { api } from '../lib/api-client.ts';

export interface CaptchaConfig {
  /** 'test' shows an offline check whose token only the test-mode server accepts. */
  mode: 'test' | 'turnstile';
  site_key: string | null;
}

/** How cards and wallets are paid (contracts: GET /config data.payments). */
export interface PaymentsConfig {
  /** 'test' pays through the shop's own test gateway: no real money, sandbox cards. */
  mode: 'braintree' | 'test';
  paypal_client_id: string | null;
  google_pay: { merchant_id: string | null; environment: 'TEST' | 'PRODUCTION' };
  shop_name: string;
}

export interface ClientConfig {
  captcha: CaptchaConfig;
  address_lookup: AddressLookupConfig;
  payments: PaymentsConfig;
}

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api<ClientConfig>('GET', '/config'),
  staleTime: Infinity,
});

export const useConfig = () => useQuery(configQuery);
