/**
 * The customer's own UK GDPR requests (ADR 066): download everything the shop holds
 * about them (GET /user/export, saved as a JSON file), and erase their personal data
 * (POST /user/erase with their password; refused while an order is still to be sent).
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { CustomerExportView } from '../../../domain/api/admin-customers.ts';
import { useLogout } from '../../api/user-changes.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import { PasswordField } from '../../shared/login/password-field.tsx';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

/** Saves `data` as a JSON file through a temporary link. */
function saveJson(data: unknown, filename: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DataExport() {
  const download = useMutation({
    mutationFn: () => api<CustomerExportView>('GET', '/user/export'),
    onSuccess: (data) => saveJson(data, 'everbloom-my-data.json'),
  });
  return (
    <div className="account-form">
      <p>
        A file (JSON) of everything we hold about you: your account, addresses, orders, buds,
        credit, wishlist, stock alerts and baskets.
      </p>
      <Button
        type="button"
        variant="secondary"
        busy={download.isPending}
        busyLabel="Preparing your data"
        onClick={() => download.mutate()}
      >
        Download your data
      </Button>
      <div aria-live="polite">
        {download.isSuccess && <Notice tone="success">Your data has been downloaded.</Notice>}
      </div>
      {download.error && <Notice tone="error">{download.error.message}</Notice>}
    </div>
  );
}

export function DataErase() {
  const logout = useLogout();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const erase = useMutation({
    mutationFn: (value: string) => api('POST', '/user/erase', { password: value }),
    onSuccess: async () => {
      await logout.mutateAsync();
      await navigate('/', { replace: true });
    },
    onError: (error) => {
      setFieldError(error instanceof ApiError ? error.errors?.password?.[0] : undefined);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!password) {
      setFieldError('Please enter your password');
      return;
    }
    setFieldError(undefined);
    erase.mutate(password);
  };
  return (
    <form
      className="account-form"
      aria-label="Erase your personal data"
      noValidate
      onSubmit={submit}
    >
      <p>
        We will replace your name, email address and addresses, delete your saved addresses,
        wishlist and stock alerts, and sign you out everywhere. Orders are kept for our accounts,
        without your name or address. This cannot be undone.
      </p>
      {erase.error && !fieldError && <Notice tone="error">{erase.error.message}</Notice>}
      <fieldset className="account-form__fields" disabled={erase.isPending}>
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError}
          touched={touched}
        />
        <Button type="submit" busy={erase.isPending} busyLabel="Erasing your data">
          Erase my personal data
        </Button>
      </fieldset>
    </form>
  );
}
