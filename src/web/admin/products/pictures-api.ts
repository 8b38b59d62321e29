/**
 * The pictures panel's calls (ADR 063): a family's pictures, upload (multipart, so not
 * through adminApi's JSON), alt text, order and removal.
 */
import type { PictureListView, PictureView } from '../../../domain/api/admin-pictures.ts';
import type { FieldErrors } from '../../../domain/shopper-message.ts';
import { adminApi, ApiError, NETWORK_MESSAGE } from '../lib/admin-api.ts';

export const picturesKey = (productId: number) => ['admin', 'products', productId, 'pictures'];

const base = (productId: number) => `/products/${productId}/pictures`;

export function fetchPictures(productId: number) {
  return adminApi<PictureListView>('GET', base(productId));
}

/** Uploads one picture with its alt text; refusals are ApiErrors as adminApi's are. */
export async function uploadPicture(productId: number, file: File, alt: string) {
  const form = new FormData();
  // The alt text first: the server reads it before the (large) file.
  form.append('alt', alt);
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`/api/v1/admin${base(productId)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_MESSAGE, undefined);
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const reply = (parsed ?? {}) as { error_type?: string; message?: string; errors?: FieldErrors };
    throw new ApiError(
      response.status,
      reply.error_type,
      reply.message ?? `The shop answered ${response.status}.`,
      reply.errors,
    );
  }
  return (parsed as { data: { picture: PictureView } }).data.picture;
}

export async function patchPictureAlt(productId: number, pictureId: number, alt: string) {
  return (
    await adminApi<{ picture: PictureView }>('PATCH', `${base(productId)}/${pictureId}`, { alt })
  ).picture;
}

export function putPictureOrder(productId: number, ids: number[]) {
  return adminApi<PictureListView>('PUT', `${base(productId)}/order`, { ids });
}

export function deletePicture(productId: number, pictureId: number) {
  return adminApi<PictureListView>('DELETE', `${base(productId)}/${pictureId}`);
}

export function restorePicture(productId: number, pictureId: number) {
  return adminApi<PictureListView>('POST', `${base(productId)}/${pictureId}/restore`);
}
