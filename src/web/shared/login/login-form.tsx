/**
 * The login form (spec sections 2, 4 and 5): Email address, Password with a reveal
 * toggle, the captcha (action 'login') and 'Log in'. Idle → submitting (inputs
 * disabled, 'Logging in') → success ('Success, logging you in...', then the token is
 * stored, the basket claimed and the browser sent to the reply's redirect_uri, else
 * /account) or error (the message in the form; validation errors on their fields).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { CAPTCHA_FIELD, loginFormSchema, loginSchema } from '../../../domain/schemas/auth.ts';
import { useLogin } from '../../api/user-changes.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Captcha } from './captcha.tsx';
import { useCaptchaForm } from './use-captcha-form.ts';
import { PasswordField } from './password-field.tsx';
import './auth-form.css';

const schema = z.extend(loginFormSchema, { [CAPTCHA_FIELD]: loginSchema.shape[CAPTCHA_FIELD] });
type LoginFormInput = z.input<typeof schema>;
type LoginFormOutput = z.output<typeof schema>;

const FIELDS = ['email', 'password', CAPTCHA_FIELD] as const;

export interface LoginFormProps {
  /**
   * The page to return to after logging in, sent as redirect_uri; the server
   * echoes it in its reply only if it is a path on this site.
   */
  redirectUri?: string | null;
  /**
   * Called with the login reply once the server accepts the details; the form
   * stays busy (showing its success message) until the promise settles.
   */
  onLoggedIn: (result: { token: string; redirect_uri?: string }) => Promise<void>;
  /** The 'Forgotten your password?' link, which opens the parent's reset view. */
  forgotPassword: ReactNode;
}

export function LoginForm({ redirectUri, onLoggedIn, forgotPassword }: LoginFormProps) {
  const login = useLogin();
  const [succeeded, setSucceeded] = useState(false);
  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', [CAPTCHA_FIELD]: '' },
  });
  const {
    register,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = form;
  const touched = (name: 'email' | 'password') => Boolean(touchedFields[name]) || isSubmitted;

  const { onSubmit, formError, captcha } = useCaptchaForm({
    form,
    fields: FIELDS,
    submit: (values) =>
      login.mutateAsync(redirectUri ? { ...values, redirect_uri: redirectUri } : values),
    onSuccess: async (result) => {
      setSucceeded(true);
      await onLoggedIn(result);
    },
  });

  return (
    <form className="auth-form" aria-label="Log in" noValidate onSubmit={onSubmit}>
      {formError && <Notice tone="error">{formError}</Notice>}
      {succeeded && <Notice tone="success">Success, logging you in...</Notice>}
      <fieldset className="auth-form__fields" disabled={isSubmitting}>
        <Field
          {...register('email')}
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          error={errors.email?.message}
          touched={touched('email')}
        />
        <PasswordField
          {...register('password')}
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          touched={touched('password')}
        />
        <Captcha action="login" {...captcha} />
        <div className="auth-form__actions">
          <Button type="submit" busy={isSubmitting} busyLabel="Logging in">
            Log in
          </Button>
          <p className="auth-form__aside">{forgotPassword}</p>
        </div>
      </fieldset>
    </form>
  );
}
