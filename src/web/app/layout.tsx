import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useBasket } from '../api/basket.ts';
import { useAuthToken } from '../lib/auth-token-read.ts';
import { SearchBox } from '../features/search/search-box.tsx';
import { ErrorBoundary } from '../ui/error-fallback.tsx';
import { ShopLogo } from '../ui/shop-logo.tsx';
import { useRouteChangeFocus } from '../ui/use-route-change-focus.ts';
import { TestShopNotice } from './test-shop-notice.tsx';
import { useStoredDiscountCode } from './use-stored-discount-code.ts';

function BasketLink() {
  const { data } = useBasket();
  const count = data?.item_count ?? 0;
  return (
    <NavLink to="/basket" className="site-header__basket">
      <svg
        aria-hidden="true"
        className="site-header__basket-icon"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3 9h18l-2 11H5L3 9z" />
        <path d="M8 9l4-6 4 6" />
        <path d="M9 13v4M15 13v4" />
      </svg>
      <span>Basket</span>
      <span
        className="site-header__count"
        aria-label={`${count} ${count === 1 ? 'item' : 'items'}`}
      >
        {count}
      </span>
    </NavLink>
  );
}

/** 'Log in', or 'Account' once a login is stored (no forms or zod on this path). */
function AccountLink() {
  const signedIn = useAuthToken() !== null;
  return (
    <NavLink to={signedIn ? '/account' : '/login'} className="site-header__account">
      {signedIn ? 'Account' : 'Log in'}
    </NavLink>
  );
}

/** The shop's frame: header with logo, search and basket, main content, footer. */
export function Layout() {
  const { pathname } = useLocation();
  const main = useRouteChangeFocus(pathname);
  useStoredDiscountCode();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <TestShopNotice />
      <header className="site-header">
        <div className="container site-header__inner">
          <ShopLogo />
          <nav aria-label="Shop" className="site-header__nav">
            <NavLink to="/" end>
              Shop
            </NavLink>
            <NavLink to="/help-centre/topics/orders/delivery">Delivery</NavLink>
          </nav>
          <SearchBox />
          <AccountLink />
          <BasketLink />
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1} className="site-main">
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <footer className="site-footer">
        <div className="container site-footer__inner">
          <p className="site-footer__brand">
            <strong>Everbloom</strong> — realistic artificial plants and flowers, delivered across
            the UK.
          </p>
          <nav aria-label="Help and policies">
            <ul className="site-footer__links">
              <li>
                <Link to="/track-order">Track your order</Link>
              </li>
              <li>
                <Link to="/help-centre/topics/orders/delivery">Delivery information</Link>
              </li>
              <li>
                <Link to="/terms-and-conditions">Terms &amp; conditions</Link>
              </li>
              <li>
                <Link to="/privacy-notice">Privacy notice</Link>
              </li>
            </ul>
          </nav>
          <p className="site-footer__small">Prices include VAT at 20%. © Everbloom Ltd.</p>
        </div>
      </footer>
    </>
  );
}
