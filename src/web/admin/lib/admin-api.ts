/**
 * The back office's client for /api/v1/admin: JSON in and out, the staff session cookie
 * sent (never a customer's bearer token), every refusal an ApiError with the catalogue's
 * type, message and per-field errors as the server wrote them.
 */
import type { FieldErrors } from '../../../domain/shopper-message.ts';
import { ApiError } from '../../lib/api-client.ts';

export { ApiError };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const NETWORK_MESSAGE =
  'We could not reach the shop. Please check your connection and try again.';

/** Calls `/api/v1/admin${path}` and returns the reply's `data`. */
export async function adminApi<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/admin${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE, undefined);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const reply = (parsed ?? {}) as {
      error_type?: string;
      message?: string;
      errors?: FieldErrors;
      detail?: string;
    };
    throw new ApiError(
      response.status,
      reply.error_type,
      reply.message ?? `The shop answered ${response.status}.`,
      reply.errors,
      reply.detail,
    );
  }
  return (parsed as { data: T }).data;
}

/** A query string from the set values of `params` ('' when none). */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
