/**
 * Setting up a staff account from its one-time link (/admin/setup/:token, ADR 048): the
 * authenticator app's secret as a QR code and as text, then a password and the app's
 * first code. On success the staff member is signed in and sees the back office.
 * Signed out it is the whole page (its routes wrap it in <main>); signed in, it shows
 * inside the layout's.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { StaffSetupView } from '../../../domain/api/admin-staff.ts';
import type { StaffView } from '../../../domain/staff.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { adminApi, ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { useSetSession } from '../lib/session.ts';
import './staff-auth.css';

/** The secret in groups of four, as authenticator apps' manual entry shows it. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function SetupPage() {
  usePageTitle('Set up your account');
  const { token = '' } = useParams();
  const account = useQuery({
    queryKey: ['admin', 'setup', token],
    queryFn: () => adminApi<StaffSetupView>('GET', `/auth/setup/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <div className="admin-login admin-setup">
      <h1>Set up your back office account</h1>
      {account.isPending && <LoadingOverlay message="Loading…" />}
      {account.isError && <Notice tone="error">{account.error.message}</Notice>}
      {account.data && <SetupForm token={token} account={account.data} />}
    </div>
  );
}

function SetupForm({ token, account }: { token: string; account: StaffSetupView }) {
  const setSession = useSetSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const errorRef = useRef<HTMLDivElement>(null);
  const setup = useMutation({
    mutationFn: () =>
      adminApi<{ staff: StaffView }>('POST', `/auth/setup/${encodeURIComponent(token)}`, {
        password,
        code,
      }),
    onSuccess: ({ staff }) => {
      void navigate('/admin', { replace: true });
      setSession(staff);
    },
  });
  const fieldErrors = setup.error instanceof ApiError ? (setup.error.errors ?? {}) : {};
  const message = setup.error?.message;
  useEffect(() => {
    if (message) errorRef.current?.focus();
  }, [message, setup.submittedAt]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!setup.isPending) setup.mutate();
  };
  return (
    <>
      <p>
        Welcome, {account.name} ({account.email}). Your account needs a password and an
        authenticator app (any app that shows six-digit codes, such as Google Authenticator,
        Microsoft Authenticator or 1Password).
      </p>
      <ol>
        <li>
          <p>Add the shop to your authenticator app by scanning this QR code:</p>
          <img
            className="admin-setup__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(account.qr_svg)}`}
            alt="QR code to add Everbloom back office to an authenticator app"
          />
          <p>
            Or enter this key in the app by hand (time-based, six digits):{' '}
            <code
              className="admin-setup__secret"
              aria-label={`Key: ${account.secret.split('').join(' ')}`}
            >
              {groupedSecret(account.secret)}
            </code>
          </p>
        </li>
        <li>
          <p>Choose a password and enter the code the app now shows.</p>
          <form onSubmit={submit} noValidate aria-busy={setup.isPending || undefined}>
            {message && (
              <div ref={errorRef} tabIndex={-1} className="admin-login__error">
                <Notice tone="error">{message}</Notice>
              </div>
            )}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={account.email}
              readOnly
              hidden
            />
            <Field
              label="Password"
              hint="At least 6 characters."
              type="password"
              name="password"
              autoComplete="new-password"
              required
              value={password}
              error={fieldErrors.password?.[0]}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Field
              label="Authenticator code"
              hint="The six-digit code your app shows for Everbloom back office."
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              value={code}
              error={fieldErrors.code?.[0]}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <Button type="submit" block busy={setup.isPending} busyLabel="Setting up…">
              Set up and sign in
            </Button>
          </form>
        </li>
      </ol>
    </>
  );
}
