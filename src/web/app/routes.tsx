import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { Layout } from './layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { TestShopNotice } from './test-shop-notice.tsx';
import { useStoredDiscountCode } from './use-stored-discount-code.ts';

// Declarative routes (not the data router) keep the first download small; each page
// is its own chunk, loaded when first visited.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

// Home, category and search results share one layout, so one chunk (ADR 058).
const listPages = () => import('./list-pages.tsx');
const HomePage = page(listPages, 'HomePage');
const CategoryPage = page(listPages, 'CategoryPage');
const SearchPage = page(listPages, 'SearchPage');
const ProductPage = page(() => import('../features/shop/product-page.tsx'), 'ProductPage');
const BasketPage = page(() => import('../features/basket/basket-page.tsx'), 'BasketPage');
const CheckoutApp = page(() => import('../features/checkout/checkout-app.tsx'), 'CheckoutApp');
const TermsPage = page(() => import('../features/info/terms-page.tsx'), 'TermsPage');
const PrivacyPage = page(() => import('../features/info/privacy-page.tsx'), 'PrivacyPage');
// The login pages and the account area are separate chunks: the login page is a
// first visit's page, and must not download the whole account (ADR 033).
const LoginRoutes = page(() => import('../features/login/login-routes.tsx'), 'LoginRoutes');
const AccountRoutes = page(() => import('./account-routes.tsx'), 'AccountRoutes');
const SharedWishlistPage = page(
  () => import('../features/wishlist/shared-wishlist-page.tsx'),
  'SharedWishlistPage',
);
const orderPages = () => import('./order-pages.tsx');
const ThankYouPage = page(orderPages, 'ThankYouPage');
const TrackOrderPage = page(orderPages, 'TrackOrderPage');
const DeliveryHelpPage = page(
  () => import('../features/info/delivery-help-page.tsx'),
  'DeliveryHelpPage',
);

function Lazy({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<LoadingOverlay message="Loading…" />}>
      <Page />
    </Suspense>
  );
}

/**
 * The checkout container: the checkout app exists only inside it (spec section 2).
 * It sits outside the shop's Layout, as the checkout has its own header.
 */
export function CheckoutContainer() {
  // The checkout is outside Layout, which applies a stored discount code elsewhere.
  useStoredDiscountCode();
  return (
    <>
      <TestShopNotice />
      <div id="checkout" className="checkout-container">
        <Lazy page={CheckoutApp} />
      </div>
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="checkout/*" element={<CheckoutContainer />} />
      <Route element={<Layout />}>
        <Route index element={<Lazy page={HomePage} />} />
        <Route path="categories/:slug" element={<Lazy page={CategoryPage} />} />
        <Route path="search" element={<Lazy page={SearchPage} />} />
        <Route path="products/:slug" element={<Lazy page={ProductPage} />} />
        <Route path="basket" element={<Lazy page={BasketPage} />} />
        <Route path="login/*" element={<Lazy page={LoginRoutes} />} />
        <Route path="account/*" element={<Lazy page={AccountRoutes} />} />
        <Route path="order/thank-you/:publicId" element={<Lazy page={ThankYouPage} />} />
        <Route path="wishlists/:shareId" element={<Lazy page={SharedWishlistPage} />} />
        <Route path="track-order" element={<Lazy page={TrackOrderPage} />} />
        <Route path="terms-and-conditions" element={<Lazy page={TermsPage} />} />
        <Route path="privacy-notice" element={<Lazy page={PrivacyPage} />} />
        <Route
          path="help-centre/topics/orders/delivery"
          element={<Lazy page={DeliveryHelpPage} />}
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
