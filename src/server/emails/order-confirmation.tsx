/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The confirmation of a paid order: items, totals, delivery address and option, the
 * estimate, the payment method and the signed "View your order" link.
 */
import {
  ActionButton,
  AmountTable,
  Block,
  EmailLayout,
  Lines,
  Paragraph,
  SubHeading,
} from './layout.tsx';
import { textOf, type EmailTemplate } from './template.ts';

export interface OrderConfirmationProps {
  orderNumber: string;
  /** Each line as text: "2 × Artificial Olive Tree — 90cm: £109.98". */
  items: string[];
  /** Label and amount, the last rows the total (and what was paid after store credit). */
  totals: { label: string; amount: string }[];
  address: string[];
  safePlace: string | null;
  /** "Next working day (£7.95)". */
  delivery: string;
  /** "Tuesday 3 March – Wednesday 4 March". */
  expected: string;
  /** "Credit/Debit Card (Visa ending 1111)". */
  payment: string;
  link: string;
}

const STRONG = new Set(['Total', 'Paid']);

export const orderConfirmation: EmailTemplate<OrderConfirmationProps> = {
  id: 'order-confirmation',
  name: 'Order confirmation',
  description: 'When an order is paid (and when staff resend it from the order’s page).',
  subject: (p) => `Your Everbloom order ${p.orderNumber}`,
  Html: (p) => (
    <EmailLayout
      preview={`Thank you for your order ${p.orderNumber}`}
      heading={`Thank you for your order ${p.orderNumber}`}
    >
      <SubHeading>Items</SubHeading>
      <Lines lines={p.items} />
      <AmountTable rows={p.totals.map((row) => ({ ...row, strong: STRONG.has(row.label) }))} />
      <SubHeading>Delivery address</SubHeading>
      <Block lines={p.address} />
      {p.safePlace && <Paragraph>{`Safe place: ${p.safePlace}`}</Paragraph>}
      <Block lines={[`Delivery: ${p.delivery}`, `Expected: ${p.expected}`]} />
      <Paragraph>{`Payment: ${p.payment}`}</Paragraph>
      <ActionButton href={p.link}>View your order</ActionButton>
    </EmailLayout>
  ),
  text: (p) =>
    textOf([
      `Thank you for your order ${p.orderNumber}.`,
      '',
      'Items:',
      ...p.items.map((item) => `- ${item}`),
      '',
      ...p.totals.map((row) => `${row.label}: ${row.amount}`),
      '',
      'Delivery address:',
      ...p.address,
      p.safePlace && `Safe place: ${p.safePlace}`,
      '',
      `Delivery: ${p.delivery}`,
      `Expected: ${p.expected}`,
      '',
      `Payment: ${p.payment}`,
      '',
      `View your order: ${p.link}`,
    ]),
  sample: {
    orderNumber: 'EB-7K3M9QX2',
    items: [
      '2 × Artificial Olive Tree — 90cm, Grey pot: £109.98',
      '1 × Peace Lily <Deluxe> & Pot: £34.99',
      '1 × Mini Succulent (Free gift): £0.00',
    ],
    totals: [
      { label: 'Items', amount: '£144.97' },
      { label: 'Delivery', amount: 'Free' },
      { label: 'SPRING10', amount: '-£14.50' },
      { label: 'Total', amount: '£130.47' },
    ],
    address: [
      'Mrs Ada Lovelace',
      '10 Downing Street',
      'London',
      'Greater London',
      'SW1A 2AA',
      'United Kingdom',
    ],
    safePlace: 'Behind the side gate',
    delivery: 'Standard delivery (Free)',
    expected: 'Tuesday 3 March – Thursday 5 March',
    payment: 'Credit/Debit Card (Visa ending 1111)',
    link: 'https://www.everbloom.example/orders/sample?key=preview',
  },
};
