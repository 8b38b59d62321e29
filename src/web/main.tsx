import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { prefetchPageData } from './app/page-data.ts';
import { PAGE_STATE_ID, restorePageState } from './app/page-state.ts';
import { createQueryClient } from './lib/query-client.ts';
import { captureDiscountCodeFromUrl } from './lib/stored-discount-code.ts';
import './ui/base.css';
import './ui/ui.css';
import './app/layout.css';

// Before the first render, so the code is off the address bar straight away.
captureDiscountCodeFromUrl();
const client = createQueryClient();
// A page the server rendered (ADR 057) brings the data it was rendered with.
const rendered = restorePageState(
  client,
  document.getElementById(PAGE_STATE_ID)?.textContent ?? null,
);
// The page's first data is asked for now, while its code is still arriving (ADR 033).
prefetchPageData(client, window.location.pathname);

/**
 * The first render. In a transition, React renders the page in slices of a few
 * milliseconds instead of one long task, so the page answers input while it starts.
 * A server-rendered page is hydrated: React adopts its HTML instead of replacing it.
 */
function start(root: HTMLElement) {
  const app = (
    <StrictMode>
      <App client={client} />
    </StrictMode>
  );
  if (rendered) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
}

// Until the first render replaces it, index.html shows the loading overlay.
const root = document.getElementById('root');
if (root) start(root);
