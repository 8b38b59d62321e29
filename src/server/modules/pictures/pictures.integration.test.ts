/**
 * Product pictures in the back office (ADR 063): uploads checked from their bytes,
 * stored as WebP and AVIF at the shop's widths under their hash and served for a year;
 * alt text, order and removal, each with its audit record; the shop showing a family's
 * first picture (and its demo drawing when it has none); and refusals that change
 * nothing: wrong bytes, too large, no alt text, unknown product, no permission.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PICTURE_BYTES, MAX_PICTURES_PER_PRODUCT } from '../../../domain/pictures.ts';
import { signedInStaff } from '../../testing/staff.ts';
import { catalogueRepository } from '../catalogue/catalogue.repository.ts';
import { catalogueService } from '../catalogue/catalogue.service.ts';
import { catalogueHeadTags } from '../catalogue/page-hints.ts';
import { pgSearch } from '../search/pg-search.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

const BOUNDARY = '----everbloom-test-boundary';

/** A multipart/form-data body of these parts. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** A picture of `width` × `height` in one colour. */
const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 60 } } })
    .toFormat(format)
    .toBuffer();

describe.each(ENGINES)('product pictures on %s', (engine) => {
  let t: TestApp;
  let mediaDir: string;
  let manager: Shopper;
  let familyId: number;
  let familySlug: string;
  let variationId: number;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'everbloom-pictures-'));
    t = await createTestApp(engine, { mediaDir });
    manager = (await signedInStaff(t.app, t.handle.db, 'manager')).browser;
    const olive = await t.handle.db
      .selectFrom('products')
      .select(['id', 'slug'])
      .where('sku', '=', 'OLV-120-GRY')
      .executeTakeFirstOrThrow();
    variationId = olive.id;
    const family = await t.handle.db
      .selectFrom('products as v')
      .innerJoin('products as f', 'f.id', 'v.parent_id')
      .select(['f.id', 'f.slug'])
      .where('v.id', '=', variationId)
      .executeTakeFirstOrThrow();
    familyId = family.id;
    familySlug = family.slug;
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  const base = () => `/api/v1/admin/products/${familyId}/pictures`;

  const upload = (parts: Part[], as: Shopper = manager, url = base()) => {
    const body = multipart(parts);
    return as.request({ method: 'POST', url, payload: body.payload, headers: body.headers });
  };

  const rows = () =>
    t.handle.db
      .selectFrom('product_pictures')
      .selectAll()
      .where('product_id', '=', familyId)
      .where('removed_at', 'is', null)
      .orderBy('position')
      .execute();

  const audit = () =>
    t.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'product')
      .where('entity_id', '=', String(familyId))
      .where('action', 'like', 'product.picture.%')
      .orderBy('id')
      .execute();

  const shopFamily = async () =>
    (await new Shopper(t.app).get(`/api/v1/products/${familySlug}`)).body.data.product;

  it('shows the demo drawing while a family has no pictures', async () => {
    const family = await shopFamily();
    expect(family.preview_image.src).toMatch(/\.svg$/);
    expect(family.preview_image.sources).toEqual([]);
    expect((await manager.get(base())).body.data).toEqual({
      product: { id: familyId, name: family.name, slug: familySlug },
      pictures: [],
    });
  });

  it('stores an upload as WebP and AVIF at the shop’s widths, by hash, and the shop shows it', async () => {
    const png = await picture(1000, 800);
    const reply = await upload([
      { name: 'alt', data: 'An olive tree in a grey pot' },
      { name: 'file', data: png, filename: 'olive.png', type: 'image/png' },
    ]);
    expect(reply.status).toBe(201);
    const added = reply.body.data.picture;
    expect(added).toMatchObject({
      position: 0,
      alt: 'An olive tree in a grey pot',
      width: 1000,
      height: 800,
      source_type: 'png',
      bytes: png.length,
      widths: [320, 640, 960],
      hash: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const hash: string = added.hash;
    expect(added.src).toBe(`/media/pictures/${hash}-640.webp`);
    expect(added.sources.map((s: { type: string }) => s.type)).toEqual([
      'image/avif',
      'image/webp',
    ]);

    // Never enlarged: no 1280 file for a picture 1,000 pixels wide.
    expect((await readdir(join(mediaDir, 'pictures'))).sort()).toEqual(
      [320, 640, 960].flatMap((w) => [`${hash}-${w}.avif`, `${hash}-${w}.webp`]).sort(),
    );
    const served = await t.app.inject({ url: `/media/pictures/${hash}-320.avif` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('heif');
    const webp = await t.app.inject({ url: `/media/pictures/${hash}-640.webp` });
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
      height: 512,
    });

    // The shop: the family and each of its variations show the first picture.
    const family = await shopFamily();
    expect(family.preview_image).toEqual({
      src: `/media/pictures/${hash}-640.webp`,
      srcset: [320, 640, 960].map((w) => `/media/pictures/${hash}-${w}.webp ${w}w`).join(', '),
      alt: 'An olive tree in a grey pot',
      sources: [
        {
          type: 'image/avif',
          srcset: [320, 640, 960].map((w) => `/media/pictures/${hash}-${w}.avif ${w}w`).join(', '),
        },
        {
          type: 'image/webp',
          srcset: [320, 640, 960].map((w) => `/media/pictures/${hash}-${w}.webp ${w}w`).join(', '),
        },
      ],
    });
    const variation = family.variations.find((v: { id: number }) => v.id === variationId);
    expect(variation.preview_image.src).toBe(`/media/pictures/${hash}-640.webp`);

    // The product page's preload names the AVIF files with their type (what its <picture> picks).
    const catalogue = catalogueService({
      repository: catalogueRepository(t.handle.db),
      cacheMs: 0,
    });
    const tags = await catalogueHeadTags(
      { catalogue, search: pgSearch(t.handle.db) },
      `/products/${familySlug}`,
    );
    expect(tags).toContain('type="image/avif"');
    expect(tags).toContain(`imagesrcset="/media/pictures/${hash}-320.avif 320w`);
    expect(tags).not.toContain('.webp');

    const [record] = await audit();
    expect(record).toMatchObject({
      action: 'product.picture.add',
      before: null,
      after: expect.objectContaining({ id: added.id, hash, alt: 'An olive tree in a grey pot' }),
    });
  });

  it('keeps a small picture at its own width, and JPEG and WebP uploads too', async () => {
    const small = await upload([
      { name: 'file', data: await picture(200, 200, 'jpeg'), filename: 'small.jpg' },
      { name: 'alt', data: 'A small leaf' },
    ]);
    expect(small.status).toBe(201);
    expect(small.body.data.picture).toMatchObject({
      widths: [200],
      source_type: 'jpeg',
      position: 1,
    });
    const webp = await upload([
      { name: 'alt', data: 'A pot seen from above' },
      { name: 'file', data: await picture(700, 400, 'webp'), filename: 'pot.webp' },
    ]);
    expect(webp.status).toBe(201);
    expect(webp.body.data.picture).toMatchObject({
      widths: [320, 640],
      source_type: 'webp',
      position: 2,
    });
  });

  it('changes alt text, keeping markup as text, with an audit record', async () => {
    const [first] = await rows();
    const markup = '<img src=x onerror=alert(1)> & "olive"';
    const reply = await manager.patch(`${base()}/${first!.id}`, { alt: `  ${markup} ` });
    expect(reply.status).toBe(200);
    expect(reply.body.data.picture.alt).toBe(markup);
    expect((await rows())[0]!.alt).toBe(markup);
    expect((await shopFamily()).preview_image.alt).toBe(markup);
    expect((await audit()).at(-1)).toMatchObject({
      action: 'product.picture.alt',
      before: { id: first!.id, alt: 'An olive tree in a grey pot' },
      after: { id: first!.id, alt: markup },
    });

    const empty = await manager.patch(`${base()}/${first!.id}`, { alt: '   ' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['alt']);
    const long = await manager.patch(`${base()}/${first!.id}`, { alt: 'x'.repeat(251) });
    expect(long.status).toBe(422);
    const other = await manager.patch(`/api/v1/admin/products/${familyId}/pictures/999999`, {
      alt: 'Nope',
    });
    expect(other.status).toBe(404);
  });

  it('reorders: the new first picture becomes the product’s picture', async () => {
    const before = await rows();
    const ids = [before[2]!.id, before[0]!.id, before[1]!.id];
    const reply = await manager.put(`${base()}/order`, { ids });
    expect(reply.status).toBe(200);
    expect(reply.body.data.pictures.map((p: { id: number }) => p.id)).toEqual(ids);
    expect(reply.body.data.pictures.map((p: { position: number }) => p.position)).toEqual([
      0, 1, 2,
    ]);
    expect((await shopFamily()).preview_image.alt).toBe('A pot seen from above');
    expect((await audit()).at(-1)).toMatchObject({
      action: 'product.picture.order',
      before: { ids: before.map((r) => r.id) },
      after: { ids },
    });

    for (const wrong of [[ids[0], ids[1]], [...ids, ids[0]], [ids[0], ids[1], 999999], 'x']) {
      const refused = await manager.put(`${base()}/order`, { ids: wrong });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(['ids']);
    }
    expect((await rows()).map((r) => r.id)).toEqual(ids);
  });

  it('removes a picture, renumbers the rest, puts it back, and falls back to the drawing when none is left', async () => {
    const before = await rows();
    const ids = before.map((r) => r.id);
    const reply = await manager.delete(`${base()}/${ids[0]}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.pictures.map((p: { id: number }) => p.id)).toEqual(ids.slice(1));
    expect((await rows()).map((r) => r.position)).toEqual([0, 1]);
    expect((await audit()).at(-1)).toMatchObject({
      action: 'product.picture.remove',
      before: expect.objectContaining({ id: ids[0], hash: before[0]!.hash, position: 0 }),
      after: null,
    });
    expect((await shopFamily()).preview_image.alt).toBe(before[1]!.alt);
    expect((await manager.delete(`${base()}/${ids[0]}`)).status).toBe(404);

    // A mistake put right: back in its place, and the shop's picture again.
    const restored = await manager.post(`${base()}/${ids[0]}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.data.pictures.map((p: { id: number }) => p.id)).toEqual(ids);
    expect((await rows()).map((r) => [r.id, r.position])).toEqual(ids.map((id, i) => [id, i]));
    expect((await shopFamily()).preview_image.alt).toBe(before[0]!.alt);
    expect((await audit()).at(-1)).toMatchObject({
      action: 'product.picture.restore',
      after: expect.objectContaining({ id: ids[0], position: 0 }),
    });
    // Only a removed picture of this family can be put back.
    expect((await manager.post(`${base()}/${ids[0]}/restore`)).status).toBe(404);
    expect((await manager.post(`${base()}/999999/restore`)).status).toBe(404);

    for (const id of ids) {
      expect((await manager.delete(`${base()}/${id}`)).status).toBe(200);
    }
    const family = await shopFamily();
    expect(family.preview_image.src).toMatch(/\.svg$/);
  });

  describe('refuses, changing nothing', () => {
    const nothingChanged = async (act: () => Promise<{ status: number }>, status: number) => {
      const rowsBefore = await rows();
      const auditBefore = await audit();
      const files = await readdir(join(mediaDir, 'pictures')).catch(() => []);
      const reply = await act();
      expect(reply.status).toBe(status);
      expect(await rows()).toEqual(rowsBefore);
      expect(await audit()).toEqual(auditBefore);
      expect(await readdir(join(mediaDir, 'pictures')).catch(() => [])).toEqual(files);
      return reply as Awaited<ReturnType<typeof upload>>;
    };

    it('a file that is not what its name says', async () => {
      const text = await nothingChanged(
        () =>
          upload([
            { name: 'alt', data: 'A photo' },
            {
              name: 'file',
              data: 'just some text, not a photo',
              filename: 'photo.jpg',
              type: 'image/jpeg',
            },
          ]),
        422,
      );
      expect(text.body.errors.file[0]).toMatch(/not a JPEG, PNG or WebP/);
      const gif = await sharp({
        create: { width: 10, height: 10, channels: 3, background: '#fff' },
      })
        .gif()
        .toBuffer();
      await nothingChanged(
        () =>
          upload([
            { name: 'alt', data: 'A gif' },
            { name: 'file', data: gif, filename: 'a.png' },
          ]),
        422,
      );
      // A PNG cut short: its signature is right, its picture is not whole.
      const png = await picture(400, 400);
      const cut = await nothingChanged(
        () =>
          upload([
            { name: 'alt', data: 'Half a picture' },
            { name: 'file', data: png.subarray(0, 60), filename: 'cut.png' },
          ]),
        422,
      );
      expect(cut.body.errors.file[0]).toMatch(/could not be read/);
    });

    it('an upload over the size limit, by its declared length or as it streams', async () => {
      const declared = await nothingChanged(
        () =>
          manager.request({
            method: 'POST',
            url: base(),
            headers: {
              'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
              'content-length': String(50 * 1024 * 1024),
            },
            payload: Buffer.alloc(1024),
          }),
        413,
      );
      expect(declared.body.error_type).toBe('payload_too_large');
      const big = multipart([
        { name: 'alt', data: 'Too big' },
        { name: 'file', data: Buffer.alloc(MAX_PICTURE_BYTES + 1, 0xff), filename: 'big.jpg' },
      ]);
      const streamed = await nothingChanged(
        () =>
          manager.request({
            method: 'POST',
            url: base(),
            headers: big.headers,
            payload: Readable.from([
              big.payload.subarray(0, 1 << 20),
              big.payload.subarray(1 << 20),
            ]),
          }),
        413,
      );
      expect(streamed.body.error_type).toBe('payload_too_large');
    });

    it('no alt text, or alt text that is not plain text', async () => {
      const png = await picture(100, 100);
      const missing = await nothingChanged(
        () => upload([{ name: 'file', data: png, filename: 'a.png' }]),
        422,
      );
      expect(Object.keys(missing.body.errors)).toEqual(['alt']);
      const blank = await nothingChanged(
        () =>
          upload([
            { name: 'alt', data: ' ' },
            { name: 'file', data: png, filename: 'a.png' },
          ]),
        422,
      );
      expect(Object.keys(blank.body.errors)).toEqual(['alt']);
      await nothingChanged(
        () =>
          upload([
            { name: 'alt', data: 'a\u0000b' },
            { name: 'file', data: png, filename: 'a.png' },
          ]),
        422,
      );
      const noFile = await nothingChanged(() => upload([{ name: 'alt', data: 'Alt' }]), 422);
      expect(Object.keys(noFile.body.errors)).toEqual(['file']);
    });

    it('a body that is not multipart, or multipart that is broken', async () => {
      await nothingChanged(() => manager.post(base(), { alt: 'x', file: 'x' }), 415);
      const broken = await nothingChanged(
        () =>
          manager.request({
            method: 'POST',
            url: base(),
            headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
            payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
          }),
        400,
      );
      expect(broken.body.error_type).toBe('bad_request');
    });

    it('a picture beyond the most a family holds, before converting it', async () => {
      const rowsOf = (productId: number) =>
        Array.from({ length: MAX_PICTURES_PER_PRODUCT }, (_, position) => ({
          product_id: productId,
          position,
          alt: `Picture ${position}`,
          hash: 'a'.repeat(32),
          width: 320,
          height: 320,
          source_type: 'png',
          bytes: 100,
          widths: [320],
        }));
      const zz = await t.handle.db
        .selectFrom('products as v')
        .innerJoin('products as f', 'f.id', 'v.parent_id')
        .select('f.id')
        .where('v.sku', '=', 'ZZ-60')
        .executeTakeFirstOrThrow();
      await t.handle.db.insertInto('product_pictures').values(rowsOf(zz.id)).execute();
      const files = await readdir(join(mediaDir, 'pictures')).catch(() => []);
      const full = await upload(
        [
          { name: 'alt', data: 'One too many' },
          { name: 'file', data: await picture(500, 500), filename: 'more.png' },
        ],
        manager,
        `/api/v1/admin/products/${zz.id}/pictures`,
      );
      expect(full.status).toBe(422);
      expect(full.body.errors.file[0]).toMatch(/already has 20 pictures/);
      expect(await readdir(join(mediaDir, 'pictures')).catch(() => [])).toEqual(files);
      await t.handle.db.deleteFrom('product_pictures').where('product_id', '=', zz.id).execute();
    });

    it('an unknown product, or a variation rather than its family', async () => {
      const png = await picture(100, 100);
      const parts = [
        { name: 'alt', data: 'Alt' },
        { name: 'file', data: png, filename: 'a.png' },
      ];
      for (const id of [999999, variationId]) {
        await nothingChanged(
          () => upload(parts, manager, `/api/v1/admin/products/${id}/pictures`),
          404,
        );
        expect((await manager.get(`/api/v1/admin/products/${id}/pictures`)).status).toBe(404);
        expect(
          (await manager.put(`/api/v1/admin/products/${id}/pictures/order`, { ids: [] })).status,
        ).toBe(404);
      }
      expect((await manager.get('/api/v1/admin/products/abc/pictures')).status).toBe(404);
    });

    it('without products.manage (403), or signed out (401)', async () => {
      const png = await picture(100, 100);
      const parts = [
        { name: 'alt', data: 'Alt' },
        { name: 'file', data: png, filename: 'a.png' },
      ];
      for (const role of ['dispatcher', 'support'] as const) {
        const staff = (await signedInStaff(t.app, t.handle.db, role)).browser;
        await nothingChanged(() => upload(parts, staff), 403);
        expect((await staff.get(base())).status).toBe(403);
        expect((await staff.put(`${base()}/order`, { ids: [] })).status).toBe(403);
      }
      const nobody = new Shopper(t.app);
      await nothingChanged(() => upload(parts, nobody), 401);
      expect((await nobody.get(base())).status).toBe(401);
      expect((await nobody.patch(`${base()}/1`, { alt: 'x' })).status).toBe(401);
      expect((await nobody.delete(`${base()}/1`)).status).toBe(401);
    });
  });
});
