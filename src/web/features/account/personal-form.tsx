/** Editing the customer's title and name (PUT /api/v1/user/personal). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import type { UserView } from '../../../domain/api/user.ts';
import { VALIDATION_MESSAGE } from '../../../domain/shopper-message.ts';
import { TITLE_OPTIONS, TITLES, type Title } from '../../../domain/titles.ts';
import { personalSchema } from '../../../domain/schemas/auth.ts';
import { INTERNAL_ERROR_MESSAGE } from '../../../domain/shopper-message.ts';
import { useUpdatePersonal } from '../../api/user-changes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { Notice } from '../../ui/notice.tsx';

// The title is optional: the select's empty choice is sent as null.
const schema = z.extend(personalSchema, {
  title: z.pipe(
    z.union([z.enum(TITLES), z.literal('')]),
    z.transform((title: Title | '') => title || null),
  ),
});
type PersonalInput = z.input<typeof schema>;
type PersonalOutput = z.output<typeof schema>;

const FIELDS = ['title', 'first_name', 'last_name'] as const;
type FieldName = (typeof FIELDS)[number];

const isTitle = (value: string | null): value is Title =>
  (TITLES as readonly (string | null)[]).includes(value);

export function PersonalForm({ user }: { user: UserView }) {
  const update = useUpdatePersonal();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<PersonalInput, unknown, PersonalOutput>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: isTitle(user.title) ? user.title : '',
      first_name: user.first_name,
      last_name: user.last_name,
    },
  });
  const touched = (name: 'first_name' | 'last_name') => Boolean(touchedFields[name]) || isSubmitted;

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(null);
      setSaved(false);
      try {
        const updated = await update.mutateAsync(values);
        reset({
          title: isTitle(updated.title) ? updated.title : '',
          first_name: updated.first_name,
          last_name: updated.last_name,
        });
        setSaved(true);
      } catch (error) {
        setFormError(
          serverMessage(error, (field, message, focus) =>
            setError(field, { type: 'server', message }, { shouldFocus: focus }),
          ),
        );
      }
    },
    () => {
      setSaved(false);
      setFormError(VALIDATION_MESSAGE);
    },
  );

  return (
    <form className="account-form" aria-label="Your name" noValidate onSubmit={onSubmit}>
      {formError && <Notice tone="error">{formError}</Notice>}
      {saved && <Notice tone="success">Your details have been saved.</Notice>}
      <fieldset className="account-form__fields" disabled={isSubmitting}>
        <SelectField
          {...register('title')}
          className="account-form__title"
          label={
            <>
              Title <span className="account-form__optional">(optional)</span>
            </>
          }
          placeholder="No title"
          options={TITLE_OPTIONS}
          error={errors.title?.message}
        />
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
        <Button type="submit" busy={isSubmitting} busyLabel="Saving">
          Save changes
        </Button>
      </fieldset>
    </form>
  );
}

/** Puts a 422's messages on the fields; returns the message for the form. */
function serverMessage(
  error: unknown,
  setFieldError: (field: FieldName, message: string, focus: boolean) => void,
): string {
  if (!(error instanceof ApiError)) {
    return INTERNAL_ERROR_MESSAGE;
  }
  if (error.isValidation && error.errors) {
    let focus = true;
    for (const field of FIELDS) {
      const message = error.errors[field]?.[0];
      if (!message) continue;
      setFieldError(field, message, focus);
      focus = false;
    }
  }
  return error.message;
}
