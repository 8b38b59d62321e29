/**
 * The account area's own route table (/account/*), its own lazily loaded chunk:
 * every page here shares the signed-in frame (AccountLayout) and adds nothing to the
 * home or login page's first download.
 */
import { Navigate, Route, Routes } from 'react-router';
import { OrderDetailPage } from '../features/account-orders/order-detail-page.tsx';
import { OrdersPage } from '../features/account-orders/orders-page.tsx';
import { WishlistPage } from '../features/wishlist/wishlist-page.tsx';
import { AccountLayout } from '../features/account/account-layout.tsx';
import { AccountPage } from '../features/account/account-page.tsx';
import { AddressesPage } from '../features/account/addresses-page.tsx';
import { BudsPage } from '../features/account/buds-page.tsx';
import { CardsPage } from '../features/account/cards-page.tsx';
import { CreditPage } from '../features/account/credit-page.tsx';
import { SettingsPage } from '../features/account/settings-page.tsx';

export function AccountRoutes() {
  return (
    <Routes>
      <Route element={<AccountLayout />}>
        <Route index element={<AccountPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:publicId" element={<OrderDetailPage />} />
        <Route path="wishlist" element={<WishlistPage />} />
        <Route path="addresses" element={<AddressesPage />} />
        <Route path="cards" element={<CardsPage />} />
        <Route path="buds" element={<BudsPage />} />
        <Route path="credit" element={<CreditPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<Navigate to="/account" replace />} />
      </Route>
    </Routes>
  );
}
