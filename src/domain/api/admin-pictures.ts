/**
 * The back office's product pictures (ADR 063): a family's pictures in the shop's order,
 * each with its alt text and its files. The server declares its routes with these
 * schemas; the browser imports the inferred types.
 */
import { z } from 'zod/mini';

const int = z.int();

/** One picture of a product family. */
export const pictureSchema = z.object({
  id: int,
  /** 0-based: the first (0) is the product's picture in the shop. */
  position: int,
  /** What the picture shows, read out by screen readers (stored and shown as text). */
  alt: z.string(),
  /** The uploaded picture's size in pixels, upright. */
  width: int,
  height: int,
  /** What the uploaded bytes were: jpeg, png or webp. */
  source_type: z.string(),
  /** Size of the uploaded file. */
  bytes: int,
  /** sha-256 of the uploaded bytes (32 hex digits): its files' names. */
  hash: z.string(),
  /** The widths it is kept at (each as AVIF and WebP). */
  widths: z.array(int),
  /** A WebP file of it (the width the shop's `src` uses). */
  src: z.string(),
  /** The WebP files with their widths. */
  srcset: z.string(),
  /** The `<picture>` sources, best format first (AVIF, then WebP). */
  sources: z.array(z.object({ type: z.string(), srcset: z.string() })),
  /** ISO date-time. */
  created_at: z.string(),
});

export const pictureListSchema = z.object({
  /** The product family the pictures belong to. */
  product: z.object({ id: int, name: z.string(), slug: z.string() }),
  pictures: z.array(pictureSchema),
});

export type PictureView = z.output<typeof pictureSchema>;
export type PictureListView = z.output<typeof pictureListSchema>;
