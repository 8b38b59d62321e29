/**
 * Changing the password (PUT /user/auth): the current one and a new one. The server
 * ends every login and returns a new token, which is stored (spec section 7), so
 * this browser stays signed in.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { VALIDATION_MESSAGE } from '../../../domain/shopper-message.ts';
import { changePasswordSchema, PASSWORD_MIN_LENGTH } from '../../../domain/schemas/auth.ts';
import { INTERNAL_ERROR_MESSAGE } from '../../../domain/shopper-message.ts';
import { useChangePassword } from './account-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { PasswordField } from '../../shared/login/password-field.tsx';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

type PasswordInput = z.input<typeof changePasswordSchema>;
type PasswordOutput = z.output<typeof changePasswordSchema>;
const FIELDS = ['current_password', 'password'] as const;

export function PasswordForm() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<PasswordInput, unknown, PasswordOutput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', password: '' },
  });
  const touched = (name: (typeof FIELDS)[number]) => Boolean(touchedFields[name]) || isSubmitted;

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(null);
      setSaved(false);
      try {
        await change.mutateAsync(values);
        reset({ current_password: '', password: '' });
        setSaved(true);
      } catch (error) {
        if (!(error instanceof ApiError)) {
          setFormError(INTERNAL_ERROR_MESSAGE);
          return;
        }
        let focus = true;
        for (const field of FIELDS) {
          const message = error.errors?.[field]?.[0];
          if (!message) continue;
          setError(field, { type: 'server', message }, { shouldFocus: focus });
          focus = false;
        }
        setFormError(error.message);
      }
    },
    () => {
      setSaved(false);
      setFormError(VALIDATION_MESSAGE);
    },
  );

  return (
    <form className="account-form" aria-label="Change your password" noValidate onSubmit={onSubmit}>
      {formError && <Notice tone="error">{formError}</Notice>}
      {saved && (
        <Notice tone="success">
          Your password has been changed. You have been logged out everywhere else.
        </Notice>
      )}
      <fieldset className="account-form__fields" disabled={isSubmitting}>
        <PasswordField
          {...register('current_password')}
          label="Current password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          touched={touched('current_password')}
        />
        <PasswordField
          {...register('password')}
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoComplete="new-password"
          error={errors.password?.message}
          touched={touched('password')}
        />
        <Button type="submit" busy={isSubmitting} busyLabel="Changing password">
          Change password
        </Button>
      </fieldset>
    </form>
  );
}
