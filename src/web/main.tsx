import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { prefetchPageData } from './app/page-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import { captureDiscountCodeFromUrl } from './lib/stored-discount-code.ts';
import './ui/base.css';
import './ui/ui.css';
import './app/layout.css';

// Before the first render, so the code is off the address bar straight away.
captureDiscountCodeFromUrl();
// The page's first data is asked for now, while its code is still arriving (ADR 033).
const client = createQueryClient();
prefetchPageData(client, window.location.pathname);

/**
 * The first render. In a transition, React renders the page in slices of a few
 * milliseconds instead of one long task, so the page answers input while it starts.
 */
function start(root: HTMLElement) {
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App client={client} />
      </StrictMode>,
    ),
  );
}

// Until the first render replaces it, index.html shows the loading overlay.
const root = document.getElementById('root');
if (root) start(root);
