import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { captureDiscountCodeFromUrl } from '../lib/stored-discount-code.ts';
import { prefetchPageData } from './page-data.ts';
import { AppRoutes } from './routes.tsx';

// Before the first render, so the code is off the address bar straight away.
captureDiscountCodeFromUrl();

/** Providers and the router: composition only. */
export function App() {
  const [client] = useState(() => {
    const created = createQueryClient();
    prefetchPageData(created, window.location.pathname);
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
