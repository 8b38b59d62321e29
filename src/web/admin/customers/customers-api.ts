/**
 * The customer pages' calls (ADR 066): the list, a customer's page and credit, and the
 * writes — buds, disabling and re-enabling, erasing. The export is a plain download link.
 */
import type {
  CustomerDetailView,
  CustomerListView,
  CustomerStateView,
} from '../../../domain/api/admin-customers.ts';
import type { AdminStoreCreditView } from '../../../domain/api/store-credit.ts';
import { adminApi, queryString } from '../lib/admin-api.ts';

export const CUSTOMERS_KEY = ['admin', 'customers'] as const;

export function fetchCustomers(params: { q: string; cursor: string | null }) {
  return adminApi<CustomerListView>(
    'GET',
    `/customers${queryString({ q: params.q, cursor: params.cursor })}`,
  );
}

export function fetchCustomer(id: string) {
  return adminApi<CustomerDetailView>('GET', `/customers/${encodeURIComponent(id)}`);
}

export function fetchCustomerCredit(id: string) {
  return adminApi<AdminStoreCreditView>('GET', `/customers/${encodeURIComponent(id)}/credit`);
}

export function grantBuds(id: number, body: { buds: number; reason: string }) {
  return adminApi<{ balance: number }>('POST', `/customers/${id}/buds`, body);
}

export function setDisabled(id: number, disabled: boolean, reason: string) {
  return adminApi<CustomerStateView>(
    'POST',
    `/customers/${id}/${disabled ? 'disable' : 'enable'}`,
    { reason },
  );
}

export function eraseCustomer(id: number, reason: string) {
  return adminApi<CustomerStateView>('POST', `/customers/${id}/erase`, { reason });
}

/** The export's address: a download the browser fetches with the staff cookie. */
export const exportUrl = (id: number) => `/api/v1/admin/customers/${id}/export`;
