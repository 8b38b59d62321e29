/**
 * The email telling a customer about a refund (ADR 051): the credit note number, what was
 * refunded (lines, delivery, goodwill), the amount and where it goes — the card, PayPal…
 * or their store credit — turned into the
 * template's props.
 */
import { formatPence, pence } from '../../../domain/money.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { refund as refundTemplate } from '../../emails/refund.tsx';
import { renderEmail } from '../../emails/template.ts';

export interface RefundEmail {
  to: string;
  orderNumber: string;
  creditNoteNumber: string;
  amount: number;
  /** "to the card", "to PayPal", "as store credit". */
  destination: string;
  credit: boolean;
  lines: { name: string; quantity: number; amount: number }[];
  delivery: number;
  goodwill: number;
}

/** The words and look are the template's (src/server/emails/refund.tsx). */
export function refundEmail(refund: RefundEmail, shopUrl: string): Promise<EmailMessage> {
  const money = (amount: number) => formatPence(pence(amount));
  return renderEmail(
    refundTemplate,
    {
      orderNumber: refund.orderNumber,
      creditNoteNumber: refund.creditNoteNumber,
      parts: [
        ...refund.lines.map((line) => `${line.quantity} × ${line.name}: ${money(line.amount)}`),
        ...(refund.delivery > 0 ? [`Delivery: ${money(refund.delivery)}`] : []),
        ...(refund.goodwill > 0 ? [`A goodwill payment: ${money(refund.goodwill)}`] : []),
      ],
      where: refund.credit
        ? `${money(refund.amount)} has been added to your Everbloom account as store credit, to spend on your next order.`
        : `${money(refund.amount)} has been refunded ${refund.destination}; it can take up to 5 working days to reach you.`,
      link: `${shopUrl.replace(/\/+$/, '')}/track-order`,
    },
    refund.to,
  );
}
