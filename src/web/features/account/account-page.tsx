/**
 * The account page (/account): the customer's details and buds, a form for their
 * name, the trade-prices preference, their saved addresses and 'Log out'. Without a
 * stored login it sends the visitor to log in and come back.
 */
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import type { UserView } from '../../../domain/api/user.ts';
import { useLogout, useUpdateTaxPreference, useUser } from '../../api/user.ts';
import { useAuthToken } from '../../lib/auth-token.ts';
import { loginFor } from '../../lib/login-redirect.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { PersonalForm } from './personal-form.tsx';
import { SavedAddresses } from './saved-addresses.tsx';
import './account.css';

export function AccountPage() {
  usePageTitle('Your account');
  const token = useAuthToken();
  const user = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const leaving = logout.isPending || logout.isSuccess;

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

  const details = user.data;
  return (
    <div className="container account-page">
      <div className="account-page__header">
        <h1 className="account-page__heading">Hello, {details.first_name}</h1>
        <Button
          variant="secondary"
          busy={logout.isPending}
          busyLabel="Logging out"
          onClick={onLogout}
        >
          Log out
        </Button>
      </div>
      <div className="account-page__grid">
        <Profile user={details} />
        <section className="account-card" aria-labelledby="account-personal">
          <h2 id="account-personal" className="account-card__heading">
            Your name
          </h2>
          <PersonalForm user={details} />
        </section>
        <section className="account-card" aria-labelledby="account-prices">
          <h2 id="account-prices" className="account-card__heading">
            Prices
          </h2>
          <TaxPreference user={details} />
        </section>
        <section className="account-card account-card--wide" aria-labelledby="account-addresses">
          <h2 id="account-addresses" className="account-card__heading">
            Saved addresses
          </h2>
          <SavedAddresses />
        </section>
      </div>
    </div>
  );
}

function Profile({ user }: { user: UserView }) {
  const buds = user.loyalty_points.available;
  return (
    <section className="account-card" aria-labelledby="account-profile">
      <h2 id="account-profile" className="account-card__heading">
        Your details
      </h2>
      <dl className="account-profile">
        <div className="account-profile__row">
          <dt>Name</dt>
          <dd>{user.full_name}</dd>
        </div>
        <div className="account-profile__row">
          <dt>Email</dt>
          <dd className="account-profile__email">{user.email_address}</dd>
        </div>
        <div className="account-profile__row">
          <dt>Buds available</dt>
          <dd>
            {buds} {buds === 1 ? 'bud' : 'buds'}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** Trade prices: show prices without VAT (spec section 6, prices_exclude_tax). */
function TaxPreference({ user }: { user: UserView }) {
  const update = useUpdateTaxPreference();
  const [saved, setSaved] = useState(false);
  return (
    <>
      {update.error && <Notice tone="error">{update.error.message}</Notice>}
      <label className="account-toggle">
        <input
          type="checkbox"
          checked={update.isPending ? (update.variables ?? false) : user.prices_exclude_tax}
          disabled={update.isPending}
          onChange={(event) => {
            setSaved(false);
            update.mutate(event.target.checked, { onSuccess: () => setSaved(true) });
          }}
        />
        <span>
          <span className="account-toggle__label">Show trade prices (excluding VAT)</span>
          <span className="account-toggle__hint">
            For business customers: prices in the shop and your basket show without VAT.
          </span>
        </span>
      </label>
      <p className="visually-hidden" role="status">
        {update.isPending ? 'Saving' : saved ? 'Your price preference has been saved.' : ''}
      </p>
    </>
  );
}
