/**
 * The 'Delivery instructions' form (spec sections 2 and 5): where the courier may
 * leave the parcel. Nothing is required; the note shows only for the options that
 * take one, within their limit. Saving sends the option, the note and the composed
 * delivery_safe_place text, then the shopper moves on to payment.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { BasketView } from '../../../../domain/api/basket.ts';
import {
  composeSafePlace,
  SAFE_PLACE_NOTES,
  SAFE_PLACE_OPTIONS,
  safePlaceSchema,
  type SafePlaceOption,
} from '../../../../domain/safe-place.ts';
import { VALIDATION_MESSAGE } from '../../../../domain/shopper-message.ts';
import { useSaveSafePlace } from '../../../api/basket-changes.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';
import { Notice } from '../../../ui/notice.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';

function storedOption(value: string | null): SafePlaceOption | null {
  return SAFE_PLACE_OPTIONS.find((option) => option === value) ?? null;
}

type FormErrors = Partial<
  Record<'delivery_safe_place_option' | 'delivery_safe_place_option_note', string>
>;

/** The safe-place choice and note, pre-filled from the basket. */
export function SafePlaceForm({ basket }: { basket: BasketView }) {
  const navigate = useNavigate();
  const save = useSaveSafePlace();
  const [option, setOption] = useState<SafePlaceOption | null>(() =>
    storedOption(basket.delivery_safe_place_option),
  );
  const [note, setNote] = useState(basket.delivery_safe_place_option_note ?? '');
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const noteField = option ? SAFE_PLACE_NOTES[option] : undefined;

  const choose = (value: SafePlaceOption) => {
    // A note written for the neighbour means nothing as an 'Other' place, and back.
    if (value !== option) setNote('');
    setOption(value);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = safePlaceSchema.safeParse({
      delivery_safe_place_option: option,
      delivery_safe_place_option_note: noteField ? note : null,
    });
    if (!parsed.success) {
      const found: FormErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'delivery_safe_place_option' || field === 'delivery_safe_place_option_note') {
          found[field] ??= issue.message;
        }
      }
      setErrors(found);
      setFailure(VALIDATION_MESSAGE);
      return;
    }
    setErrors({});
    const { delivery_safe_place_option, delivery_safe_place_option_note } = parsed.data;
    save.mutate(
      {
        delivery_safe_place_option,
        delivery_safe_place_option_note,
        delivery_safe_place: composeSafePlace(
          delivery_safe_place_option,
          delivery_safe_place_option_note,
        ),
      },
      {
        // Saved after the chosen option (the same queue): with no option saved (its save
        // failed), the shopper stays to choose one.
        onSuccess: (saved) => {
          if (saved.delivery_option) void navigate('/checkout/payment');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.isValidation && error.errors) {
            setErrors({
              delivery_safe_place_option: error.errors['delivery_safe_place_option']?.[0],
              delivery_safe_place_option_note: error.errors['delivery_safe_place_option_note']?.[0],
            });
          }
          setFailure(error.message);
        },
      },
    );
  };

  return (
    <form className="safe-place" aria-labelledby="safe-place-heading" noValidate onSubmit={submit}>
      <h2 id="safe-place-heading" className="safe-place__heading">
        Delivery instructions
      </h2>
      {failure && <Notice tone="error">{failure}</Notice>}
      <RadioGroup
        legend="If you're out, where can we leave your order?"
        name="delivery_safe_place_option"
        value={option}
        onChange={choose}
        disabled={save.isPending}
        options={SAFE_PLACE_OPTIONS.map((value) => ({ value, label: value }))}
      />
      {errors.delivery_safe_place_option && (
        <p className="field__error">{errors.delivery_safe_place_option}</p>
      )}
      {noteField && (
        <Field
          key={option}
          label={noteField.label}
          name="delivery_safe_place_option_note"
          maxLength={noteField.max}
          value={note}
          disabled={save.isPending}
          error={errors.delivery_safe_place_option_note}
          onChange={(event) => setNote(event.target.value)}
        />
      )}
      <Button type="submit" block busy={save.isPending} busyLabel="Updating basket">
        Continue to payment
      </Button>
    </form>
  );
}
