/**
 * Order tracking for anyone (/track-order, ADR 023): the order number from the
 * confirmation email and the email address it was placed with. A match shows the
 * order (with 'Cancel pre-order' when it may be cancelled; this browser may then
 * cancel it as a guest); a mismatch gives the catalogue's message with both fields
 * marked for correction. The form's rules are the server's (domain/schemas).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod/mini';
import type { OrderView } from '../../../domain/api/order.ts';
import { trackOrderSchema } from '../../../domain/schemas/order-tracking.ts';
import { INTERNAL_ERROR_MESSAGE } from '../../../domain/shopper-message.ts';
import { useTrackOrder } from '../../api/orders.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuthToken } from '../../lib/auth-token-read.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { OrderDetail } from '../../shared/order/order-detail.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import './track-order.css';

type TrackInput = z.input<typeof trackOrderSchema>;
type TrackOutput = z.output<typeof trackOrderSchema>;
const FIELDS = ['order_number', 'email_address'] as const;

export function TrackOrderPage() {
  const [order, setOrder] = useState<OrderView | null>(null);
  usePageTitle(order ? `Order ${order.order_number}` : 'Track your order');
  return (
    <div className="container track-order">
      {order ? (
        <TrackedOrder order={order} onCancelled={setOrder} onAnother={() => setOrder(null)} />
      ) : (
        <TrackOrderForm onFound={setOrder} />
      )}
    </div>
  );
}

function TrackedOrder({
  order,
  onCancelled,
  onAnother,
}: {
  order: OrderView;
  onCancelled: (order: OrderView) => void;
  onAnother: () => void;
}) {
  const top = useRef<HTMLDivElement>(null);
  const token = useAuthToken();
  useEffect(() => {
    top.current?.querySelector('h1')?.focus();
  }, [order.public_id]);
  return (
    <div ref={top} className="track-order__result">
      <OrderDetail order={order} asOwner={false} onCancelled={onCancelled} />
      <p>
        <Button variant="secondary" onClick={onAnother}>
          Track another order
        </Button>
      </p>
      {!token && (
        <p className="track-order__hint">
          Have an account? <Link to="/login">Log in</Link> to see all your orders in one place.
        </p>
      )}
    </div>
  );
}

function TrackOrderForm({ onFound }: { onFound: (order: OrderView) => void }) {
  const track = useTrackOrder();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<TrackInput, unknown, TrackOutput>({
    resolver: zodResolver(trackOrderSchema),
    defaultValues: { order_number: '', email_address: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onFound(await track.mutateAsync(values));
    } catch (error) {
      // Per-field messages (validation, or which fields to check when they do not
      // match) go on the fields, the first focused; the message above the form.
      let focus = true;
      if (error instanceof ApiError && error.errors) {
        for (const [key, messages] of Object.entries(error.errors)) {
          if (!(FIELDS as readonly string[]).includes(key) || !messages[0]) continue;
          setError(
            key as (typeof FIELDS)[number],
            { message: messages[0] },
            { shouldFocus: focus },
          );
          focus = false;
        }
      }
      setFormError(
        error instanceof Error && error.message ? error.message : INTERNAL_ERROR_MESSAGE,
      );
    }
  });

  return (
    <>
      <h1>Track your order</h1>
      <p className="track-order__intro">
        Enter your order number (it starts EB- and is in your confirmation email) and the email
        address you ordered with. You can see your order&rsquo;s progress and cancel a pre-order
        that has not been dispatched.
      </p>
      <form
        className="track-order__form"
        aria-label="Track your order"
        noValidate
        onSubmit={onSubmit}
      >
        {formError && <Notice tone="error">{formError}</Notice>}
        {/* Left enabled while searching, so the field to correct can take focus. */}
        <fieldset className="track-order__fields">
          <Field
            {...register('order_number')}
            label="Order number"
            hint="For example EB-7K3Q9M2X"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            error={errors.order_number?.message}
            touched={Boolean(touchedFields.order_number) || isSubmitted}
          />
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
          <Button type="submit" busy={isSubmitting} busyLabel="Finding your order">
            Track order
          </Button>
        </fieldset>
      </form>
    </>
  );
}
