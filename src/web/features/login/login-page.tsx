/**
 * The login page (/login) and its forgotten-password view (/login#forgot-password,
 * the same page driven by the hash): log in, create an account, or ask for a reset
 * link. A visitor who is already signed in is told so, with a way out.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLogout, useSignIn } from '../../api/user-changes.ts';
import { useAuthToken } from '../../lib/auth-token.ts';
import { destinationAfterLogin, redirectWish } from '../../lib/login-redirect.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from '../../shared/login/login-form.tsx';
import { FORGOT_PASSWORD_HASH } from '../../shared/login/paths.ts';
import { RegisterForm } from './register-form.tsx';
import './login.css';

type View = 'login' | 'forgot' | 'signed-in';

const HEADINGS: Record<View, string> = {
  login: 'Log in',
  forgot: 'Forgotten your password?',
  'signed-in': 'You are already logged in',
};

export function LoginPage() {
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  const token = useAuthToken();
  const signIn = useSignIn();
  // Set once the server accepts a login, so storing the token does not swap the
  // form for 'already logged in' before the browser moves on.
  const [signingIn, setSigningIn] = useState(false);
  const view: View =
    token && !signingIn ? 'signed-in' : hash === FORGOT_PASSWORD_HASH ? 'forgot' : 'login';
  usePageTitle(HEADINGS[view]);

  // Switching views in place: take keyboard and screen-reader focus to the new heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    heading.current?.focus();
  }, [view]);

  // The page that sent the shopper here (?redirect=): it goes with the login request,
  // and the server's reply says whether to return there.
  const wish = redirectWish(search);
  const complete = async (result: { token: string; redirect_uri?: string }) => {
    setSigningIn(true);
    await signIn(result.token);
    navigate(destinationAfterLogin(result.redirect_uri), { replace: true });
  };
  // Registration's reply carries no redirect address, so the wish is checked here.
  const completeRegistration = (result: { token: string }) =>
    complete({ token: result.token, ...(wish ? { redirect_uri: wish } : {}) });

  return (
    <div className="container login-page">
      <h1 ref={heading} tabIndex={-1} className="login-page__heading">
        {HEADINGS[view]}
      </h1>
      {view === 'signed-in' ? (
        <SignedIn />
      ) : view === 'forgot' ? (
        <section className="login-panel login-panel--narrow" aria-label="Reset your password">
          <p>
            Enter the email address you log in with and we’ll send you a link to choose a new
            password.
          </p>
          <ForgotPasswordForm />
          <p className="login-panel__back">
            <Link to={{ pathname: '/login', search, hash: '' }}>Back to log in</Link>
          </p>
        </section>
      ) : (
        <div className="login-page__columns">
          <section className="login-panel" aria-labelledby="login-returning">
            <h2 id="login-returning" className="login-panel__heading">
              Returning customer
            </h2>
            <LoginForm
              redirectUri={wish}
              onLoggedIn={complete}
              forgotPassword={
                <Link to={{ pathname: '/login', search, hash: FORGOT_PASSWORD_HASH }}>
                  Forgotten your password?
                </Link>
              }
            />
          </section>
          <section className="login-panel" aria-labelledby="login-new">
            <h2 id="login-new" className="login-panel__heading">
              New customer? Create an account
            </h2>
            <p>Check out faster, keep your addresses and collect buds on every order.</p>
            <RegisterForm onRegistered={completeRegistration} />
          </section>
        </div>
      )}
    </div>
  );
}

function SignedIn() {
  const logout = useLogout();
  return (
    <section className="login-panel login-panel--narrow" aria-label="Signed in">
      <p>You are signed in on this device.</p>
      <div className="login-panel__actions">
        <Link to="/account" className="button button--primary">
          Go to your account
        </Link>
        <Button
          variant="secondary"
          busy={logout.isPending}
          busyLabel="Logging out"
          onClick={() => logout.mutate()}
        >
          Log out
        </Button>
      </div>
    </section>
  );
}
