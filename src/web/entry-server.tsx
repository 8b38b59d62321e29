/**
 * The server renderer (ADR 057): the shop's catalogue pages — home, a category, search
 * results and a product — rendered to HTML on the server with React's streaming
 * renderer, from the same <AppRoutes/> the browser runs, and hydrated there
 * (main.tsx). Built by `vite build -c vite.ssr.config.ts` into dist/server/ and loaded
 * by the server's web app (src/server/http/web-app.ts); every other page stays the
 * client-rendered shell.
 *
 * The data comes from the API's own handlers in the same process (`renderPage`'s `call`),
 * as the anonymous shopper: the page's catalogue queries are fetched first, the page
 * is rendered, and any catalogue query a component asked for that was not fetched yet
 * (a page changed by another part of the shop) is fetched and the page rendered once
 * more. Personal parts (basket count, login link, wishlist hearts) render their
 * logged-out, empty state here and in the browser's first render, and fill in after.
 */
import './lib/zod-jitless.ts';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
// This entry runs only in Node (the server's web app); the browser never loads it.
// eslint-disable-next-line no-restricted-imports
import { AsyncLocalStorage } from 'node:async_hooks';
// eslint-disable-next-line no-restricted-imports
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { categoriesQuery, productQuery, productsQuery } from './api/catalogue.ts';
import { AppRoutes } from './app/routes.tsx';
import { pageStateJson, PAGE_STATE_ID, SERVER_QUERIES } from './app/page-state.ts';
import { NotFoundContext } from './app/page-status.ts';
import { setServerTestShop } from './app/test-shop-notice.tsx';
import {
  listFilterOf,
  listPageOf,
  productSlugOf,
  type ListPage,
} from './features/search/list-params.ts';
import { ApiError, setApiTransport } from './lib/api-client.ts';

/** A GET of the API (path with query, under /api/v1) answered in the same process. */
export type ApiCall = (url: string) => Promise<{ status: number; body: string }>;

export interface RenderSetup {
  /** The API's own handlers (the server's `app.inject`). */
  call: ApiCall;
  /** The shop takes test payments: every page shows the test shop notice (ADR 041). */
  testShop: boolean;
}

/**
 * The API calls of the render in progress: each render brings its own way to the API
 * (one process may hold several shops: the tests do), found through the async context.
 */
const currentCall = new AsyncLocalStorage<ApiCall>();
setApiTransport(async (url, init) => {
  const call = currentCall.getStore();
  if (!call) throw new Error(`${url} asked for outside a server render`);
  if ((init.method ?? 'GET') !== 'GET') throw new Error(`${init.method} ${url} while rendering`);
  const reply = await call(url);
  return new Response(reply.body, {
    status: reply.status,
    headers: { 'content-type': 'application/json' },
  });
});

export interface RenderedPage {
  /** 404 for a product or category the shop does not have (its not-found page). */
  status: 200 | 404;
  /** The app's markup, for inside `<div id="root">`. */
  html: string;
  /** The page-state script (page-state.ts), to write after the root. */
  stateScript: string;
}

type ServerPage = { list: ListPage } | { product: string };

/** The pages rendered on the server; null for every other (client-rendered) page. */
export function serverPageOf(pathname: string, params: URLSearchParams): ServerPage | null {
  const list = listPageOf(pathname, params);
  if (list) return { list };
  const product = productSlugOf(pathname);
  return product === null ? null : { product };
}

/** One render's status, filled in as the page renders. */
interface PageStatus {
  notFound: boolean;
}

/** The app at `url` as HTML, once every Suspense boundary (lazy page chunk) is ready. */
function renderApp(
  client: QueryClient,
  url: string,
  status: PageStatus,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let failure: unknown = null;
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        done();
      },
      final(done) {
        done();
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        else resolve(html);
      },
    });
    const stream = renderToPipeableStream(
      <NotFoundContext value={() => (status.notFound = true)}>
        <QueryClientProvider client={client}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </NotFoundContext>,
      {
        // Everything at once, in order: a boundary streamed later, or one React moves
        // out of line because it is large, is swapped in by an inline script, which the
        // content security policy forbids.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        // Any error inside the page (React would leave that part to the browser): the
        // caller serves the client-rendered shell instead.
        onError: (error) => {
          failure ??= error;
        },
      },
    );
    setTimeout(
      () => stream.abort(new Error(`rendering ${url} took over ${timeoutMs} ms`)),
      timeoutMs,
    ).unref();
  });
}

/**
 * The query cache of one page's render, noting in `read` which queries the components
 * read (each asks the cache to build its query as it renders): only those go to the
 * browser.
 */
function renderQueryCache(): { cache: QueryCache; read: Set<string> } {
  const cache = new QueryCache();
  const read = new Set<string>();
  const build = cache.build.bind(cache);
  cache.build = ((...args: Parameters<typeof build>) => {
    const query = build(...args);
    read.add(query.queryHash);
    return query;
  }) as typeof build;
  return { cache, read };
}

/** The catalogue queries a component asked for and nobody has fetched yet. */
function unfetched(client: QueryClient) {
  return client
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        SERVER_QUERIES.has(String(query.queryKey[0])) &&
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle',
    );
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The page at `url` (path and query) rendered, or null when it is not a server-rendered
 * page. Throws when the page cannot be rendered as the browser would (an error from
 * the API other than a 404, a component failing, over `timeoutMs`): the caller then
 * serves the client-rendered shell.
 */
export function renderPage(
  url: string,
  setup: RenderSetup,
  timeoutMs = 3000,
): Promise<RenderedPage | null> {
  setServerTestShop(setup.testShop);
  return currentCall.run(setup.call, () => render(url, timeoutMs));
}

async function render(url: string, timeoutMs: number): Promise<RenderedPage | null> {
  const address = new URL(url, 'http://shop.invalid');
  const page = serverPageOf(address.pathname, address.searchParams);
  if (!page) return null;
  const { cache, read } = renderQueryCache();
  const client = new QueryClient({
    queryCache: cache,
    // A 404 renders as the page's "not found" (no retry, no "loading" in its place).
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: 30_000 } },
  });
  if ('list' in page) {
    await Promise.all([
      client.prefetchQuery(productsQuery(listFilterOf(page.list, address.searchParams))),
      client.prefetchQuery(categoriesQuery),
    ]);
  } else {
    await client.prefetchQuery(productQuery(page.product));
  }
  const path = address.pathname + address.search;
  read.clear();
  let status: PageStatus = { notFound: false };
  let html = await renderApp(client, path, status, timeoutMs);
  // A page may ask for catalogue data the list above did not name (at most twice more).
  for (let pass = 0; pass < 2; pass += 1) {
    const missing = unfetched(client);
    if (missing.length === 0) break;
    await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
    read.clear();
    status = { notFound: false };
    html = await renderApp(client, path, status, timeoutMs);
  }

  const queries = cache.getAll().filter((query) => read.has(query.queryHash));
  const failed = queries.find(
    (query) => query.state.status === 'error' && !isNotFound(query.state.error),
  );
  if (failed) throw failed.state.error;
  const missingProduct = queries.some(
    (query) => query.queryKey[0] === 'product' && isNotFound(query.state.error),
  );
  const categories = client.getQueryData(categoriesQuery.queryKey);
  const list = 'list' in page ? page.list : null;
  const missingCategory =
    list?.kind === 'category' && !categories?.some((category) => category.slug === list.slug);
  const listNotFound = queries.some(
    (query) => query.queryKey[0] === 'products' && isNotFound(query.state.error),
  );
  return {
    status: status.notFound || missingProduct || missingCategory || listNotFound ? 404 : 200,
    html,
    stateScript: `<script type="application/json" id="${PAGE_STATE_ID}">${pageStateJson(client, (hash) => read.has(hash))}</script>`,
  };
}
