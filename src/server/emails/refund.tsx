/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The refund email (ADR 051): the credit note, what was refunded, the amount and where it
 * goes — the card, PayPal… or store credit.
 */
import { EmailLayout, Lines, Paragraph, SubHeading, TextLink } from './layout.tsx';
import { textOf, type EmailTemplate } from './template.ts';

export interface RefundProps {
  orderNumber: string;
  creditNoteNumber: string;
  /** "1 × Artificial Olive Tree: £54.99", "Delivery: £4.95", "A goodwill payment: £5.00". */
  parts: string[];
  /** The sentence saying how much goes where. */
  where: string;
  link: string;
}

export const refund: EmailTemplate<RefundProps> = {
  id: 'refund',
  name: 'Refund',
  description: 'When staff refund part or all of an order (to the payment or as store credit).',
  subject: (p) => `Your refund for Everbloom order ${p.orderNumber} (${p.creditNoteNumber})`,
  Html: (p) => (
    <EmailLayout
      preview={`Credit note ${p.creditNoteNumber}`}
      heading={`Your refund for order ${p.orderNumber}`}
    >
      <Paragraph>
        Credit note: <strong>{p.creditNoteNumber}</strong>
      </Paragraph>
      <SubHeading>Refunded</SubHeading>
      <Lines lines={p.parts} />
      <Paragraph>{p.where}</Paragraph>
      <Paragraph>
        <TextLink href={p.link}>Track your orders</TextLink>
      </Paragraph>
    </EmailLayout>
  ),
  text: (p) =>
    textOf([
      `We have refunded part or all of your order ${p.orderNumber}.`,
      '',
      `Credit note: ${p.creditNoteNumber}`,
      'Refunded:',
      ...p.parts.map((part) => `- ${part}`),
      '',
      p.where,
      '',
      `Track your orders: ${p.link}`,
    ]),
  sample: {
    orderNumber: 'EB-7K3M9QX2',
    creditNoteNumber: 'CN-000042',
    parts: ['1 × Peace Lily <Deluxe> & Pot: £34.99', 'Delivery: £4.95'],
    where: '£39.94 has been refunded to the card; it can take up to 5 working days to reach you.',
    link: 'https://www.everbloom.example/track-order',
  },
};
