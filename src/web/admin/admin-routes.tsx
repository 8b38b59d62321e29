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
const AuditPage = page(() => import('./audit/audit-page.tsx'), 'AuditPage');
const LoginPage = page(() => import('./auth/login-page.tsx'), 'LoginPage');
const SetupPage = page(() => import('./auth/setup-page.tsx'), 'SetupPage');
const StaffPage = page(() => import('./staff/staff-page.tsx'), 'StaffPage');
const StockPage = page(() => import('./stock/stock-page.tsx'), 'StockPage');
const StockHistoryPage = page(() => import('./stock/stock-history-page.tsx'), 'StockHistoryPage');
const ProductsPage = page(() => import('./products/products-page.tsx'), 'ProductsPage');
const NewProductPage = page(() => import('./products/new-product-page.tsx'), 'NewProductPage');
const ProductEditPage = page(() => import('./products/product-edit-page.tsx'), 'ProductEditPage');
const PackingSlipPage = page(() => import('./orders/packing-slip-page.tsx'), 'PackingSlipPage');
const OrdersPage = page(() => import('./orders/orders-page.tsx'), 'OrdersPage');
const OrderPage = page(() => import('./orders/order-page.tsx'), 'OrderPage');
const OffersPage = page(() => import('./offers/offers-page.tsx'), 'OffersPage');
const VoucherPage = page(() => import('./offers/voucher-page.tsx'), 'VoucherPage');
const CustomersPage = page(() => import('./customers/customers-page.tsx'), 'CustomersPage');
const CustomerPage = page(() => import('./customers/customer-page.tsx'), 'CustomerPage');
const PicturesPage = page(() => import('./products/pictures-page.tsx'), 'PicturesPage');
const DeliveryPage = page(() => import('./delivery/delivery-page.tsx'), 'DeliveryPage');
const ReturnsPage = page(() => import('./returns/returns-page.tsx'), 'ReturnsPage');
const ReturnPage = page(() => import('./returns/return-page.tsx'), 'ReturnPage');
const ReturnRulesPage = page(() => import('./returns/return-rules-page.tsx'), 'ReturnRulesPage');
const ReportsPage = page(() => import('./reports/reports-page.tsx'), 'ReportsPage');
const EmailsPage = page(() => import('./emails/emails-page.tsx'), 'EmailsPage');
const JobsPage = page(() => import('./jobs/jobs-page.tsx'), 'JobsPage');

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
      <Route path="staff" element={<Lazy page={StaffPage} />} />
      <Route path="setup/:token" element={<Lazy page={SetupPage} />} />
      <Route path="audit" element={<Lazy page={AuditPage} />} />
      <Route path="stock" element={<Lazy page={StockPage} />} />
      <Route path="stock/:variationId" element={<Lazy page={StockHistoryPage} />} />
      <Route path="products" element={<Lazy page={ProductsPage} />} />
      <Route path="products/new" element={<Lazy page={NewProductPage} />} />
      <Route path="products/:id" element={<Lazy page={ProductEditPage} />} />
      <Route path="orders/:orderNumber/packing-slip" element={<Lazy page={PackingSlipPage} />} />
      <Route path="orders" element={<Lazy page={OrdersPage} />} />
      <Route path="orders/:orderNumber" element={<Lazy page={OrderPage} />} />
      <Route path="offers" element={<Lazy page={OffersPage} />} />
      <Route path="offers/codes/:code" element={<Lazy page={VoucherPage} />} />
      <Route path="customers" element={<Lazy page={CustomersPage} />} />
      <Route path="customers/:id" element={<Lazy page={CustomerPage} />} />
      <Route path="products/:id/pictures" element={<Lazy page={PicturesPage} />} />
      <Route path="delivery" element={<Lazy page={DeliveryPage} />} />
      <Route path="reports" element={<Lazy page={ReportsPage} />} />
      <Route path="returns" element={<Lazy page={ReturnsPage} />} />
      <Route path="returns/rules" element={<Lazy page={ReturnRulesPage} />} />
      <Route path="returns/:returnNumber" element={<Lazy page={ReturnPage} />} />
      <Route path="emails" element={<Lazy page={EmailsPage} />} />
      <Route path="emails/:emailId" element={<Lazy page={EmailsPage} />} />
      <Route path="jobs" element={<Lazy page={JobsPage} />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}

/**
 * Signed out: an account's set-up link, else the sign-in page at every address (it comes
 * back to the address after).
 */
export function SignedOutRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/setup/:token"
        element={
          <main>
            <Lazy page={SetupPage} />
          </main>
        }
      />
      <Route path="*" element={<Lazy page={LoginPage} />} />
    </Routes>
  );
}
