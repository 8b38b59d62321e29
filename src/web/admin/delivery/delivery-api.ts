/**
 * The delivery page's calls (ADR 065): the settings, an option's change, a zone's
 * coverage, and closures.
 */
import type {
  AdminDelivery,
  AdminDeliveryOption,
  AdminDeliveryZone,
  DeliveryClosure,
} from '../../../domain/api/admin-delivery.ts';
import { adminApi } from '../lib/admin-api.ts';

export const DELIVERY_KEY = ['admin', 'delivery'] as const;

export const fetchDelivery = () => adminApi<AdminDelivery>('GET', '/delivery');

export type OptionChange = Partial<Omit<AdminDeliveryOption, 'id' | 'zone_id'>> & {
  reason?: string;
};

export async function patchOption(id: string, change: OptionChange) {
  return (
    await adminApi<{ option: AdminDeliveryOption }>(
      'PATCH',
      `/delivery/options/${encodeURIComponent(id)}`,
      change,
    )
  ).option;
}

export async function putCoverage(
  id: string,
  body: { countries: string[]; postcode_areas: string[]; reason?: string },
) {
  return (
    await adminApi<{ zone: AdminDeliveryZone }>(
      'PUT',
      `/delivery/zones/${encodeURIComponent(id)}/coverage`,
      body,
    )
  ).zone;
}

export async function postClosure(body: { starts_on: string; ends_on: string; reason: string }) {
  return (await adminApi<{ closure: DeliveryClosure }>('POST', '/delivery/closures', body)).closure;
}

export async function deleteClosure(id: number) {
  return (await adminApi<{ closure: DeliveryClosure }>('DELETE', `/delivery/closures/${id}`))
    .closure;
}

/** Pounds typed in a field ('7.95', '7') in pence; NaN when not an amount. */
export function penceOf(text: string): number {
  const trimmed = text.trim().replace(/^£/, '');
  if (!/^-?\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

/** A list typed as 'BT, HS ZE' → ['BT', 'HS', 'ZE'] (upper case). */
export const listOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean);

/** Adds a zone (ADR 074); it covers nowhere until its coverage is set. */
export async function postZone(body: {
  name: string;
  id?: string;
  tax_exempt: boolean;
  reason?: string;
}) {
  return (await adminApi<{ zone: AdminDeliveryZone }>('POST', '/delivery/zones', body)).zone;
}

/** Deletes a zone (refused with delivery_zone_in_use while it offers an option). */
export async function deleteZone(id: string, reason: string) {
  const query = reason.trim() ? `?reason=${encodeURIComponent(reason.trim())}` : '';
  return (
    await adminApi<{ zone: { id: string } }>(
      'DELETE',
      `/delivery/zones/${encodeURIComponent(id)}${query}`,
    )
  ).zone;
}

/** A new delivery option (ADR 082): the edit dialog's fields plus zone, id and VAT rate. */
export interface NewOption {
  zone_id: string;
  id?: string;
  name: string;
  description: string;
  price: number;
  free_over: number | null;
  min_days: number;
  max_days: number;
  cutoff_hour: number | null;
  delivery_weekday: number | null;
  tax_rate_bp: number;
  active: boolean;
  reason?: string;
}

/** Adds an option to a zone; 409 delivery_option_exists names `id` when it is taken. */
export async function postOption(body: NewOption) {
  return (await adminApi<{ option: AdminDeliveryOption }>('POST', '/delivery/options', body))
    .option;
}

const reasonOf = (reason: string) => (reason.trim() ? { reason: reason.trim() } : {});

/** Retires an option: offered to nobody, kept for the orders that used it. */
export async function retireOption(id: string, reason: string) {
  return (
    await adminApi<{ option: AdminDeliveryOption }>(
      'POST',
      `/delivery/options/${encodeURIComponent(id)}/retire`,
      reasonOf(reason),
    )
  ).option;
}

/** Brings a retired option back, closed. */
export async function restoreOption(id: string, reason: string) {
  return (
    await adminApi<{ option: AdminDeliveryOption }>(
      'POST',
      `/delivery/options/${encodeURIComponent(id)}/restore`,
      reasonOf(reason),
    )
  ).option;
}

/** Deletes an option no order used (refused with delivery_option_used otherwise). */
export async function deleteOption(id: string, reason: string) {
  const query = reason.trim() ? `?reason=${encodeURIComponent(reason.trim())}` : '';
  return (
    await adminApi<{ option: { id: string } }>(
      'DELETE',
      `/delivery/options/${encodeURIComponent(id)}${query}`,
    )
  ).option;
}

/** A whole number typed in a field ('3'); NaN when not one. */
export const wholeOf = (text: string) =>
  /^-?\d{1,4}$/.test(text.trim()) ? Number(text) : Number.NaN;
