/**
 * Serves the built web app: static assets, and index.html for any other GET that
 * is not an API call, so client-side routes load directly.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors.ts';

export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  const hasBuild = distDir !== null && existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Vite fingerprints everything under assets/, so it can be cached for good.
      setHeaders: (reply, path) => {
        if (path.startsWith(join(distDir, 'assets'))) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      hasBuild &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/media/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const error = new AppError('not_found');
    return reply.status(error.status).send(error.toBody());
  });
}
