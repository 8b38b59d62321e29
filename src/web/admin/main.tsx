import '../lib/zod-jitless.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { AdminApp } from './admin-app.tsx';
import '../ui/base.css';
import '../ui/ui.css';
import './admin.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <AdminApp />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
