/**
 * Serves the built web app: static assets, and index.html for any other GET that
 * is not an API call, so client-side routes load directly. When a PayPal client id
 * is configured, index.html carries it in `<meta name="paypal-client-id">`, where
 * the payment step's PayPal button reads it (spec section 7: "client id read from
 * a page meta tag"). A page may also get hints of its own in the head (`pageHead`:
 * the home page's preload of its first picture, ADR 032), every page the
 * preloads of the code it imports first (`page-modules.ts`, ADR 033), and the login
 * pages the preload of the captcha widget's script. While payments run in test mode,
 * every page carries `<meta name="test-shop">`, and shows the test shop notice (ADR 041).
 * A page's own `<title>` and description replace index.html's (ADR 059).
 *
 * With the server renderer built (dist/server/entry-server.js beside dist/web, ADR 057),
 * the catalogue pages — home, category, search, product — come with the page rendered
 * inside `<div id="root">` and its data in a JSON script, and the browser hydrates them;
 * an unknown product or category answers 404. Any failure to render is logged and the
 * page served as the client-rendered shell, as every other page is.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { TEST_SHOP_META, type PaymentMode } from '../../domain/api/payments-config.ts';
import { legacyCategoryHref, productSlugOf } from '../../web/features/search/list-params.ts';
import { escapeHtml } from '../lib/html.ts';
import { encodedText } from './encoded-json.ts';
import { modulePreloadTags, type Manifest } from './page-modules.ts';

export interface WebAppOptions {
  /** PayPal's public client id (never a secret), or null/absent for none. */
  paypalClientId?: string | null;
  /**
   * The payment step preloads this mode's card client (page-modules.ts); 'test' marks
   * every page as the test shop's.
   */
  paymentMode?: PaymentMode;
  /**
   * The captcha widget's script (Turnstile's), preloaded by the login pages, whose
   * forms show the widget at once; null/absent for none (the offline test mode).
   */
  captchaScript?: string | null;
  /**
   * Markup for the head of the page at a URL (path and query), '' for none. It must
   * be safe HTML: it is written as it is.
   */
  pageHead?: (url: string) => Promise<string>;
  /**
   * Runs one page's head tags and server render together, so reads they share are
   * made once (search/page-reads.ts); absent, each runs on its own.
   */
  withinPage?: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * The current slug of a product page's family when `slug` is one it had before it was
   * renamed (ADR 062), else null: the old address answers 301 to the new one.
   */
  productMoved?: (slug: string) => Promise<string | null>;
}

/**
 * index.html with the page meta tags the browser code reads and the page's own head
 * tags (`pageTags`), before `</head>`.
 */
export function withPageMeta(html: string, options: WebAppOptions, pageTags = ''): string {
  const tags = [
    options.paypalClientId
      ? `<meta name="paypal-client-id" content="${escapeHtml(options.paypalClientId)}" />`
      : '',
    options.paymentMode === 'test' ? `<meta name="${TEST_SHOP_META}" content="true" />` : '',
    pageTags,
  ]
    .filter(Boolean)
    .join('\n  ');
  if (!tags) return html;
  const page = withoutReplacedTags(html, pageTags);
  const end = page.indexOf('</head>');
  return end === -1 ? `${tags}${page}` : `${page.slice(0, end)}${tags}\n  ${page.slice(end)}`;
}

/**
 * `html` without the tags a page's own head tags replace: its `<title>` and its
 * `<meta name="description">` when the page gives its own (a page has one of each).
 */
function withoutReplacedTags(html: string, pageTags: string): string {
  let out = html;
  if (pageTags.includes('<title>')) out = out.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  if (/<meta name="description"/.test(pageTags)) {
    out = out.replace(/<meta\s+name="description"[^>]*>\s*/, '');
  }
  return out;
}

/**
 * The pages whose forms show the captcha widget as they open: /login (log in, register,
 * forgotten password). The reset-password page has none.
 */
const CAPTCHA_PAGES = /^\/login\/?$/;

/**
 * The preload of the captcha widget's script on the pages that show it at once, so it
 * downloads with the page's own code instead of after the form has rendered.
 */
export function captchaPreloadTag(path: string, script: string | null | undefined): string {
  if (!script || !CAPTCHA_PAGES.test(path)) return '';
  return `<link rel="preload" as="script" href="${escapeHtml(script)}" />`;
}

/** The server renderer's bundle (src/web/entry-server.tsx), as web-app.ts uses it. */
interface ServerRenderer {
  renderPage(
    url: string,
    setup: {
      call: (url: string) => Promise<{ status: number; body: string }>;
      testShop: boolean;
    },
  ): Promise<{ status: 200 | 404; html: string; stateScript: string } | null>;
}

/** The server renderer built beside the web app (dist/server/), or null without one. */
async function loadServerRenderer(distDir: string): Promise<ServerRenderer | null> {
  const entry = join(dirname(distDir), 'server', 'entry-server.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as ServerRenderer;
}

/**
 * index.html with the rendered app in place of the loading overlay inside
 * `<div id="root">`, and the page-state script after it.
 */
export function withRenderedApp(html: string, app: string, stateScript: string): string {
  const emptyRoot = '<div id="root"></div>';
  if (html.includes(emptyRoot)) {
    return html.replace(emptyRoot, () => `<div id="root">${app}</div>\n    ${stateScript}`);
  }
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<noscript>', start);
  if (start === -1 || end === -1) throw new Error('index.html has no root to render into');
  return `${html.slice(0, start)}<div id="root">${app}</div>\n    ${stateScript}\n    ${html.slice(end)}`;
}

/**
 * Vite's manifest of the build, or null without one (a build without it still works:
 * the pages then load their code one import after another).
 */
async function readManifest(distDir: string): Promise<Manifest | null> {
  let text: string;
  try {
    text = await readFile(join(distDir, '.vite/manifest.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return JSON.parse(text) as Manifest;
}

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | null,
  options: WebAppOptions = {},
): Promise<void> {
  const hasBuild = distDir !== null && existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts).
      preCompressed: true,
      // Vite fingerprints everything under assets/, so it can be cached for good.
      setHeaders: (reply, path) => {
        if (path.startsWith(join(distDir, 'assets'))) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  let renderer: ServerRenderer | null = null;
  if (hasBuild) {
    try {
      renderer = await loadServerRenderer(distDir);
    } catch (error) {
      app.log.error(
        { err: error },
        'could not load the server renderer: pages are rendered in the browser',
      );
    }
  }
  /** The server renderer's way to the API: its own handlers, as an anonymous shopper. */
  const render = {
    call: async (url: string) => {
      const reply = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'application/json' },
      });
      return { status: reply.statusCode, body: reply.body };
    },
    testShop: options.paymentMode === 'test',
  };
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      hasBuild &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/media/') &&
      !/\.[a-z0-9]+$/i.test(path);
    const productSlug =
      request.method === 'GET' || request.method === 'HEAD' ? productSlugOf(path) : null;
    if (productSlug !== null && options.productMoved) {
      // A renamed product's old address: 301 to its page now, keeping the query.
      const moved = await options.productMoved(productSlug);
      if (moved) {
        const query = request.url.indexOf('?');
        const search = query === -1 ? '' : request.url.slice(query);
        return reply.redirect(`/products/${encodeURIComponent(moved)}${search}`, 301);
      }
    }
    if (wantsPage && (path === '/admin' || path.startsWith('/admin/'))) {
      // The back office: its own page and bundle (ADR 047), never indexed.
      const html = await readFile(join(distDir, 'admin', 'admin.html'), 'utf8').catch(() => null);
      if (html !== null) {
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex, nofollow');
        return reply.type('text/html; charset=utf-8').send(html);
      }
    }
    if (wantsPage) {
      // An old catalogue address (`/?category=trees`) has moved to the category's page.
      const query = request.url.indexOf('?');
      const moved =
        query === -1
          ? null
          : legacyCategoryHref(path, new URLSearchParams(request.url.slice(query)));
      if (moved) return reply.redirect(moved, 301);
      reply.header('cache-control', 'no-cache');
      const within = options.withinPage ?? ((work) => work());
      const { pageTags, html, rendered } = await within(async () => {
        let pageTags = '';
        try {
          pageTags = (await options.pageHead?.(request.url)) ?? '';
        } catch (error) {
          // A hint only makes the page faster: without it the page still works.
          request.log.warn({ err: error }, 'could not build the page head hints');
        }
        // Read on each page load (a small file): a rebuild while running is picked up.
        let html = await readFile(join(distDir, 'index.html'), 'utf8');
        let rendered = false;
        try {
          const page = await renderer?.renderPage(request.url, render);
          if (page) {
            html = withRenderedApp(html, page.html, page.stateScript);
            rendered = true;
            reply.status(page.status);
          }
        } catch (error) {
          // The browser renders the page itself, as it does every other page.
          request.log.error({ err: error }, 'could not render the page on the server');
        }
        return { pageTags, html, rendered };
      });
      let preloads = '';
      try {
        const manifest = await readManifest(distDir);
        if (manifest) {
          preloads = modulePreloadTags(manifest, path, options.paymentMode, { rendered });
        }
      } catch (error) {
        request.log.warn({ err: error }, 'could not read the build manifest for preloads');
      }
      const tags = [preloads, captchaPreloadTag(path, options.captchaScript), pageTags]
        .filter(Boolean)
        .join('\n  ');
      const body = withPageMeta(html, options, tags);
      reply.type('text/html; charset=utf-8');
      if (!rendered) return reply.send(body);
      // A rendered page is tens of kilobytes of markup and JSON: compressed, as
      // @fastify/compress does for routes (it does not reach this not-found handler).
      const encoded = await encodedText(body, request.headers['accept-encoding']);
      if (encoded.encoding) reply.header('content-encoding', encoded.encoding);
      return reply.header('vary', 'accept-encoding').send(encoded.body);
    }
    const error = new AppError('not_found');
    return reply.status(error.status).send(error.toBody());
  });
}
