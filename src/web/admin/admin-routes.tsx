/**
 * The back office's pages, each its own chunk. Paths are relative to /admin.
 * Each area adds its pages here (and its link to the layout's navigation).
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { AdminNotFound } from './admin-not-found.tsx';

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const DashboardPage = page(() => import('./dashboard/dashboard-page.tsx'), 'DashboardPage');
const LoginPage = page(() => import('./auth/login-page.tsx'), 'LoginPage');
const OrdersPage = page(() => import('./orders/orders-page.tsx'), 'OrdersPage');
const OrderPage = page(() => import('./orders/order-page.tsx'), 'OrderPage');

function Lazy({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<LoadingOverlay message="Loading…" />}>
      <Page />
    </Suspense>
  );
}

/** Pages of the signed-in back office (under the layout). */
export function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<Lazy page={DashboardPage} />} />
      <Route path="orders" element={<Lazy page={OrdersPage} />} />
      <Route path="orders/:orderNumber" element={<Lazy page={OrderPage} />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}

/** Signed out: the sign-in page at every address (it comes back to the address after). */
export function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="*" element={<Lazy page={LoginPage} />} />
    </Routes>
  );
}
