/**
 * The back office (ADR 047): its own bundle, loaded only on /admin pages. Signed out,
 * every page is the sign-in page (or an account's set-up page); signed in, the layout
 * and the page the address names.
 */
import { Route, Routes } from 'react-router';
import { ErrorFallback } from '../ui/error-fallback.tsx';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { AdminRoutes, SignedOutRoutes } from './admin-routes.tsx';
import { StaffContext, useSessionQuery } from './lib/session.ts';

export function AdminApp() {
  const session = useSessionQuery();
  if (session.isPending) return <LoadingOverlay message="Loading…" page />;
  if (session.isError) {
    return <ErrorFallback onRetry={() => void session.refetch()} />;
  }
  if (!session.data) return <SignedOutRoutes />;
  return (
    <StaffContext.Provider value={session.data}>
      <Routes>
        <Route path="/admin/*" element={<AdminLayout />}>
          <Route path="*" element={<AdminRoutes />} />
        </Route>
      </Routes>
    </StaffContext.Provider>
  );
}
