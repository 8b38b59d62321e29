/**
 * 'Email me when it's back in stock' on an out-of-stock variation's product page
 * (ADR 025): an email address (the signed-in customer's to start with) and 'Notify me'.
 * Loaded on its own, only on pages that show it, so the product page stays light.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { safeParse } from 'zod/mini';
import { stockNotificationSchema } from '../../../domain/schemas/stock-alert.ts';
import { useStockNotificationSignUp } from '../../api/stock-alerts.ts';
import { useUser } from '../../api/user.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import './back-in-stock-form.css';

export interface BackInStockFormProps {
  /** The out-of-stock variation's id. */
  productId: number;
  /** What the shopper is waiting for, e.g. 'Artificial Calathea'. */
  productName: string;
}

const FALLBACK_ERROR = 'Sorry, we couldn’t sign you up just now. Please try again.';

export function BackInStockForm({ productId, productName }: BackInStockFormProps) {
  const headingId = useId();
  const user = useUser();
  const signUp = useStockNotificationSignUp();
  // null until the shopper types: until then the signed-in customer's address shows.
  const [typed, setTyped] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const email = typed ?? user.data?.email_address ?? '';
  // On a server-rendered page the field can be typed in before this form hydrates (its
  // code is a chunk of its own): hydration keeps what the field shows, so adopt it
  // rather than let the next render put back the empty value.
  // Until then, a click on the server's button would submit the form the browser's way
  // and reload the page, losing the address: the button waits for the form to work.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    const shown = input.current?.value;
    if (shown) setTyped((current) => current ?? shown);
    setHydrated(true);
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = safeParse(stockNotificationSchema, { email_address: email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    try {
      await signUp.mutateAsync({ productId, email_address: parsed.data.email_address });
    } catch (error) {
      if (error instanceof ApiError && error.type === 'product_stock_notification_exists') {
        setNotice(error.message);
        return;
      }
      const fieldMessage =
        error instanceof ApiError && error.isValidation
          ? error.errors?.email_address?.[0]
          : undefined;
      if (fieldMessage) {
        setFieldError(fieldMessage);
        input.current?.focus();
        return;
      }
      const otherMessage =
        error instanceof ApiError && error.isValidation
          ? Object.values(error.errors ?? {}).flat()[0]
          : undefined;
      setFormError(otherMessage ?? (error instanceof ApiError ? error.message : FALLBACK_ERROR));
    }
  };

  return (
    <section className="back-in-stock" aria-labelledby={headingId}>
      <h2 id={headingId} className="back-in-stock__title">
        Email me when it’s back in stock
      </h2>
      {signUp.isSuccess ? (
        <Notice tone="success">
          <p>
            <strong>Thanks, you’re on the list.</strong> We’ll email{' '}
            <span className="back-in-stock__email">{signUp.data.email_address}</span> once when{' '}
            {productName} is back in stock.
          </p>
        </Notice>
      ) : notice ? (
        <Notice tone="info">
          <p>{notice}</p>
        </Notice>
      ) : (
        <form className="back-in-stock__form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <p className="back-in-stock__intro">
            Leave your email address and we’ll send you one email when it can be bought again.
          </p>
          {formError && (
            <Notice tone="error">
              <p>{formError}</p>
            </Notice>
          )}
          <div className="back-in-stock__row">
            <Field
              ref={input}
              label="Email address"
              type="email"
              name="email_address"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              className="back-in-stock__field"
              value={email}
              onChange={(event) => setTyped(event.target.value)}
              error={fieldError}
            />
            <Button
              type="submit"
              variant="secondary"
              className="back-in-stock__submit"
              busy={signUp.isPending}
              busyLabel="Signing you up…"
              disabled={!hydrated}
            >
              Notify me
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
