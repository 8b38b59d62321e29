/**
 * 'New customer? Create an account': title, names, email, password, the newsletter
 * choice and the captcha (action 'register'). A new account is signed in at once,
 * exactly as a login is.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { TITLE_OPTIONS, TITLES, type Title } from '../../../domain/titles.ts';
import { CAPTCHA_FIELD, registerSchema } from '../../../domain/schemas/auth.ts';
import { useRegister } from '../../api/user-changes.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { Captcha } from '../../shared/login/captcha.tsx';
import { useCaptchaForm } from '../../shared/login/use-captcha-form.ts';
import { PasswordField } from '../../shared/login/password-field.tsx';

// The title is optional: the select's empty choice is sent as null.
const schema = z.extend(registerSchema, {
  title: z.pipe(
    z.union([z.enum(TITLES), z.literal('')]),
    z.transform((title: Title | '') => title || null),
  ),
});
type RegisterFormInput = z.input<typeof schema>;
type RegisterFormOutput = z.output<typeof schema>;

const FIELDS = [
  'title',
  'first_name',
  'last_name',
  'email',
  'password',
  'newsletter',
  CAPTCHA_FIELD,
] as const;

export interface RegisterFormProps {
  /** Called with the new account's token; the form stays busy until it settles. */
  onRegistered: (result: { token: string; redirect_uri?: string }) => Promise<void>;
}

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const registration = useRegister();
  const [succeeded, setSucceeded] = useState(false);
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: '',
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      newsletter: false,
      [CAPTCHA_FIELD]: '',
    },
  });
  const {
    register,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = form;
  const touched = (name: 'first_name' | 'last_name' | 'email' | 'password') =>
    Boolean(touchedFields[name]) || isSubmitted;

  const { onSubmit, formError, captcha } = useCaptchaForm({
    form,
    fields: FIELDS,
    submit: (values) => registration.mutateAsync(values),
    onSuccess: async (result) => {
      setSucceeded(true);
      await onRegistered(result);
    },
  });

  return (
    <form className="auth-form" aria-label="Create an account" noValidate onSubmit={onSubmit}>
      {formError && <Notice tone="error">{formError}</Notice>}
      {succeeded && <Notice tone="success">Success, logging you in...</Notice>}
      <fieldset className="auth-form__fields" disabled={isSubmitting}>
        <SelectField
          {...register('title')}
          className="auth-form__title"
          label={
            <>
              Title <span className="auth-form__optional">(optional)</span>
            </>
          }
          placeholder="Select a title"
          options={TITLE_OPTIONS}
          error={errors.title?.message}
        />
        <div className="auth-form__names">
          <Field
            {...register('first_name')}
            label="First name"
            autoComplete="given-name"
            maxLength={50}
            error={errors.first_name?.message}
            touched={touched('first_name')}
          />
          <Field
            {...register('last_name')}
            label="Last name"
            autoComplete="family-name"
            maxLength={50}
            error={errors.last_name?.message}
            touched={touched('last_name')}
          />
        </div>
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
          hint="At least 6 characters."
          autoComplete="new-password"
          error={errors.password?.message}
          touched={touched('password')}
        />
        <label className="auth-form__check">
          <input type="checkbox" {...register('newsletter')} />
          Send me the Everbloom newsletter, with new arrivals and offers
        </label>
        <Captcha action="register" {...captcha} />
        <Button type="submit" busy={isSubmitting} busyLabel="Creating account">
          Create account
        </Button>
      </fieldset>
    </form>
  );
}
