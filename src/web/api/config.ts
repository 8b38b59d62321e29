/**
 * What the browser needs to know about the vendors in use (GET /api/v1/config):
 * which captcha to show, where postcode lookups go and how payments are taken. It does not change while the
 * page is open.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressLookupConfig } from '../../domain/address-lookup.ts';
import type { PaymentsConfigView } from '../../domain/api/payments-config.ts';
import { api } from '../lib/api-client.ts';

export interface CaptchaConfig {
  /** 'test' shows an offline check whose token only the test-mode server accepts. */
  mode: 'test' | 'turnstile';
  site_key: string | null;
}

export interface ClientConfig {
  captcha: CaptchaConfig;
  address_lookup: AddressLookupConfig;
  /** How cards and wallets are paid (the server's own view of its payment settings). */
  payments: PaymentsConfigView;
}

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api<ClientConfig>('GET', '/config'),
  staleTime: Infinity,
});

export const useConfig = () => useQuery(configQuery);
