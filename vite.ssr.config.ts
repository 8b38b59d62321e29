/**
 * The server renderer's build (ADR 057): src/web/entry-server.tsx and the page chunks
 * it imports, for Node, into dist/server/ (the packages stay in node_modules). Loaded by
 * the server's web app (src/server/http/web-app.ts); without it the shop serves the
 * client-rendered shell for every page.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  publicDir: false,
  build: {
    ssr: 'entry-server.tsx',
    outDir: '../../dist/server',
    emptyOutDir: true,
    // The browser's style sheets come from the shop's own build.
    ssrEmitAssets: false,
  },
});
