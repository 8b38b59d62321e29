/**
 * Product pictures in the back office (ADR 063): upload (checked from the bytes, then
 * resized and converted into the media folder), alt text, order and removal. Each change
 * is one transaction with its audit record; the family's row is locked first, so changes
 * to one family's pictures take turns. The files are written before the row: a failure
 * after them leaves unused files, never a row without its files.
 */
import { AppError, validationError } from '../../../domain/errors.ts';
import type { PictureListView, PictureView } from '../../../domain/api/admin-pictures.ts';
import {
  MAX_PICTURES_PER_PRODUCT,
  PICTURE_FORMATS,
  picturePath,
  pictureSrcWidth,
  pictureSrcset,
} from '../../../domain/pictures.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import { examinePicture, writePictureFiles } from './picture-files.ts';
import { lockPictureHash } from './picture-sweep.ts';
import {
  picturesRepository,
  type FamilyRecord,
  type PictureRecord,
} from './pictures.repository.ts';

/** What staff read of a picture. */
export function pictureView(row: PictureRecord): PictureView {
  const widths = [...row.widths].sort((a, b) => a - b);
  return {
    id: row.id,
    position: row.position,
    alt: row.alt,
    width: row.width,
    height: row.height,
    source_type: row.source_type,
    bytes: row.bytes,
    hash: row.hash,
    widths,
    src: `/media/${picturePath(row.hash, pictureSrcWidth(widths), 'webp')}`,
    srcset: pictureSrcset(row.hash, widths, 'webp'),
    sources: PICTURE_FORMATS.map((format) => ({
      type: format.type,
      srcset: pictureSrcset(row.hash, widths, format.extension),
    })),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** What the audit trail keeps of a picture: enough to see it, and to put it back. */
const audited = (row: PictureRecord) => ({
  id: row.id,
  position: row.position,
  alt: row.alt,
  hash: row.hash,
  width: row.width,
  height: row.height,
  source_type: row.source_type,
  bytes: row.bytes,
  widths: row.widths,
});

const NO_PRODUCT = 'No product family has that id.';

const tooMany = (family: FamilyRecord) =>
  validationError({
    file: [
      `${family.name} already has ${MAX_PICTURES_PER_PRODUCT} pictures: please remove one first.`,
    ],
  });
const NO_PICTURE = 'This product has no picture with that id.';

export function picturesService(deps: {
  db: Db;
  /** The media folder the files go in; null when this process serves none. */
  mediaDir: string | null;
  /** This process's catalogue cache, refreshed after a change. */
  catalogue: { invalidate(): void };
}) {
  const { db } = deps;
  const repository = picturesRepository(db);

  async function familyOf(productId: number): Promise<FamilyRecord> {
    const family = await repository.family(productId);
    if (!family) throw new AppError('not_found', { message: NO_PRODUCT });
    return family;
  }

  /** In a transaction: the family locked (or not_found) and its pictures. */
  async function locked(trx: Db, productId: number) {
    const repo = picturesRepository(trx);
    const family = await repo.family(productId, true);
    if (!family) throw new AppError('not_found', { message: NO_PRODUCT });
    return { repo, family, pictures: await repo.list(productId) };
  }

  /** Positions 0, 1, 2… in the given order, writing only those that moved. */
  async function renumber(repo: ReturnType<typeof picturesRepository>, rows: PictureRecord[]) {
    for (const [index, row] of rows.entries()) {
      if (row.position !== index) await repo.setPosition(row.id, index);
    }
  }

  async function listView(family: FamilyRecord): Promise<PictureListView> {
    const pictures = await repository.list(family.id);
    return { product: family, pictures: pictures.map(pictureView) };
  }

  return {
    /** A family's pictures in order (not_found for an unknown id or a variation's). */
    async list(productId: number): Promise<PictureListView> {
      return listView(await familyOf(productId));
    },

    /** Adds a picture at the end of the family's list. */
    async upload(
      actor: StaffActor,
      productId: number,
      input: { bytes: Buffer; alt: string },
    ): Promise<PictureView> {
      if (!deps.mediaDir) {
        throw new AppError('service_unavailable', {
          message: 'This shop has no media folder to keep pictures in.',
        });
      }
      // Before the work of converting it: the family must exist and have room (checked
      // again, locked, when the row is written).
      const family = await familyOf(productId);
      if ((await repository.list(productId)).length >= MAX_PICTURES_PER_PRODUCT) {
        throw tooMany(family);
      }
      const facts = await examinePicture(input.bytes);
      const mediaDir = deps.mediaDir;
      await writePictureFiles(mediaDir, input.bytes, facts);
      const row = await db.transaction().execute(async (trx) => {
        const { repo, family, pictures } = await locked(trx, productId);
        if (pictures.length >= MAX_PICTURES_PER_PRODUCT) throw tooMany(family);
        // The same bytes' files may have been there already, unnamed and old enough for
        // the sweep (picture-sweep.ts): under the hash's lock, any it deleted meanwhile are
        // written again (usually none: a check that each exists), so the row never names a
        // missing file.
        await lockPictureHash(trx, facts.hash);
        await writePictureFiles(mediaDir, input.bytes, facts);
        const inserted = await repo.insert({
          product_id: family.id,
          position: pictures.length,
          alt: input.alt,
          hash: facts.hash,
          width: facts.width,
          height: facts.height,
          source_type: facts.type,
          bytes: facts.bytes,
          widths: facts.widths,
          staff_id: actor.staffId,
        });
        await recordAudit(trx, actor, {
          action: 'product.picture.add',
          entityType: 'product',
          entityId: family.id,
          after: audited(inserted),
        });
        return inserted;
      });
      deps.catalogue.invalidate();
      return pictureView(row);
    },

    /** Changes a picture's alt text. */
    async updateAlt(
      actor: StaffActor,
      productId: number,
      pictureId: number,
      alt: string,
    ): Promise<PictureView> {
      const row = await db.transaction().execute(async (trx) => {
        const { repo, family, pictures } = await locked(trx, productId);
        const picture = pictures.find((p) => p.id === pictureId);
        if (!picture) throw new AppError('not_found', { message: NO_PICTURE });
        if (picture.alt === alt) return picture;
        const updated = await repo.setAlt(picture.id, alt);
        await recordAudit(trx, actor, {
          action: 'product.picture.alt',
          entityType: 'product',
          entityId: family.id,
          before: { id: picture.id, alt: picture.alt },
          after: { id: picture.id, alt: updated.alt },
        });
        return updated;
      });
      deps.catalogue.invalidate();
      return pictureView(row);
    },

    /**
     * Puts the family's pictures in the order of `ids`, which must name each of its
     * pictures once (a validation error on `ids` otherwise: the list changed meanwhile).
     */
    async reorder(actor: StaffActor, productId: number, ids: number[]): Promise<PictureListView> {
      const family = await db.transaction().execute(async (trx) => {
        const { repo, family, pictures } = await locked(trx, productId);
        const byId = new Map(pictures.map((p) => [p.id, p]));
        const unique = new Set(ids);
        if (unique.size !== ids.length) {
          throw validationError({ ids: ['Please list each picture once.'] });
        }
        if (ids.length !== pictures.length || !ids.every((id) => byId.has(id))) {
          throw validationError({
            ids: [
              'Please list every one of this product’s pictures, and only those: the list may have changed since you loaded it.',
            ],
          });
        }
        const ordered = ids.map((id) => byId.get(id) as PictureRecord);
        const before = pictures.map((p) => p.id);
        if (before.every((id, i) => id === ids[i])) return family;
        await renumber(repo, ordered);
        await recordAudit(trx, actor, {
          action: 'product.picture.order',
          entityType: 'product',
          entityId: family.id,
          before: { ids: before },
          after: { ids },
        });
        return family;
      });
      deps.catalogue.invalidate();
      return listView(family);
    },

    /**
     * Removes a picture from the family's list (and the shop). Its row stays, marked
     * removed, and its files stay in the media folder (pages cached for a year may
     * still name them; another row may share them): `restore` puts it back.
     */
    async remove(
      actor: StaffActor,
      productId: number,
      pictureId: number,
    ): Promise<PictureListView> {
      const family = await db.transaction().execute(async (trx) => {
        const { repo, family, pictures } = await locked(trx, productId);
        const picture = pictures.find((p) => p.id === pictureId);
        if (!picture) throw new AppError('not_found', { message: NO_PICTURE });
        await repo.remove(picture.id);
        await renumber(
          repo,
          pictures.filter((p) => p.id !== picture.id),
        );
        await recordAudit(trx, actor, {
          action: 'product.picture.remove',
          entityType: 'product',
          entityId: family.id,
          before: audited(picture),
        });
        return family;
      });
      deps.catalogue.invalidate();
      return listView(family);
    },

    /** Puts a removed picture back where it was in the list (or last, if the list is shorter). */
    async restore(
      actor: StaffActor,
      productId: number,
      pictureId: number,
    ): Promise<PictureListView> {
      const family = await db.transaction().execute(async (trx) => {
        const { repo, family, pictures } = await locked(trx, productId);
        const picture = await repo.removed(family.id, pictureId);
        if (!picture) {
          throw new AppError('not_found', {
            message: 'This product has no removed picture with that id.',
          });
        }
        if (pictures.length >= MAX_PICTURES_PER_PRODUCT) throw tooMany(family);
        await repo.putBack(picture.id);
        const place = Math.min(picture.position, pictures.length);
        const ordered = [
          ...pictures.slice(0, place),
          { ...picture, position: -1 },
          ...pictures.slice(place),
        ];
        await renumber(repo, ordered);
        await recordAudit(trx, actor, {
          action: 'product.picture.restore',
          entityType: 'product',
          entityId: family.id,
          after: { ...audited(picture), position: place },
        });
        return family;
      });
      deps.catalogue.invalidate();
      return listView(family);
    },
  };
}

export type PicturesService = ReturnType<typeof picturesService>;
