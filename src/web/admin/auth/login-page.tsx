/**
 * Staff sign-in: email, password and the authenticator app's six-digit code
 * (POST /api/v1/admin/auth/login). Shown at any back-office address while signed out;
 * once signed in, that page appears. A refusal is announced (an alert) and takes the
 * focus, and the code is cleared: each code is good once.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { StaffView } from '../../../domain/staff.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { adminApi } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { useSetSession } from '../lib/session.ts';
import './staff-auth.css';

export const MISSING_DETAILS = 'Please enter your email, password and six-digit code.';

export function LoginPage() {
  usePageTitle('Sign in');
  const setSession = useSetSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const login = useMutation({
    mutationFn: () =>
      adminApi<{ staff: StaffView }>('POST', '/auth/login', { email, password, code }),
    onSuccess: ({ staff }) => setSession(staff),
    onError: () => setCode(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending) return;
    const incomplete = !email.trim() || !password || !/^\d{6}$/.test(code);
    setMissing(incomplete);
    if (incomplete) {
      login.reset();
      return;
    }
    login.mutate();
  };
  const error = missing ? MISSING_DETAILS : login.error?.message;
  // Each new refusal takes the focus, so a keyboard or screen-reader user hears it.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error, login.failureCount, login.submittedAt]);
  return (
    <main className="admin-login">
      <h1>Everbloom back office</h1>
      <p className="admin-login__lead">Sign in with your staff account.</p>
      <form
        onSubmit={submit}
        noValidate
        aria-describedby={error ? 'login-error' : undefined}
        aria-busy={login.isPending || undefined}
      >
        {error && (
          <div id="login-error" ref={errorRef} tabIndex={-1} className="admin-login__error">
            <Notice tone="error">{error}</Notice>
          </div>
        )}
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label="Authenticator code"
          hint="The six-digit code your authenticator app shows for Everbloom back office."
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <Button type="submit" block busy={login.isPending} busyLabel="Signing in…">
          Sign in
        </Button>
      </form>
      <p className="admin-login__help">
        Lost your authenticator or password? Ask an owner for a new set-up link.
      </p>
    </main>
  );
}
