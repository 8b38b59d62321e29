/**
 * The layer rules as the project's lint configuration applies them (eslint.config.js):
 * what a change that crosses a boundary is told, and that code on the right side of one
 * passes. Each case lints a few lines as if they were a file at the given path.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  // Loading the configuration and its plugins takes seconds on a busy machine: do it
  // here, under the hook's longer limit, rather than inside the first test.
  await eslint.lintText('', { filePath: 'src/web/warm-up.ts' });
});

/** The layer rules a file at `path` holding `code` breaks, with their messages. */
async function layerProblems(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('layers/'))
    .map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('web features', () => {
  it('refuses a feature importing another feature, statically or lazily', async () => {
    const problems = await layerProblems(
      'src/web/features/shop/example.tsx',
      `import { WishlistPage } from '../wishlist/wishlist-page.tsx';
export const page = WishlistPage;
export const later = () => import('../login/login-page.tsx');
`,
    );
    expect(problems).toEqual([
      {
        rule: 'layers/web-features',
        message: expect.stringContaining('Feature "shop" must not import feature "wishlist"'),
      },
      {
        rule: 'layers/web-features',
        message: expect.stringContaining('Feature "shop" must not import feature "login"'),
      },
    ]);
  });

  it('lets a feature use its own files, shared pieces, the API and the domain', async () => {
    const problems = await layerProblems(
      'src/web/features/shop/example.tsx',
      `import { ProductCard } from './product-card.tsx';
import { DiscountForm } from '../../shared/discount-form.tsx';
import { useBasket } from '../../api/basket.ts';
import { pence } from '../../../domain/money.ts';
export { ProductCard, DiscountForm, useBasket, pence };
`,
    );
    expect(problems).toEqual([]);
  });

  it('refuses shared code importing a feature or the app', async () => {
    const problems = await layerProblems(
      'src/web/shared/example.ts',
      `export { ProductCard } from '../features/shop/product-card.tsx';
export { AppRoutes } from '../app/routes.tsx';
`,
    );
    expect(problems.map((p) => p.rule)).toEqual(['layers/web-features', 'layers/web-features']);
  });

  it("lets a feature's tests borrow another feature's fixtures", async () => {
    const problems = await layerProblems(
      'src/web/features/checkout/example.test.tsx',
      `import { makeBasket } from '../basket/testing/fixtures.ts';
export const basket = makeBasket;
`,
    );
    expect(problems).toEqual([]);
  });
});

describe('the back office', () => {
  it('keeps the shop from importing it, so its code loads only on /admin pages', async () => {
    const problems = await layerProblems(
      'src/web/app/example.tsx',
      `export { AdminApp } from '../admin/admin-app.tsx';
export const later = () => import('../admin/main.tsx');
`,
    );
    expect(problems).toEqual([
      { rule: 'layers/web-features', message: expect.stringContaining('back office') },
      { rule: 'layers/web-features', message: expect.stringContaining('back office') },
    ]);
  });

  it('lets the back office use the shop’s design system and the domain', async () => {
    const problems = await layerProblems(
      'src/web/admin/orders/example.tsx',
      `import { Button } from '../../ui/button.tsx';
import { can } from '../../../domain/staff.ts';
import { usePageTitle } from '../lib/page-title.ts';
export { Button, can, usePageTitle };
`,
    );
    expect(problems).toEqual([]);
  });
});

describe('server routes and services', () => {
  it('refuses a route reaching past its service', async () => {
    const problems = await layerProblems(
      'src/server/modules/basket/example.routes.ts',
      `import type { Db } from '../../db/client.ts';
import { basketRepository } from './basket.repository.ts';
import { outboxReader } from '../../adapters/email/outbox.ts';
import { wishlistRoutes } from '../wishlist/wishlist.routes.ts';
export function exampleRoutes(db: Db) {
  return [basketRepository, outboxReader, wishlistRoutes, db];
}
`,
    );
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringContaining('must not import the database'),
      expect.stringContaining('must not import a repository'),
      expect.stringContaining('must not import an adapter'),
      expect.stringContaining('must not import another route file'),
    ]);
  });

  it('refuses a route file exporting anything but its registration', async () => {
    const problems = await layerProblems(
      'src/server/modules/basket/example.routes.ts',
      `import type { BasketService } from './basket.service.ts';
export const COOKIE = 'x';
export function helper() { return 1; }
export function exampleRoutes(service: BasketService) { return service; }
`,
    );
    expect(problems).toEqual([
      { rule: 'layers/route-exports', message: expect.stringContaining('"COOKIE"') },
      { rule: 'layers/route-exports', message: expect.stringContaining('"helper"') },
    ]);
  });

  it('refuses a service importing fastify or the HTTP layer', async () => {
    const problems = await layerProblems(
      'src/server/modules/basket/example.service.ts',
      `import type { FastifyRequest } from 'fastify';
import { parseInput } from '../../http/parse.ts';
export type Request = FastifyRequest;
export const parse = parseInput;
`,
    );
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringContaining("must not import 'fastify'"),
      expect.stringContaining('must not import the HTTP layer'),
    ]);
  });

  it('lets a service use repositories, adapters and the domain', async () => {
    const problems = await layerProblems(
      'src/server/modules/basket/example.service.ts',
      `import type { BasketRepository } from './basket.repository.ts';
import type { Mailer } from '../../adapters/email/port.ts';
import { AppError } from '../../../domain/errors.ts';
export type Deps = { baskets: BasketRepository; mailer: Mailer };
export const error = AppError;
`,
    );
    expect(problems).toEqual([]);
  });
});
