/**
 * A failure the shopper can act on, above the payment groups: a title (spec section 8's
 * checkout message) and the lines that explain it — the server's message, then any help
 * it gives beside that message (ADR 045).
 */
import type { Ref } from 'react';
import { Notice } from '../../../ui/notice.tsx';

export interface PaymentError {
  title: string;
  lines: readonly string[];
}

export function PaymentErrorNotice({
  error,
  ref,
}: {
  error: PaymentError | null;
  ref: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} tabIndex={-1} className="payment-page__error">
      {error && (
        <Notice tone="error">
          <p className="payment-page__error-title">{error.title}</p>
          {error.lines.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </Notice>
      )}
    </div>
  );
}
