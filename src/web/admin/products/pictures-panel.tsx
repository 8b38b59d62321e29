/**
 * A product family's pictures in the back office (ADR 063): the list in the shop's order
 * (the first is the product's picture), each with its alt text, moved earlier or later
 * with buttons (keyboard and screen readers alike) and removed after a confirmation;
 * and an upload form for a JPEG, PNG or WebP with its alt text. Mounted on the product's
 * edit page, and on its own page (/admin/products/:id/pictures).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PictureListView, PictureView } from '../../../domain/api/admin-pictures.ts';
import {
  MAX_PICTURE_ALT,
  MAX_PICTURE_BYTES,
  PICTURE_UPLOAD_TYPES,
} from '../../../domain/pictures.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ApiError } from '../lib/admin-api.ts';
import {
  deletePicture,
  fetchPictures,
  patchPictureAlt,
  picturesKey,
  putPictureOrder,
  restorePicture,
  uploadPicture,
} from './pictures-api.ts';
import './pictures.css';

const ACCEPT = PICTURE_UPLOAD_TYPES.map((type) => `image/${type}`).join(',');
const MEGABYTES = MAX_PICTURE_BYTES / (1024 * 1024);

const fieldError = (error: unknown, name: string) =>
  error instanceof ApiError ? error.errors?.[name]?.[0] : undefined;

/** A refusal's message, unless it is about a field shown beside that field. */
function formMessage(error: unknown, fields: string[]): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.isValidation) {
    return fields.some((name) => error.errors?.[name]) ? null : error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

export function PicturesPanel({ productId }: { productId: number }) {
  const titleId = useId();
  const client = useQueryClient();
  const key = picturesKey(productId);
  const pictures = useQuery({ queryKey: key, queryFn: () => fetchPictures(productId) });
  const [announcement, setAnnouncement] = useState('');
  // The picture just removed, until it is put back or another change is made.
  const [removed, setRemoved] = useState<{ id: number; place: number } | null>(null);
  // After a move, focus returns to the moved picture's button (its place in the page changed).
  // After a removal, to its Undo button (the removed picture's buttons are gone).
  const focusAfterMove = useRef<string | null>(null);
  const undoId = useId();

  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted) return;
    focusAfterMove.current = null;
    if (wanted === 'undo') {
      document.getElementById(undoId)?.focus();
      return;
    }
    const [id, direction] = wanted.split(':');
    const button = (name: string | undefined) =>
      document.getElementById(`picture-${id}-${name}`) as HTMLButtonElement | null;
    const first = button(direction);
    (first && !first.disabled
      ? first
      : button(direction === 'earlier' ? 'later' : 'earlier')
    )?.focus();
  }, [pictures.data, removed, undoId]);

  const show = (list: PictureListView, message: string) => {
    client.setQueryData(key, list);
    setAnnouncement(message);
    setRemoved(null);
  };

  const undo = useMutation({
    mutationFn: (pictureId: number) => restorePicture(productId, pictureId),
    onSuccess: (list, pictureId) => {
      show(list, `Picture ${list.pictures.findIndex((p) => p.id === pictureId) + 1} put back.`);
    },
  });

  const move = useMutation({
    mutationFn: (ids: number[]) => putPictureOrder(productId, ids),
  });
  const moveBy = (picture: PictureView, by: -1 | 1) => {
    const list = pictures.data?.pictures ?? [];
    const from = list.findIndex((p) => p.id === picture.id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= list.length) return;
    const ids = list.map((p) => p.id);
    [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
    move.mutate(ids, {
      onSuccess: (updated) => {
        show(
          updated,
          `Picture moved to place ${to + 1} of ${list.length}${to === 0 ? ': it is now the product’s picture' : ''}.`,
        );
        focusAfterMove.current = `${picture.id}:${by < 0 ? 'earlier' : 'later'}`;
      },
    });
  };

  const list = pictures.data?.pictures ?? [];
  const name = pictures.data?.product.name;

  return (
    <section className="pictures-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Pictures</h2>
      <p>
        The first picture is the product’s picture in the shop (lists, its page and shared links).
        Each needs alt text: a short description for people who cannot see it.
      </p>
      <p role="status" className="visually-hidden">
        {pictures.isPending ? 'Loading pictures' : announcement}
      </p>
      {pictures.isPending && <p>Loading pictures…</p>}
      {pictures.error && (
        <Notice tone="error">
          <p>{pictures.error.message}</p>
          <Button variant="secondary" onClick={() => void pictures.refetch()}>
            Try again
          </Button>
        </Notice>
      )}
      {move.error && <Notice tone="error">{formMessage(move.error, [])}</Notice>}
      {removed && (
        <div className="pictures-panel__removed">
          <p>Picture {removed.place} removed from the product.</p>
          <Button
            id={undoId}
            variant="secondary"
            busy={undo.isPending}
            busyLabel="Putting back"
            onClick={() => undo.mutate(removed.id)}
          >
            Undo: put it back
          </Button>
        </div>
      )}
      {undo.error && <Notice tone="error">{formMessage(undo.error, [])}</Notice>}
      {pictures.data && list.length === 0 && (
        <p className="pictures-panel__empty">
          No pictures yet: the shop shows {name ? `${name}’s` : 'the product’s'} drawing until one
          is added.
        </p>
      )}
      {list.length > 0 && (
        <ol className="pictures-list" aria-label={name ? `Pictures of ${name}` : 'Pictures'}>
          {list.map((picture, index) => (
            <PictureItem
              key={picture.id}
              productId={productId}
              picture={picture}
              index={index}
              count={list.length}
              moving={move.isPending}
              onMove={(by) => moveBy(picture, by)}
              onRemoved={(list) => {
                show(list, `Picture ${index + 1} of ${list.pictures.length + 1} removed.`);
                setRemoved({ id: picture.id, place: index + 1 });
                focusAfterMove.current = 'undo';
                undo.reset();
              }}
            />
          ))}
        </ol>
      )}
      {pictures.data && (
        <UploadForm
          productId={productId}
          onUploaded={async () => {
            await client.invalidateQueries({ queryKey: key });
            setAnnouncement('Picture added.');
          }}
        />
      )}
    </section>
  );
}

function PictureItem({
  productId,
  picture,
  index,
  count,
  moving,
  onMove,
  onRemoved,
}: {
  productId: number;
  picture: PictureView;
  index: number;
  count: number;
  moving: boolean;
  onMove: (by: -1 | 1) => void;
  onRemoved: (list: PictureListView) => void;
}) {
  const client = useQueryClient();
  const headingId = useId();
  const [alt, setAlt] = useState(picture.alt);
  const [confirming, setConfirming] = useState(false);
  // Focus follows the confirmation: to its safe choice, and back to Remove after it.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [confirming]);
  const place = `Picture ${index + 1} of ${count}`;

  const save = useMutation({
    mutationFn: (text: string) => patchPictureAlt(productId, picture.id, text),
    onSuccess: (updated) => {
      client.setQueryData<PictureListView>(picturesKey(productId), (list) =>
        list
          ? { ...list, pictures: list.pictures.map((p) => (p.id === updated.id ? updated : p)) }
          : list,
      );
      setAlt(updated.alt);
    },
  });
  const remove = useMutation({
    mutationFn: () => deletePicture(productId, picture.id),
    onSuccess: (list) => onRemoved(list),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(alt);
  };
  const altError =
    fieldError(save.error, 'alt') ??
    (save.isIdle && alt.trim() === '' ? 'Please describe the picture' : undefined);

  return (
    <li className="pictures-list__item" aria-labelledby={headingId}>
      <img
        className="pictures-list__image"
        src={picture.src}
        srcSet={picture.srcset}
        sizes="160px"
        alt={picture.alt}
        width={160}
        height={Math.round((160 * picture.height) / picture.width)}
        loading="lazy"
      />
      <div className="pictures-list__body">
        <h3 id={headingId} className="pictures-list__title">
          {place}
          {index === 0 && <span className="pictures-list__badge">Shown in the shop</span>}
        </h3>
        <p className="pictures-list__facts">
          {picture.width} × {picture.height} pixels, {picture.source_type.toUpperCase()}
        </p>
        <form className="pictures-list__alt" onSubmit={submit} noValidate>
          <Field
            label="Alt text"
            value={alt}
            maxLength={MAX_PICTURE_ALT}
            onChange={(event) => {
              setAlt(event.target.value);
              save.reset();
            }}
            error={altError}
            required
          />
          <Button
            type="submit"
            variant="secondary"
            disabled={alt === picture.alt}
            busy={save.isPending}
            busyLabel="Saving"
          >
            Save alt text
          </Button>
          {save.isSuccess && alt === picture.alt && (
            <p role="status" className="pictures-list__saved">
              Alt text saved.
            </p>
          )}
        </form>
        {save.error && !fieldError(save.error, 'alt') && (
          <Notice tone="error">{formMessage(save.error, ['alt'])}</Notice>
        )}
        <div className="pictures-list__actions">
          <Button
            id={`picture-${picture.id}-earlier`}
            variant="secondary"
            disabled={index === 0 || moving}
            onClick={() => onMove(-1)}
            aria-label={`Move picture ${index + 1} earlier`}
          >
            Move earlier
          </Button>
          <Button
            id={`picture-${picture.id}-later`}
            variant="secondary"
            disabled={index === count - 1 || moving}
            onClick={() => onMove(1)}
            aria-label={`Move picture ${index + 1} later`}
          >
            Move later
          </Button>
          {confirming ? (
            <span className="pictures-list__confirm" role="group" aria-label="Confirm removal">
              <span>Remove this picture from the product?</span>
              <Button
                variant="primary"
                busy={remove.isPending}
                busyLabel="Removing"
                onClick={() => remove.mutate()}
                aria-label={`Yes, remove picture ${index + 1}`}
              >
                Remove
              </Button>
              <Button
                variant="secondary"
                id={`picture-${picture.id}-keep`}
                onClick={() => {
                  focusNext.current = `picture-${picture.id}-remove`;
                  setConfirming(false);
                  remove.reset();
                }}
              >
                Keep it
              </Button>
            </span>
          ) : (
            <Button
              id={`picture-${picture.id}-remove`}
              variant="link"
              onClick={() => {
                focusNext.current = `picture-${picture.id}-keep`;
                setConfirming(true);
              }}
              aria-label={`Remove picture ${index + 1}`}
            >
              Remove
            </Button>
          )}
        </div>
        {remove.error && <Notice tone="error">{formMessage(remove.error, [])}</Notice>}
      </div>
    </li>
  );
}

function UploadForm({
  productId,
  onUploaded,
}: {
  productId: number;
  onUploaded: () => Promise<void>;
}) {
  const titleId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [checked, setChecked] = useState<{ file?: string; alt?: string }>({});
  const upload = useMutation({
    mutationFn: (input: { file: File; alt: string }) =>
      uploadPicture(productId, input.file, input.alt),
    onSuccess: async () => {
      setFile(null);
      setAlt('');
      if (fileRef.current) fileRef.current.value = '';
      await onUploaded();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: { file?: string; alt?: string } = {};
    if (!file) problems.file = 'Please choose a picture to upload';
    else if (file.size > MAX_PICTURE_BYTES) {
      problems.file = `This file is over ${MEGABYTES} MB: please choose a smaller picture.`;
    }
    if (!alt.trim()) {
      problems.alt = 'Please describe the picture for people who cannot see it (alt text)';
    }
    setChecked(problems);
    if (problems.file || problems.alt || !file) return;
    upload.mutate({ file, alt });
  };

  const message = formMessage(upload.error, ['file', 'alt']);
  return (
    <form className="pictures-upload" aria-labelledby={titleId} onSubmit={submit} noValidate>
      <h3 id={titleId}>Add a picture</h3>
      {message && <Notice tone="error">{message}</Notice>}
      <Field
        ref={fileRef}
        label="Picture"
        hint={`JPEG, PNG or WebP, up to ${MEGABYTES} MB. It is added after the others.`}
        type="file"
        accept={ACCEPT}
        onChange={(event) => {
          setFile(event.target.files?.[0] ?? null);
          setChecked((previous) => ({ ...previous, file: undefined }));
          upload.reset();
        }}
        error={checked.file ?? fieldError(upload.error, 'file')}
        required
      />
      <Field
        label="Alt text"
        hint="What the picture shows, e.g. ‘Olive tree in a grey pot beside a sofa’"
        value={alt}
        maxLength={MAX_PICTURE_ALT}
        onChange={(event) => {
          setAlt(event.target.value);
          setChecked((previous) => ({ ...previous, alt: undefined }));
        }}
        error={checked.alt ?? fieldError(upload.error, 'alt')}
        required
      />
      <Button type="submit" busy={upload.isPending} busyLabel="Uploading">
        Upload picture
      </Button>
    </form>
  );
}
