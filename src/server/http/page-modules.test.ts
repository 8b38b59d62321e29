import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  modulePreloadTags,
  moduleFiles,
  PAGE_MODULES,
  PAYMENT_CLIENT_MODULES,
  pageModules,
  type Manifest,
} from './page-modules.ts';

const WEB = resolve(import.meta.dirname, '../../web');
const source = (file: string) => readFileSync(join(WEB, file), 'utf8');

/** Where each module is imported lazily: the shop's routes, the checkout's steps. */
const IMPORTERS = [
  'app/routes.tsx',
  'features/checkout/checkout-app.tsx',
  'features/checkout/payment/client/load-client.ts',
];

describe('the modules each page imports first', () => {
  it('names modules that exist and that the web app imports lazily', () => {
    const modules = new Set([
      ...PAGE_MODULES.flatMap((page) => page.modules),
      ...Object.values(PAYMENT_CLIENT_MODULES),
    ]);
    const imports = IMPORTERS.map((file) => [file, source(file)] as const);
    for (const module of modules) {
      expect(existsSync(join(WEB, module)), module).toBe(true);
      const importedBy = imports.filter(([file, text]) => {
        const relative = module.split('/').pop() ?? module;
        return text.includes(`import(`) && text.includes(relative) && file !== module;
      });
      expect(importedBy.length, `${module} is imported lazily somewhere`).toBeGreaterThan(0);
    }
  });

  it('covers every lazy page of the shop’s routes', () => {
    // Lazy pages are features ('../features/…') or the app's own tables ('./…').
    const lazy = [
      ...source('app/routes.tsx').matchAll(/import\('(\.\.\/features\/|\.\/)([^']+)'\)/g),
    ].map((match) => (match[1] === './' ? `app/${match[2]}` : `features/${match[2]}`));
    expect(lazy.length).toBeGreaterThan(5);
    const named = new Set(PAGE_MODULES.flatMap((page) => page.modules));
    for (const module of lazy) expect(named, module).toContain(module);
  });

  it('finds the page for a path, with the card client of the mode on the payment step', () => {
    expect(pageModules('/checkout/address')).toEqual([
      'features/checkout/checkout-app.tsx',
      'features/checkout/address/address-page.tsx',
    ]);
    expect(pageModules('/login/reset-password')).toEqual(['features/login/login-routes.tsx']);
    expect(pageModules('/account/orders/abc')).toEqual(['app/account-routes.tsx']);
    expect(pageModules('/products/olive-tree')).toEqual(['features/shop/product-page.tsx']);
    expect(pageModules('/no-such-page')).toEqual([]);
    expect(pageModules('/checkout/payment', 'test')).toContain(PAYMENT_CLIENT_MODULES.test);
    expect(pageModules('/checkout/payment', 'braintree')).toContain(
      PAYMENT_CLIENT_MODULES.braintree,
    );
    expect(pageModules('/checkout/address', 'test')).not.toContain(PAYMENT_CLIENT_MODULES.test);
  });
});

const MANIFEST: Manifest = {
  'main.tsx': {
    file: 'assets/index-1.js',
    isEntry: true,
    css: ['assets/index-1.css'],
  },
  '_shared.js': { file: 'assets/shared-1.js', imports: ['main.tsx'] },
  'features/checkout/checkout-app.tsx': {
    file: 'assets/checkout-app-1.js',
    imports: ['main.tsx', '_shared.js'],
    css: ['assets/checkout-app-1.css'],
  },
  'features/checkout/address/address-page.tsx': {
    file: 'assets/address-page-1.js',
    imports: ['_shared.js', 'main.tsx'],
    css: ['assets/index-1.css'],
  },
};

describe('the preload tags', () => {
  it('name each file a page imports once, without the entry the HTML already loads', () => {
    expect(moduleFiles(MANIFEST, pageModules('/checkout/address'))).toEqual({
      js: ['assets/checkout-app-1.js', 'assets/shared-1.js', 'assets/address-page-1.js'],
      css: ['assets/checkout-app-1.css'],
    });
    expect(modulePreloadTags(MANIFEST, '/checkout/address').split('\n  ')).toEqual([
      '<link rel="modulepreload" href="/assets/checkout-app-1.js" />',
      '<link rel="modulepreload" href="/assets/shared-1.js" />',
      '<link rel="modulepreload" href="/assets/address-page-1.js" />',
      '<link rel="preload" as="style" href="/assets/checkout-app-1.css" />',
    ]);
  });

  it('apply a server-rendered page’s style sheets, and those of the parts it loads later, at once', () => {
    const manifest: Manifest = {
      ...MANIFEST,
      'features/shop/product-page.tsx': {
        file: 'assets/product-page-1.js',
        css: ['assets/shop-1.css'],
        dynamicImports: ['features/shop/wishlist-heart.tsx'],
      },
      'features/shop/wishlist-heart.tsx': {
        file: 'assets/wishlist-heart-1.js',
        css: ['assets/wishlist-heart-1.css'],
      },
    };
    expect(
      modulePreloadTags(manifest, '/products/fern', undefined, { rendered: true }).split('\n  '),
    ).toEqual([
      '<link rel="modulepreload" href="/assets/product-page-1.js" />',
      '<link rel="stylesheet" crossorigin href="/assets/shop-1.css" />',
      '<link rel="stylesheet" crossorigin href="/assets/wishlist-heart-1.css" />',
    ]);
  });

  it('are empty for a page the manifest does not know', () => {
    expect(modulePreloadTags(MANIFEST, '/basket')).toBe('');
    expect(modulePreloadTags(MANIFEST, '/no-such-page')).toBe('');
  });

  it('never write a file name that is not a plain path', () => {
    const odd: Manifest = {
      ...MANIFEST,
      'app/list-pages.tsx': { file: 'assets/"><script>x</script>.js' },
    };
    expect(modulePreloadTags(odd, '/')).toBe('');
  });
});
