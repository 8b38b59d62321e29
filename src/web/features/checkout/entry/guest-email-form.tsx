/**
 * The guest's email form on the entry step (spec sections 2, 5 and 8): Email
 * address, Continue ('Updating basket' while the basket is saved), then 'Success,
 * continuing...' and the delivery address step. A failure shows the server's
 * message; its validation errors go on the field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { VALIDATION_MESSAGE } from '../../../../domain/shopper-message.ts';
import { emailSchema } from '../../../../domain/schemas/email.ts';
import { useUpdateBasketDetails } from '../../../api/basket-changes.ts';
import { applyServerErrors } from '../../../shared/login/form-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { ADDRESS_PATH } from '../header/checkout-steps.ts';

const schema = z.object({ email_address: emailSchema });

/** How long 'Success, continuing...' shows before the address step opens. */
export const GUEST_SUCCESS_PAUSE_MS = 700;
type GuestInput = z.input<typeof schema>;
type GuestOutput = z.output<typeof schema>;

export function GuestEmailForm({ email }: { email: string | null }) {
  const navigate = useNavigate();
  const update = useUpdateBasketDetails();
  const [formError, setFormError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const form = useForm<GuestInput, unknown, GuestOutput>({
    resolver: zodResolver(schema),
    defaultValues: { email_address: email ?? '' },
  });
  const {
    register,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = form;

  // The shopper sees the email was taken before the page changes under them.
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate(ADDRESS_PATH), GUEST_SUCCESS_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        await update.mutateAsync({ email_address: values.email_address });
      } catch (error) {
        setFormError(
          applyServerErrors(error, ['email_address'] as const, (field, message, focus) =>
            form.setError(field, { type: 'server', message }, { shouldFocus: focus }),
          ),
        );
        return;
      }
      setSucceeded(true);
    },
    () => setFormError(VALIDATION_MESSAGE),
  );

  return (
    <form className="auth-form" aria-label="Guest checkout" noValidate onSubmit={onSubmit}>
      {formError && <Notice tone="error">{formError}</Notice>}
      {succeeded && <Notice tone="success">Success, continuing...</Notice>}
      <fieldset className="auth-form__fields" disabled={isSubmitting || succeeded}>
        <Field
          {...register('email_address')}
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          error={errors.email_address?.message}
          touched={Boolean(touchedFields.email_address) || isSubmitted}
        />
        <Button type="submit" busy={isSubmitting} busyLabel="Updating basket">
          Continue
        </Button>
      </fieldset>
    </form>
  );
}
