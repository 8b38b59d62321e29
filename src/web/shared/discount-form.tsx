/**
 * The discount form (spec sections 2 and 4), shared by the basket page and the
 * checkout's order summary. Three states follow the basket's voucher: none (enter a
 * code), valid (show it, with Remove) and invalid (say why, with Remove). The code's
 * validation loads after the form is drawn (ADR 079).
 */
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useForm } from 'react-hook-form';
import type { BasketView } from '../../domain/api/basket.ts';
import { INTERNAL_ERROR_MESSAGE } from '../../domain/shopper-message.ts';
import {
  INVALID_VOUCHER_CODE_MESSAGE,
  VOUCHER_CODE_MAX_LENGTH,
  VOUCHER_CODE_PATTERN_MESSAGE,
} from '../../domain/voucher-code.ts';
import { useSetVoucher } from '../api/basket-changes.ts';
import { ApiError } from '../lib/api-client.ts';
import { lazyResolver, usePreloadWhenIdle } from '../lib/lazy-resolver.ts';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { Notice } from '../ui/notice.tsx';
import type { DiscountFormInput, DiscountFormOutput } from './discount-validation.ts';
import './discount-form.css';

export interface DiscountFormProps {
  basket: BasketView;
}

/** Shows the basket's discount code, or a form to enter one. */
export function DiscountForm({ basket }: DiscountFormProps) {
  const { voucher } = basket;
  const state = voucher === null ? 'none' : voucher.valid ? 'valid' : 'invalid';
  const root = useRef<HTMLDivElement>(null);
  const previous = useRef(state);
  // A code applied or removed is a status message (WCAG 4.1.3): the region is always
  // there, so screen readers hear its text change. A rejected code is an alert below.
  const [announcement, setAnnouncement] = useState('');

  // Applying or removing swaps the controls; if focus went with them, put it on the
  // new state's control rather than leaving it on the page body.
  useEffect(() => {
    if (previous.current === state) return;
    previous.current = state;
    setAnnouncement(
      state === 'valid'
        ? `Discount code ${voucher?.code ?? ''} applied.`
        : state === 'none'
          ? 'Discount code removed.'
          : '',
    );
    const active = document.activeElement;
    if (active && active !== document.body) return;
    root.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [state, voucher?.code]);

  return (
    <div className="discount-form" ref={root}>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {voucher === null ? (
        <DiscountCodeEntry />
      ) : voucher.valid ? (
        <CodeOnBasket code={voucher.code}>
          <p className="discount-form__applied">
            Discount code: <strong className="discount-form__code">{voucher.code}</strong>
          </p>
        </CodeOnBasket>
      ) : (
        <CodeOnBasket code={voucher.code}>
          <div className="discount-form__invalid" role="alert">
            <p className="discount-form__invalid-title">{INVALID_VOUCHER_CODE_MESSAGE}</p>
            <p>{`"${voucher.code}" could not be found.`}</p>
            {/* Why a known code does not apply goes beside the spec's two lines, not in their place. */}
            {voucher.message && <p className="discount-form__reason">{voucher.message}</p>}
          </div>
        </CodeOnBasket>
      )}
    </div>
  );
}

const validation = lazyResolver(() =>
  import('./discount-validation.ts').then((module) => module.discountResolver),
);

/** Puts an input's value in capitals without moving the caret. */
function upperCaseInPlace(event: ChangeEvent<HTMLInputElement>): void {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = upper;
  if (selectionStart !== null && selectionEnd !== null) {
    input.setSelectionRange(selectionStart, selectionEnd);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : INTERNAL_ERROR_MESSAGE;
}

function DiscountCodeEntry() {
  const setVoucher = useSetVoucher();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<DiscountFormInput, unknown, DiscountFormOutput>({
    resolver: validation.resolver,
    defaultValues: { voucher_code: '' },
  });
  const field = register('voucher_code');
  usePreloadWhenIdle(validation.preload);

  const submit = handleSubmit(async ({ voucher_code }) => {
    setFormError(null);
    try {
      // On success the basket is replaced and this form gives way to the applied
      // (or invalid) code.
      await setVoucher.mutateAsync(voucher_code);
    } catch (error) {
      const fieldMessage =
        error instanceof ApiError && error.isValidation
          ? error.errors?.voucher_code?.[0]
          : undefined;
      if (fieldMessage) {
        setError('voucher_code', { type: 'server', message: fieldMessage }, { shouldFocus: true });
      } else {
        setFormError(messageOf(error));
      }
    }
  });
  // Only the validation's code failing to load (the network dropped) rejects here.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    submit(event).catch(() => setFormError(INTERNAL_ERROR_MESSAGE));

  return (
    <form
      className="discount-form__entry"
      noValidate
      onSubmit={onSubmit}
      onFocus={validation.preload}
    >
      {formError && <Notice tone="error">{formError}</Notice>}
      <div className="discount-form__row">
        <Field
          {...field}
          onChange={(event) => {
            upperCaseInPlace(event);
            return field.onChange(event);
          }}
          label="Discount code"
          placeholder="Enter your code"
          className="discount-form__field"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={VOUCHER_CODE_MAX_LENGTH}
          pattern="[A-Z0-9]+"
          title={VOUCHER_CODE_PATTERN_MESSAGE}
          error={errors.voucher_code?.message}
          // Errors show on touched fields; a submit attempt counts as touching it.
          touched={Boolean(touchedFields.voucher_code) || isSubmitted}
        />
        <Button
          type="submit"
          variant="secondary"
          className="discount-form__apply"
          busy={isSubmitting}
          busyLabel="Applying"
        >
          Apply
        </Button>
      </div>
    </form>
  );
}

/**
 * A code already on the basket, with a Remove button. Remove sets the code to
 * null; a failure shows its message here.
 */
function CodeOnBasket({ code, children }: { code: string; children: ReactNode }) {
  const setVoucher = useSetVoucher();
  return (
    <div className="discount-form__state">
      {setVoucher.error && <Notice tone="error">{messageOf(setVoucher.error)}</Notice>}
      <div className="discount-form__current">
        <div className="discount-form__current-text">{children}</div>
        <Button
          variant="secondary"
          className="discount-form__remove"
          aria-label={`Remove discount code ${code}`}
          busy={setVoucher.isPending}
          busyLabel="Removing"
          onClick={() => setVoucher.mutate(null)}
        >
          Remove
        </Button>
      </div>
    </div>
  );
}
