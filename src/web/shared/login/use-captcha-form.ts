/**
 * The submit handling the captcha-guarded forms (log in, register, forgotten
 * password) share: clear the old message, call the server, put a 422's messages on
 * the fields (the rest in the form-level message), ask for a fresh captcha after any
 * failure (a Turnstile token works once), and show the form-level validation message
 * when the browser-side checks fail. It also wires the Captcha widget to the form's
 * captcha field (`captcha`: spread it onto <Captcha>).
 */
import { useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { VALIDATION_MESSAGE } from '../../../domain/shopper-message.ts';
import { CAPTCHA_FIELD } from '../../../domain/schemas/auth.ts';
import { applyServerErrors } from './form-errors.ts';

export function useCaptchaForm<I extends FieldValues, O, R>(options: {
  form: Pick<UseFormReturn<I, unknown, O>, 'handleSubmit' | 'setError' | 'setValue' | 'formState'>;
  /** Fields that can show a server message; others go into the form-level message. */
  fields: readonly Path<I>[];
  submit: (values: O) => Promise<R>;
  onSuccess: (result: R) => void | Promise<void>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const { form, fields, submit, onSuccess } = options;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      let result: R;
      try {
        result = await submit(values);
      } catch (error) {
        setFormError(
          applyServerErrors(error, fields, (field, message, focus) =>
            form.setError(field, { type: 'server', message }, { shouldFocus: focus }),
          ),
        );
        setCaptchaReset((count) => count + 1);
        return;
      }
      await onSuccess(result);
    },
    () => setFormError(VALIDATION_MESSAGE),
  );

  const { errors, isSubmitted, isSubmitting } = form.formState;
  const captchaField = CAPTCHA_FIELD as Path<I>;
  const captcha = {
    onToken: (token: string) =>
      form.setValue(captchaField, token as PathValue<I, Path<I>>, {
        // A new token clears the message; losing one waits for the next submit.
        shouldValidate: isSubmitted && token !== '',
        shouldDirty: true,
      }),
    error: errors[CAPTCHA_FIELD]?.message as string | undefined,
    disabled: isSubmitting,
    resetKey: captchaReset,
  };

  return { onSubmit, formError, captcha };
}
