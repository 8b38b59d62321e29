/**
 * Which of the web app's lazy modules each page loads first, and the head tags that
 * fetch them alongside the entry script instead of after it (ADR 033).
 *
 * The browser code loads each page's code on demand: the entry script runs, then the
 * router imports the page's chunk, which imports its own (and, in the checkout, the
 * step's). Each import is a round trip the page waits for before it paints. From
 * Vite's manifest (`dist/web/.vite/manifest.json`) the server knows every file a
 * page will import, and names them in the HTML: `modulepreload` for the scripts,
 * `preload` for their style sheets, so all of them download at once.
 *
 * The paths mirror the lazy routes of `src/web/app/routes.tsx` and the checkout's
 * steps (`features/checkout/checkout-app.tsx`); `page-modules.test.ts` checks each
 * module named here exists and is imported where it says. `npm run bench:bundle`
 * measures the same lists.
 */

import type { PaymentMode } from '../../domain/api/payments-config.ts';

/** A chunk of Vite's manifest (the fields this reads). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export type Manifest = Record<string, ManifestChunk>;

const CHECKOUT_APP = 'features/checkout/checkout-app.tsx';

/**
 * Page paths (a pattern, a label for reports) → the modules its routes import first
 * (manifest keys, relative to src/web), in order of matching.
 */
export const PAGE_MODULES: readonly { label: string; path: RegExp; modules: string[] }[] = [
  // Home, category and search results: one chunk, one layout (ADR 058).
  { label: '/', path: /^\/$/, modules: ['app/list-pages.tsx'] },
  {
    label: '/categories/:slug, /search',
    path: /^\/(categories\/[^/]+|search)\/?$/,
    modules: ['app/list-pages.tsx'],
  },
  {
    label: '/products/:slug',
    path: /^\/products\/[^/]+\/?$/,
    modules: ['features/shop/product-page.tsx'],
  },
  { label: '/basket', path: /^\/basket\/?$/, modules: ['features/basket/basket-page.tsx'] },
  {
    label: '/checkout',
    path: /^\/checkout\/?$/,
    modules: [CHECKOUT_APP, 'features/checkout/entry/entry-page.tsx'],
  },
  {
    label: '/checkout/address',
    path: /^\/checkout\/address\/?$/,
    modules: [CHECKOUT_APP, 'features/checkout/address/address-page.tsx'],
  },
  {
    label: '/checkout/delivery',
    path: /^\/checkout\/delivery\/?$/,
    modules: [CHECKOUT_APP, 'features/checkout/delivery/delivery-page.tsx'],
  },
  {
    label: '/checkout/payment',
    path: /^\/checkout\/payment\/?$/,
    modules: [CHECKOUT_APP, 'features/checkout/payment/payment-page.tsx'],
  },
  {
    label: '/help-centre/topics/orders/delivery',
    path: /^\/help-centre\/topics\/orders\/delivery\/?$/,
    modules: ['features/info/delivery-help-page.tsx'],
  },
  { label: '/login', path: /^\/login(\/|$)/, modules: ['features/login/login-routes.tsx'] },
  {
    label: '/account',
    path: /^\/account(\/|$)/,
    modules: ['app/account-routes.tsx'],
  },
  {
    label: '/order/thank-you/:publicId, /track-order',
    path: /^\/(order\/thank-you\/[^/]+|track-order)\/?$/,
    modules: ['app/order-pages.tsx'],
  },
  {
    label: '/wishlists/:shareId',
    path: /^\/wishlists\/[^/]+\/?$/,
    modules: ['features/wishlist/shared-wishlist-page.tsx'],
  },
  {
    label: '/terms-and-conditions',
    path: /^\/terms-and-conditions\/?$/,
    modules: ['features/info/terms-page.tsx'],
  },
  {
    label: '/privacy-notice',
    path: /^\/privacy-notice\/?$/,
    modules: ['features/info/privacy-page.tsx'],
  },
];

/**
 * The payment step's card client for each payment mode (`payment/client/load-client.ts`
 * imports it once the step has its client token).
 */
export const PAYMENT_CLIENT_MODULES: Record<PaymentMode, string> = {
  test: 'features/checkout/payment/client/test-mode/test-mode-client.tsx',
  braintree: 'features/checkout/payment/client/braintree/braintree-client.tsx',
};

const PAYMENT_PATH = /^\/checkout\/payment\/?$/;

/**
 * The modules the page at `pathname` imports first (none for an unknown page); on the
 * payment step, with the card client of the shop's payment mode.
 */
export function pageModules(pathname: string, paymentMode?: PaymentMode): string[] {
  const modules = PAGE_MODULES.find((page) => page.path.test(pathname))?.modules ?? [];
  return paymentMode && PAYMENT_PATH.test(pathname)
    ? [...modules, PAYMENT_CLIENT_MODULES[paymentMode]]
    : modules;
}

/**
 * The files loading `keys` fetches: their chunks, everything those import statically,
 * and their style sheets. The entry's own file is left out (the HTML loads it).
 */
export function moduleFiles(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  for (const chunk of Object.values(manifest)) {
    if (chunk.isEntry) {
      js.delete(chunk.file);
      chunk.css?.forEach((file) => css.delete(file));
    }
  }
  return { js: [...js], css: [...css] };
}

/** Manifest file names are Vite's own (`assets/name-hash.js`); nothing else is written. */
const SAFE_FILE = /^[\w./-]+$/;

/**
 * The style sheets of the chunks `keys` load later (their dynamic imports: the wishlist
 * heart, the back-in-stock form), one level deep.
 */
function laterStyleSheets(manifest: Manifest, keys: string[]): string[] {
  const css = new Set<string>();
  for (const key of keys) {
    for (const later of manifest[key]?.dynamicImports ?? []) {
      manifest[later]?.css?.forEach((file) => css.add(file));
    }
  }
  return [...css];
}

/**
 * The head tags preloading what the page at `pathname` imports first. A page rendered
 * on the server (`rendered`, ADR 057) is painted from its HTML before its code runs:
 * its style sheets, and those of the parts it loads later, are then applied at once
 * (`rel="stylesheet"`, `crossorigin` as Vite's loader asks, which then finds them there
 * and adds none) instead of preloaded, so that first paint is styled and does not shift.
 */
export function modulePreloadTags(
  manifest: Manifest,
  pathname: string,
  paymentMode?: PaymentMode,
  { rendered = false }: { rendered?: boolean } = {},
): string {
  const keys = pageModules(pathname, paymentMode);
  const { js, css } = moduleFiles(manifest, keys);
  const sheets = rendered ? [...new Set([...css, ...laterStyleSheets(manifest, keys)])] : css;
  return [
    ...js
      .filter((file) => SAFE_FILE.test(file))
      .map((file) => `<link rel="modulepreload" href="/${file}" />`),
    ...sheets
      .filter((file) => SAFE_FILE.test(file))
      .map((file) =>
        rendered
          ? `<link rel="stylesheet" crossorigin href="/${file}" />`
          : `<link rel="preload" as="style" href="/${file}" />`,
      ),
  ].join('\n  ');
}
