/**
 * The browser's client for /api/v1: JSON in and out, cookies sent, the stored login
 * as a bearer header (spec section 6), and every error reply turned into an ApiError
 * carrying the catalogue's type, message and per-field errors.
 */
import { shopperMessage, type FieldErrors } from '../../domain/shopper-message.ts';
import { readAuthToken } from './auth-token-read.ts';

export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    readonly type: string | undefined,
    message: string,
    readonly errors: FieldErrors | undefined,
    /** More help from the server, shown beside the message (ADR 045). */
    readonly detail: string | undefined = undefined,
  ) {
    super(message);
  }

  /** True for a 422 with per-field messages. */
  get isValidation(): boolean {
    return this.type === 'validation' && this.errors !== undefined;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a request reaches the API: the browser's fetch, or the server renderer's own. */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * The server renderer's way to the API (entry-server.tsx: the API's own handlers, in
 * the same process). Set once when its bundle loads; the browser never calls it.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** Calls the API and returns the reply's `data`. */
export async function api<T>(
  method: Method,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  const token = typeof document === 'undefined' ? null : readAuthToken();
  try {
    response = await transport(`/api/v1${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extraHeaders,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'We could not reach the shop. Please check your connection and try again.',
      undefined,
    );
  }
  const text = await response.text();
  let parsed: unknown = undefined;
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
      detail?: unknown;
    };
    throw new ApiError(
      response.status,
      reply.error_type,
      shopperMessage({
        status: response.status,
        ...(reply.error_type ? { error_type: reply.error_type } : {}),
        ...(reply.message ? { message: reply.message } : {}),
      }),
      reply.errors,
      typeof reply.detail === 'string' && reply.detail !== '' ? reply.detail : undefined,
    );
  }
  return (parsed as { data: T }).data;
}

/**
 * GETs a file from the API (a VAT invoice's PDF, ADR 071) with the stored login, as
 * `api` does; an error reply becomes an ApiError with the catalogue's message.
 */
export async function apiFile(path: string): Promise<Blob> {
  const token = typeof document === 'undefined' ? null : readAuthToken();
  let response: Response;
  try {
    response = await transport(`/api/v1${path}`, {
      method: 'GET',
      credentials: 'same-origin',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'We could not reach the shop. Please check your connection and try again.',
      undefined,
    );
  }
  if (response.ok) return response.blob();
  let reply: { error_type?: string; message?: string } = {};
  try {
    reply = (await response.json()) as typeof reply;
  } catch {
    reply = {};
  }
  throw new ApiError(
    response.status,
    reply.error_type,
    shopperMessage({
      status: response.status,
      ...(reply.error_type ? { error_type: reply.error_type } : {}),
      ...(reply.message ? { message: reply.message } : {}),
    }),
    undefined,
  );
}
