/**
 * Choosing a new password from the emailed link (/login/reset-password?token=…).
 * Success shows the server's message and a way to log in; a used or expired link
 * shows the server's message about the link and a way to ask for another.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { VALIDATION_MESSAGE } from '../../../domain/shopper-message.ts';
import { LINK_INVALID_MESSAGE, resetConfirmSchema } from '../../../domain/schemas/auth.ts';
import { useConfirmReset } from '../../api/user-changes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { applyServerErrors } from '../../shared/login/form-errors.ts';
import { PasswordField } from '../../shared/login/password-field.tsx';
import { FORGOT_PASSWORD_HASH } from '../../shared/login/paths.ts';
import './login.css';

const PASSWORDS_MUST_MATCH = 'Passwords must match';

const schema = z
  .object({
    password: resetConfirmSchema.shape.password,
    confirm_password: z.string(),
  })
  .check(
    z.refine(
      (values: { password: string; confirm_password: string }) =>
        values.password === values.confirm_password,
      {
        path: ['confirm_password'],
        message: PASSWORDS_MUST_MATCH,
        // Say so even while the first password is still too short.
        when: () => true,
      },
    ),
  );
type ResetFormInput = z.input<typeof schema>;
type ResetFormOutput = z.output<typeof schema>;

type Outcome = { kind: 'changed'; message: string } | { kind: 'link-invalid'; message: string };

export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { kind: 'link-invalid', message: LINK_INVALID_MESSAGE },
  );

  return (
    <div className="container login-page">
      <h1 className="login-page__heading">Choose a new password</h1>
      <section className="login-panel login-panel--narrow" aria-label="Choose a new password">
        {outcome?.kind === 'changed' ? (
          <>
            <Notice tone="success">{outcome.message}</Notice>
            <p>
              <Link to="/login" className="button button--primary">
                Log in
              </Link>
            </p>
          </>
        ) : outcome?.kind === 'link-invalid' ? (
          <>
            <Notice tone="error">{outcome.message}</Notice>
            <p>
              <Link to={{ pathname: '/login', hash: FORGOT_PASSWORD_HASH }}>
                Request a new reset link
              </Link>
            </p>
          </>
        ) : (
          <ResetPasswordForm token={token ?? ''} onOutcome={setOutcome} />
        )}
      </section>
    </div>
  );
}

function ResetPasswordForm({
  token,
  onOutcome,
}: {
  token: string;
  onOutcome: (outcome: Outcome) => void;
}) {
  const confirmReset = useConfirmReset();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<ResetFormInput, unknown, ResetFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(
    async ({ password }) => {
      setFormError(null);
      try {
        const { message } = await confirmReset.mutateAsync({ token, password });
        onOutcome({ kind: 'changed', message });
      } catch (error) {
        const linkMessage =
          error instanceof ApiError && error.isValidation ? error.errors?.token?.[0] : undefined;
        if (linkMessage) {
          onOutcome({ kind: 'link-invalid', message: linkMessage });
          return;
        }
        setFormError(
          applyServerErrors(error, ['password'] as const, (field, message, focus) =>
            setError(field, { type: 'server', message }, { shouldFocus: focus }),
          ),
        );
      }
    },
    () => setFormError(VALIDATION_MESSAGE),
  );

  return (
    <form className="auth-form" aria-label="New password" noValidate onSubmit={onSubmit}>
      {formError && <Notice tone="error">{formError}</Notice>}
      <fieldset className="auth-form__fields" disabled={isSubmitting}>
        <PasswordField
          {...register('password')}
          label="New password"
          hint="At least 6 characters."
          autoComplete="new-password"
          error={errors.password?.message}
          touched={Boolean(touchedFields.password) || isSubmitted}
        />
        <PasswordField
          {...register('confirm_password')}
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          touched={Boolean(touchedFields.confirm_password) || isSubmitted}
        />
        <Button type="submit" busy={isSubmitting} busyLabel="Saving">
          Change password
        </Button>
      </fieldset>
    </form>
  );
}
