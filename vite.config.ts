import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` beside each built script,
 * style sheet and picture, which the server sends as they are (`preCompressed`):
 * about 13 % less to download than compressing on the fly at a speed fit for each
 * request, and no compression work per request (ADR 033).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'everbloom:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const body = await readFile(join(outDir, name));
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([
            writeFile(join(outDir, `${name}.br`), br),
            writeFile(join(outDir, `${name}.gz`), gz),
          ]);
        }),
      );
    },
  };
}

/**
 * React Router 7 points every import at its development build, warnings and all, even
 * in a production build (remix-run/react-router#12532, #14753: "intended to be
 * temporary"). Its production build is the same code without them: about 2 KB less for
 * every page to load (ADR 058).
 */
export const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(
    import.meta.resolve('react-router').replace('/development/', '/production/'),
  ),
};

/**
 * Lets the bundler drop the React Router components the shop never uses (`Form` and with
 * it `useSubmit` and the form-submission code, `HistoryRouter`, `ScrollRestoration`):
 * its build creates each with an unannotated `React.forwardRef(…)` call followed by a
 * `X.displayName = "X"` assignment, two statements a bundler must keep in case they have
 * effects. The call is marked pure and the assignment (a name for React's developer
 * tools, which the production build has no use for) removed, as remix-run/react-router
 * #15299 proposes upstream. About 1.7 KB gzip less on every page (ADR 079).
 */
export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'everbloom:react-router-tree-shaking',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/ },
      handler(code) {
        const shaken = code
          .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2')
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
        return shaken === code ? null : { code: shaken, map: null };
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'src/web',
  plugins: [react(), precompress(), reactRouterTreeShaking()],
  resolve: { alias: command === 'build' ? [reactRouterProduction] : [] },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // bench/bundle reads it to tell which files each route loads first.
    manifest: true,
    // Every browser we support preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is loaded by every page anyway:
          // keep it in the entry's one file instead of letting shared pieces (the API
          // client, React) become extra files the home page must fetch (ADR 027).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
}));
