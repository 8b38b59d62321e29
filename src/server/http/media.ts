/**
 * Serves the media folder (product pictures) at /media/. A file there never changes once
 * written: a new picture gets a new name (ADR 014), so browsers may keep each one for a year.
 * Unknown files, folders and dotfiles are the API's 404.
 */
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export async function registerMedia(app: FastifyInstance, mediaDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: resolve(mediaDir),
    prefix: '/media/',
    // The web app's static plugin decorates the reply; only one may.
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'ignore',
    // Only files: a folder would otherwise be 403 Forbidden.
    allowedPath: (path) => !path.endsWith('/'),
    maxAge: ONE_YEAR_MS,
    immutable: true,
  });
}
