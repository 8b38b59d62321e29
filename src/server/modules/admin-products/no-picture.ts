/**
 * The picture a product shows until staff upload one (ADR 062, ADR 063): a plain drawing
 * of an empty pot, in the media folder at NO_PICTURE_PATH like any other picture, so
 * the shop's pages need no special case. Written on start when missing (every shop,
 * production included: staff add products there).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { NO_PICTURE_PATH } from './admin-products.service.ts';

export const NO_PICTURE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
<rect width="400" height="400" fill="#f3f1ec"/>
<path d="M140 230h120l-14 100h-92z" fill="none" stroke="#9a968c" stroke-width="8" stroke-linejoin="round"/>
<path d="M130 214h140v20H130z" fill="none" stroke="#9a968c" stroke-width="8" stroke-linejoin="round"/>
<path d="M200 210c0-40 10-70 40-92M200 210c0-30-14-52-40-66" fill="none" stroke="#b8b4aa" stroke-width="6" stroke-linecap="round" stroke-dasharray="4 14"/>
</svg>
`;

/** Writes the no-picture drawing into the media folder unless it is there. */
export async function writeNoPicture(mediaDir: string): Promise<void> {
  const path = join(mediaDir, NO_PICTURE_PATH);
  await mkdir(dirname(path), { recursive: true });
  try {
    await writeFile(path, NO_PICTURE_SVG, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
