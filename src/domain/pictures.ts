/**
 * Product pictures (ADR 063): what staff may upload, the widths each picture is kept at
 * and where its files live under the media folder. Shared by the server that stores
 * them, the shop that lists their files in a srcset and the back office's form.
 */

/** Largest upload accepted, in bytes (a phone photo is 2–8 MB). */
export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;

/** Largest upload request: the file and room for the multipart boundaries and alt text. */
export const MAX_PICTURE_UPLOAD_BYTES = MAX_PICTURE_BYTES + 64 * 1024;

/** Largest picture accepted, in pixels (width × height): a 40-megapixel camera. */
export const MAX_PICTURE_PIXELS = 40_000_000;

/** Longest alt text accepted, in characters. */
export const MAX_PICTURE_ALT = 250;

/** Most pictures one product family holds. */
export const MAX_PICTURES_PER_PRODUCT = 20;

/** What staff may upload, as the file's bytes say (never its name or declared type). */
export const PICTURE_UPLOAD_TYPES = ['jpeg', 'png', 'webp'] as const;
export type PictureUploadType = (typeof PICTURE_UPLOAD_TYPES)[number];

/**
 * The widths each picture is kept at, in pixels. The shop's slots (CARD_IMAGE_SIZES,
 * PRODUCT_IMAGE_SIZES) are at most 280 CSS pixels (cards, wide screens), 560 (the product
 * page, wide screens) and the whole screen on phones (up to about 430): so 320 and 640
 * cover cards at 1× and 2×, 960 and 1280 the product page and phones at 2× and 3×.
 */
export const PICTURE_WIDTHS = [320, 640, 960, 1280] as const;

/** The width the `src` fallback (and shared links, JSON-LD) use. */
export const PICTURE_DEFAULT_WIDTH = 640;

/** The formats each width is stored in, best first (the order of a `<picture>`'s sources). */
export const PICTURE_FORMATS = [
  { extension: 'avif', type: 'image/avif' },
  { extension: 'webp', type: 'image/webp' },
] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number]['extension'];

/**
 * The widths a picture `width` pixels wide is stored at: every standard width up to its
 * own (never enlarged), or its own width alone when it is narrower than the smallest.
 */
export function pictureWidths(width: number): number[] {
  const widths = PICTURE_WIDTHS.filter((w) => w <= width);
  return widths.length > 0 ? widths : [Math.max(1, Math.floor(width))];
}

/** A stored file's path under the media folder: `pictures/{hash}-{width}.{format}`. */
export function picturePath(hash: string, width: number, format: PictureFormat): string {
  return `pictures/${hash}-${width}.${format}`;
}

/** A srcset listing one format's files, each with its width. */
export function pictureSrcset(hash: string, widths: readonly number[], format: PictureFormat) {
  return widths.map((w) => `/media/${picturePath(hash, w, format)} ${w}w`).join(', ');
}

/** The width of the file a picture's `src` names: the default, or the nearest below it. */
export function pictureSrcWidth(widths: readonly number[]): number {
  const fitting = widths.filter((w) => w <= PICTURE_DEFAULT_WIDTH);
  return fitting.at(-1) ?? widths[0] ?? PICTURE_DEFAULT_WIDTH;
}
