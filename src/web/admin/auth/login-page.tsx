/**
 * Staff sign-in: email, password and the authenticator app's six-digit code
 * (POST /api/v1/admin/auth/login). Shown at any back-office address while signed out;
 * once signed in, that page appears.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { StaffView } from '../../../domain/staff.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { adminApi, ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { useSetSession } from '../lib/session.ts';

export function LoginPage() {
  usePageTitle('Sign in');
  const setSession = useSetSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const login = useMutation({
    mutationFn: () =>
      adminApi<{ staff: StaffView }>('POST', '/auth/login', { email, password, code }),
    onSuccess: ({ staff }) => setSession(staff),
    onError: () => setCode(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  const error = login.error instanceof ApiError ? login.error.message : login.error?.message;
  return (
    <main className="admin-login">
      <h1>Everbloom back office</h1>
      <form onSubmit={submit} noValidate aria-describedby={error ? 'login-error' : undefined}>
        {error && (
          <div id="login-error">
            <Notice tone="error">{error}</Notice>
          </div>
        )}
        <Field
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label="Authenticator code"
          hint="The six-digit code your authenticator app shows for Everbloom."
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
    </main>
  );
}
