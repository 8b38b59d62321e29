/**
 * The account area's own route table (/account/*), loaded with the login pages in
 * the account-area chunk: every page here shares the signed-in frame (AccountLayout)
 * and adds nothing to the home page's first download.
 */
import { Navigate, Route, Routes } from 'react-router';
import { AccountLayout } from './account-layout.tsx';
import { AccountPage } from './account-page.tsx';
import { AddressesPage } from './addresses-page.tsx';
import { BudsPage } from './buds-page.tsx';
import { CardsPage } from './cards-page.tsx';
import { SettingsPage } from './settings-page.tsx';

export function AccountRoutes() {
  return (
    <Routes>
      <Route element={<AccountLayout />}>
        <Route index element={<AccountPage />} />
        {/* ORDERS (issue 11, orders helper): wired by the coordinator at merge:
            <Route path="orders" element={<OrdersPage />} />
            <Route path="orders/:publicId" element={<OrderPage />} /> */}
        {/* WISHLIST (issue 11, wishlists helper): wired by the coordinator at merge:
            <Route path="wishlist" element={<WishlistPage />} /> */}
        <Route path="addresses" element={<AddressesPage />} />
        <Route path="cards" element={<CardsPage />} />
        <Route path="buds" element={<BudsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<Navigate to="/account" replace />} />
      </Route>
    </Routes>
  );
}
