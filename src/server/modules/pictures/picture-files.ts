/**
 * A picture's files (ADR 063): what the uploaded bytes are (read from the bytes, never
 * the name or the declared type), and the WebP and AVIF files at each width the shop's
 * pages use, made with sharp and written to the media folder under the hash of the
 * uploaded bytes. A file there never changes once written (ADR 014): the same bytes make
 * the same names, and an existing file is left as it is.
 */
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { validationError } from '../../../domain/errors.ts';
import {
  MAX_PICTURE_PIXELS,
  PICTURE_FORMATS,
  picturePath,
  pictureWidths,
  type PictureUploadType,
} from '../../../domain/pictures.ts';

/** What an upload's bytes are, once checked. */
export interface PictureFacts {
  hash: string;
  type: PictureUploadType;
  width: number;
  height: number;
  bytes: number;
  widths: number[];
}

const NOT_A_PICTURE =
  'This file is not a JPEG, PNG or WebP picture (whatever its name says): please choose a photo saved as one of those.';

/** The type the first bytes announce (JPEG, PNG or WebP signatures), or null. */
export function sniffPictureType(bytes: Uint8Array): PictureUploadType | null {
  const at = (i: number) => bytes[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => at(i) === b)) return 'png';
  const ascii = (from: number, to: number) =>
    Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

const input = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS });

/**
 * Checks that `bytes` are a whole JPEG, PNG or WebP picture of a sane size: its facts, or
 * a validation error on `file` saying what is wrong.
 */
export async function examinePicture(bytes: Buffer): Promise<PictureFacts> {
  const type = sniffPictureType(bytes);
  if (!type) throw validationError({ file: [NOT_A_PICTURE] });
  let width: number;
  let height: number;
  try {
    const metadata = await input(bytes).metadata();
    if (metadata.format !== type) throw new Error(`sharp read ${metadata.format}`);
    // As shown: a photo turned by its EXIF orientation has its sides swapped.
    const shown = metadata.autoOrient;
    width = shown.width;
    height = shown.height;
    if (!width || !height) throw new Error('no size');
    if (width * height > MAX_PICTURE_PIXELS) {
      throw validationError({
        file: [
          `This picture is ${width} × ${height} pixels: please upload one of at most ${MAX_PICTURE_PIXELS / 1_000_000} megapixels.`,
        ],
      });
    }
    // Decode it whole once: a truncated or corrupt file fails here, not halfway through.
    await input(bytes).resize({ width: 8 }).raw().toBuffer();
  } catch (error) {
    if (error instanceof Error && 'type' in error && error.type === 'validation') throw error;
    throw validationError({
      file: ['This picture could not be read: the file may be damaged. Please save it again.'],
    });
  }
  return {
    hash: createHash('sha256').update(bytes).digest('hex').slice(0, 32),
    type,
    width,
    height,
    bytes: bytes.length,
    widths: pictureWidths(width),
  };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Writes `data` at `path` whole or not at all (a temporary name, then a rename). */
async function writeAtomically(path: string, data: Buffer): Promise<void> {
  const temporary = `${dirname(path)}/.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes the picture's WebP and AVIF files at each of its widths (upright, without its
 * EXIF or other metadata) into `mediaDir`, skipping files already there. Answers the
 * paths written.
 */
export async function writePictureFiles(
  mediaDir: string,
  bytes: Buffer,
  facts: PictureFacts,
): Promise<string[]> {
  await mkdir(join(mediaDir, 'pictures'), { recursive: true });
  const written: string[] = [];
  for (const width of facts.widths) {
    for (const { extension } of PICTURE_FORMATS) {
      const path = picturePath(facts.hash, width, extension);
      const target = join(mediaDir, path);
      if (await exists(target)) continue;
      const resized = input(bytes).rotate().resize({ width, withoutEnlargement: true });
      const data =
        extension === 'avif'
          ? await resized.avif({ quality: 55, effort: 2 }).toBuffer()
          : await resized.webp({ quality: 80 }).toBuffer();
      await writeAtomically(target, data);
      written.push(path);
    }
  }
  return written;
}
