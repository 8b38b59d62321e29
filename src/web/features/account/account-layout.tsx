/**
 * The frame of every account page: without a stored login it sends the visitor to
 * log in and come back; it loads the customer's details (shared with the pages
 * through a context), and shows the account's navigation and 'Log out'.
 * The shop's Layout already moves focus to the main content on each route change.
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import type { UserView } from '../../../domain/api/user.ts';
import { useUser } from '../../api/user.ts';
import { useLogout } from '../../api/user-changes.ts';
import { useAuthToken } from '../../lib/auth-token.ts';
import { loginFor } from '../../lib/login-redirect.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import './account.css';

const NAV = [
  { to: '/account', label: 'Overview', end: true },
  { to: '/account/orders', label: 'Orders' },
  { to: '/account/wishlist', label: 'Wishlist' },
  { to: '/account/addresses', label: 'Addresses' },
  { to: '/account/cards', label: 'Saved cards' },
  { to: '/account/buds', label: 'Buds' },
  { to: '/account/credit', label: 'Store credit' },
  { to: '/account/settings', label: 'Details and preferences' },
] as const;

// A context of the chunk's own rather than react-router's outlet context: that hook
// would be one more export of the entry chunk, which the home page downloads.
const AccountUser = createContext<UserView | null>(null);

/** The signed-in customer's details, for the pages inside AccountLayout. */
export function useAccountUser(): UserView {
  const user = useContext(AccountUser);
  if (!user) throw new Error('useAccountUser is for pages inside AccountLayout');
  return user;
}

export function AccountLayout() {
  const token = useAuthToken();
  const user = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const leaving = logout.isPending || logout.isSuccess;
  const nav = useRef<HTMLElement>(null);

  // On small screens the navigation is a strip that scrolls sideways: bring this
  // page's link into it (the strip only; the page itself does not move).
  const loaded = Boolean(user.data);
  useEffect(() => {
    const strip = nav.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current) return;
    const start = current.offsetLeft; // the strip is the links' offset parent
    if (
      start < strip.scrollLeft ||
      start + current.offsetWidth > strip.scrollLeft + strip.clientWidth
    ) {
      strip.scrollLeft = start - (strip.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname, loaded]);

  const onLogout = () =>
    logout.mutate(undefined, { onSuccess: () => navigate('/login', { replace: true }) });

  // No login, or the server refused it (the token is then forgotten). While logging
  // out the token goes first, and the page waits to be sent to /login instead.
  if (!token && !leaving) return <Navigate to={loginFor(`${pathname}${search}`)} replace />;
  if (!user.data) {
    return leaving ? (
      <div className="account-page__loading">
        <LoadingOverlay message="Logging out" />
      </div>
    ) : user.isError ? (
      <div className="container account-page">
        <ErrorFallback onRetry={() => void user.refetch()}>
          <p>Sorry, we could not load your account. {user.error.message}</p>
        </ErrorFallback>
      </div>
    ) : (
      <div className="account-page__loading">
        <LoadingOverlay message="Checking account details" />
      </div>
    );
  }

  return (
    <div className="container account-page">
      <div className="account-layout">
        <nav ref={nav} className="account-nav" aria-label="Your account">
          <ul className="account-nav__list">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={'end' in item ? item.end : false}
                  className="account-nav__link"
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account-layout__logout">
          <Button
            variant="secondary"
            busy={logout.isPending}
            busyLabel="Logging out"
            onClick={onLogout}
          >
            Log out
          </Button>
        </div>
        <div className="account-layout__content">
          <AccountUser value={user.data}>
            <Outlet />
          </AccountUser>
        </div>
      </div>
    </div>
  );
}
