import './lib/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './ui/base.css';
import './ui/ui.css';
import './app/layout.css';

const root = document.getElementById('root');
if (root) {
  // In a transition, React renders the first page in slices of a few milliseconds
  // instead of one long task, so the page answers input while it starts (ADR 033).
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
