import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PictureListView, PictureView } from '../../../domain/api/admin-pictures.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { PicturesPanel } from './pictures-panel.tsx';

const picture = (id: number, position: number, alt: string): PictureView => ({
  id,
  position,
  alt,
  width: 800,
  height: 600,
  source_type: 'png',
  bytes: 1234,
  hash: `${id}`.padStart(32, '0'),
  widths: [320, 640],
  src: `/media/pictures/${id}-640.webp`,
  srcset: `/media/pictures/${id}-320.webp 320w, /media/pictures/${id}-640.webp 640w`,
  sources: [],
  created_at: '2026-11-26T10:00:00.000Z',
});

const LIST: PictureListView = {
  product: { id: 7, name: 'Artificial Olive Tree', slug: 'artificial-olive-tree' },
  pictures: [picture(1, 0, 'Olive tree by a window'), picture(2, 1, 'Close-up of the leaves')],
};
const URL = '/api/v1/admin/products/7/pictures';

afterEach(() => vi.unstubAllGlobals());

describe('the pictures panel', () => {
  it('says when a product has no pictures yet', async () => {
    mockApi({ [`GET ${URL}`]: () => ({ body: { data: { ...LIST, pictures: [] } } }) });
    renderWithApp(<PicturesPanel productId={7} />);
    expect(await screen.findByText(/No pictures yet/)).toBeDefined();
    expect(screen.getByRole('form', { name: 'Add a picture' })).toBeDefined();
  });

  it('shows the pictures in order, the first as the shop’s, and moves one with its buttons', async () => {
    const { calls } = mockApi({
      [`GET ${URL}`]: () => ({ body: { data: LIST } }),
      [`PUT ${URL}/order`]: () => ({
        body: {
          data: {
            ...LIST,
            pictures: [
              picture(2, 0, 'Close-up of the leaves'),
              picture(1, 1, 'Olive tree by a window'),
            ],
          },
        },
      }),
    });
    renderWithApp(<PicturesPanel productId={7} />);
    const first = await screen.findByRole('listitem', { name: /Picture 1 of 2/ });
    expect(within(first).getByRole('img', { name: 'Olive tree by a window' })).toBeDefined();
    expect(within(first).getByText('Shown in the shop')).toBeDefined();
    expect(
      (within(first).getByRole('button', { name: 'Move picture 1 earlier' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move picture 2 earlier' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: /Picture 1 of 2/ })).getByRole('img'),
      ).toHaveProperty('alt', 'Close-up of the leaves'),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [2, 1] });
    expect(
      await screen.findByText('Picture moved to place 1 of 2: it is now the product’s picture.'),
    ).toBeDefined();
  });

  it('saves alt text, and shows the server’s refusal beside the field', async () => {
    const { calls } = mockApi({
      [`GET ${URL}`]: () => ({ body: { data: LIST } }),
      [`PATCH ${URL}/1`]: (body) =>
        (body as { alt: string }).alt === 'x'.repeat(3)
          ? {
              status: 422,
              body: {
                error_type: 'validation',
                message: 'Please check the highlighted fields.',
                errors: { alt: ['Please use plain text, on one line'] },
              },
            }
          : { body: { data: { picture: picture(1, 0, (body as { alt: string }).alt) } } },
    });
    renderWithApp(<PicturesPanel productId={7} />);
    const first = await screen.findByRole('listitem', { name: /Picture 1 of 2/ });
    const field = within(first).getByRole('textbox', { name: 'Alt text' });
    fireEvent.change(field, { target: { value: 'xxx' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Save alt text' }));
    expect(await within(first).findByText('Please use plain text, on one line')).toBeDefined();
    fireEvent.change(field, { target: { value: '<b>Olive</b> in a pot' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Save alt text' }));
    expect(await within(first).findByText('Alt text saved.')).toBeDefined();
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', body: { alt: '<b>Olive</b> in a pot' } });
    expect(within(first).getByRole('img', { name: '<b>Olive</b> in a pot' })).toBeDefined();
  });

  it('removes a picture only once confirmed, and puts it back on Undo', async () => {
    const { calls } = mockApi({
      [`GET ${URL}`]: () => ({ body: { data: LIST } }),
      [`DELETE ${URL}/1`]: () => ({
        body: { data: { ...LIST, pictures: [picture(2, 0, 'Close-up of the leaves')] } },
      }),
      [`POST ${URL}/1/restore`]: () => ({ body: { data: LIST } }),
    });
    renderWithApp(<PicturesPanel productId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove picture 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove picture 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove picture 1' }));
    expect(await screen.findByText('Picture 1 of 2 removed.')).toBeDefined();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    const undo = screen.getByRole('button', { name: 'Undo: put it back' });
    await waitFor(() => expect(document.activeElement).toBe(undo));

    fireEvent.click(undo);
    expect(await screen.findByText('Picture 1 put back.')).toBeDefined();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Undo: put it back' })).toBeNull();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: `${URL}/1/restore` });
  });

  it('checks the upload form before sending, then sends the file with its alt text', async () => {
    const { calls } = mockApi({ [`GET ${URL}`]: () => ({ body: { data: LIST } }) });
    renderWithApp(<PicturesPanel productId={7} />);
    const form = await screen.findByRole('form', { name: 'Add a picture' });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload picture' }));
    expect(await within(form).findByText('Please choose a picture to upload')).toBeDefined();
    expect(within(form).getByText(/Please describe the picture/)).toBeDefined();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // The upload is multipart: answered here by a fetch of the test's own.
    const sent: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          sent.push(init.body as FormData);
          return new Response(
            JSON.stringify({
              error_type: 'validation',
              message: 'Please check the highlighted fields.',
              errors: { file: ['This file is not a JPEG, PNG or WebP picture'] },
            }),
            { status: 422, headers: { 'content-type': 'application/json' } },
          );
        }
        return new Response(JSON.stringify({ data: LIST }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const file = new File(['not a photo'], 'olive.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(form).getByLabelText(/^Picture/), { target: { files: [file] } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Alt text/ }), {
      target: { value: 'An olive tree' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload picture' }));
    expect(
      await within(form).findByText('This file is not a JPEG, PNG or WebP picture'),
    ).toBeDefined();
    expect(sent[0]?.get('alt')).toBe('An olive tree');
    expect((sent[0]?.get('file') as File).name).toBe('olive.jpg');
  });
});
