/**
 * The forgotten-password request: an email address and the captcha (action
 * 'reset_password'). The server answers the same message whether or not the
 * address has an account, and that message is what the shopper sees.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { CAPTCHA_FIELD, resetRequestSchema } from '../../../domain/schemas/auth.ts';
import { useRequestReset } from '../../api/user-changes.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Captcha } from '../../shared/login/captcha.tsx';
import { useCaptchaForm } from '../../shared/login/use-captcha-form.ts';

type ResetRequestInput = z.input<typeof resetRequestSchema>;
type ResetRequestOutput = z.output<typeof resetRequestSchema>;

const FIELDS = ['email', CAPTCHA_FIELD] as const;

export function ForgotPasswordForm() {
  const requestReset = useRequestReset();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ResetRequestInput, unknown, ResetRequestOutput>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: '', [CAPTCHA_FIELD]: '' },
  });

  const {
    register,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = form;
  const { onSubmit, formError, captcha } = useCaptchaForm({
    form,
    fields: FIELDS,
    submit: (values) => requestReset.mutateAsync(values),
    onSuccess: (result) => setSent(result.message),
  });

  if (sent !== null) return <Notice tone="success">{sent}</Notice>;

  return (
    <form className="auth-form" aria-label="Reset your password" noValidate onSubmit={onSubmit}>
      {formError && <Notice tone="error">{formError}</Notice>}
      <fieldset className="auth-form__fields" disabled={isSubmitting}>
        <Field
          {...register('email')}
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          error={errors.email?.message}
          touched={Boolean(touchedFields.email) || isSubmitted}
        />
        <Captcha action="reset_password" {...captcha} />
        <Button type="submit" busy={isSubmitting} busyLabel="Sending">
          Send reset link
        </Button>
      </fieldset>
    </form>
  );
}
