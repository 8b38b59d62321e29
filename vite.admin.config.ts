/**
 * The back office's build (ADR 047): its own entry (src/web/admin.html), written under
 * dist/web/admin/ and served at /admin, so none of its code is in the shop's bundle and
 * the shop's page budgets (bench:bundle) do not see it. Run after the shop's build,
 * which empties dist/web.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  base: '/admin/',
  plugins: [react()],
  // The shop's build already serves src/web/public at the root.
  publicDir: false,
  build: {
    outDir: '../../dist/web/admin',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: 'src/web/admin.html' },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
});
