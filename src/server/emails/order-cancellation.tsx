/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The confirmation of a cancelled pre-order (ADR 023): the items, how the payment goes
 * back, any buds or store credit returned or taken back, and the credit note that credits
 * the order's VAT invoice (ADR 078; its PDF is attached).
 */
import { EmailLayout, Lines, Paragraph, SubHeading, TextLink } from './layout.tsx';
import { textOf, type EmailTemplate } from './template.ts';

export interface OrderCancellationProps {
  orderNumber: string;
  items: string[];
  /** The sentence on the payment: cancelled, refunded or none taken. */
  payment: string;
  /** Sentences on store credit and buds, if any. */
  buds: string[];
  /** The sentence naming the credit note, when one was issued. */
  creditNote: string | null;
  link: string;
}

export const orderCancellation: EmailTemplate<OrderCancellationProps> = {
  id: 'order-cancellation',
  name: 'Pre-order cancelled',
  description: 'When a shopper cancels a pre-order from their account.',
  subject: (p) => `Your Everbloom order ${p.orderNumber} has been cancelled`,
  Html: (p) => (
    <EmailLayout
      preview={`Your pre-order ${p.orderNumber} has been cancelled`}
      heading={`Your order ${p.orderNumber} has been cancelled`}
    >
      <Paragraph>{`Your pre-order ${p.orderNumber} has been cancelled, as you asked.`}</Paragraph>
      <SubHeading>Items cancelled</SubHeading>
      <Lines lines={p.items} />
      <Paragraph>{p.payment}</Paragraph>
      {p.buds.map((sentence, index) => (
        <Paragraph key={index}>{sentence}</Paragraph>
      ))}
      {p.creditNote && <Paragraph>{p.creditNote}</Paragraph>}
      <Paragraph>
        <TextLink href={p.link}>Track your orders</TextLink>
      </Paragraph>
    </EmailLayout>
  ),
  text: (p) =>
    textOf([
      `Your pre-order ${p.orderNumber} has been cancelled, as you asked.`,
      '',
      'Items cancelled:',
      ...p.items.map((item) => `- ${item}`),
      '',
      p.payment,
      ...p.buds,
      ...(p.creditNote ? [p.creditNote] : []),
      '',
      `Track your orders: ${p.link}`,
    ]),
  sample: {
    orderNumber: 'EB-7K3M9QX2',
    items: ['1 × Artificial Wisteria Arch <Lilac> (pre-order: 1): £189.00'],
    payment:
      'Your payment of £189.00 has been cancelled: it will not be taken, and any hold on your account will be released by your bank.',
    buds: ['The 120 buds you spent have been returned to your account.'],
    creditNote:
      "Credit note CN-000042 cancels this order's VAT invoice; it is attached to this email.",
    link: 'https://www.everbloom.example/track-order',
  },
};
