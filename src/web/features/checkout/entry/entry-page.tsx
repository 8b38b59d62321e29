/**
 * The checkout's entry step, /checkout (spec sections 2 and 4): a guest gives an
 * email or logs in; a signed-in customer is checked ('Checking account details'),
 * then the basket's guest email is cleared and the shopper moves on to the
 * delivery address step by themselves, or with Continue.
 */
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import type { UserView } from '../../../../domain/api/user.ts';
import { useBasket } from '../../../api/basket.ts';
import { useUpdateBasketDetails } from '../../../api/basket-changes.ts';
import { useUser } from '../../../api/user.ts';
import { useLogout, useSignIn } from '../../../api/user-changes.ts';
import { useAuthToken } from '../../../lib/auth-token-read.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { messageOf } from '../../../shared/login/form-errors.ts';
import { LoginForm } from '../../../shared/login/login-form.tsx';
import { FORGOT_PASSWORD_HASH } from '../../../shared/login/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadingOverlay } from '../../../ui/loading-overlay.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { ADDRESS_PATH } from '../header/checkout-steps.ts';
import { GuestEmailForm } from './guest-email-form.tsx';

type Choice = 'guest' | 'returning';

interface SignedInProps {
  user: UserView;
  onLogOut: () => void;
  loggingOut: boolean;
}

function SignedIn({ user, onLogOut, loggingOut }: SignedInProps) {
  const navigate = useNavigate();
  const clearEmail = useUpdateBasketDetails();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const continueAsUser = async () => {
    setError(null);
    try {
      // The order goes to the account's email, not one typed as a guest earlier.
      await clearEmail.mutateAsync({ email_address: null });
    } catch (failure) {
      setError(messageOf(failure));
      return;
    }
    void navigate(ADDRESS_PATH);
  };

  // The account check succeeded: nothing to ask, so carry straight on (once).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void continueAsUser();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run once, on arrival
  }, []);

  return (
    <section className="checkout-entry__panel" aria-labelledby="checkout-logged-in">
      <h2 id="checkout-logged-in" className="checkout-entry__subheading">
        Logged in
      </h2>
      {error && <Notice tone="error">{error}</Notice>}
      <p>Continue as {user.full_name}</p>
      <div className="checkout-entry__actions">
        <Button
          busy={clearEmail.isPending}
          busyLabel="Continuing"
          onClick={() => void continueAsUser()}
        >
          Continue
        </Button>
        <Button
          variant="secondary"
          busy={loggingOut}
          disabled={clearEmail.isPending}
          onClick={onLogOut}
        >
          Log out
        </Button>
      </div>
    </section>
  );
}

function GuestOrLogin({ onLoggedIn }: { onLoggedIn: (token: string) => Promise<void> }) {
  const { data: basket } = useBasket({ refetchOnWindowFocus: true });
  const [choice, setChoice] = useState<Choice>('guest');
  const email = basket?.email_address ?? null;
  return (
    <RadioGroup<Choice>
      legend="How would you like to check out?"
      hideLegend
      name="checkout-type"
      value={choice}
      onChange={setChoice}
      options={[
        {
          value: 'guest',
          label: 'Guest checkout',
          description: 'Checkout as a guest. You can create an account later.',
          panel: (
            <>
              {email && <p>Checking out as a guest.</p>}
              <GuestEmailForm email={email} />
            </>
          ),
        },
        {
          value: 'returning',
          label: 'Returning customer?',
          description: 'Checkout quickly with your existing login details.',
          panel: (
            <LoginForm
              onLoggedIn={({ token }) => onLoggedIn(token)}
              forgotPassword={
                <Link to={`/login${FORGOT_PASSWORD_HASH}`}>Forgotten your password?</Link>
              }
            />
          ),
        },
      ]}
    />
  );
}

export function EntryPage() {
  usePageTitle('Secure checkout');
  const navigate = useNavigate();
  const signedIn = useAuthToken() !== null;
  const user = useUser();
  const signIn = useSignIn();
  const logout = useLogout();
  // Between storing the token and claiming the basket for the account, the login
  // form stays (showing its success message): the email must not be cleared on a
  // basket about to be merged.
  const [signingIn, setSigningIn] = useState(false);

  const onLoggedIn = async (token: string) => {
    // Committed before the token is stored, which re-renders this page at once.
    flushSync(() => setSigningIn(true));
    try {
      await signIn(token);
    } finally {
      // The account check (a fresh fetch of the user) has started with the
      // token; the signed-in view follows it.
      setSigningIn(false);
    }
  };

  const onLogOut = async () => {
    await logout.mutateAsync();
    void navigate('/login');
  };

  let content;
  if (signedIn && !signingIn && user.isPending) {
    content = <LoadingOverlay message="Checking account details" />;
  } else if (signedIn && !signingIn && user.data) {
    content = (
      <SignedIn user={user.data} onLogOut={() => void onLogOut()} loggingOut={logout.isPending} />
    );
  } else {
    // A guest, or an account that could not be checked: they can still check out.
    content = <GuestOrLogin onLoggedIn={onLoggedIn} />;
  }
  return (
    <div className="checkout-entry">
      <h1>Secure checkout</h1>
      {content}
    </div>
  );
}
