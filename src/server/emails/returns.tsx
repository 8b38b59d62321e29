/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The returns emails (issue 23, ADR 070): a return started, with its number, how and by
 * when to send the goods back and when the refund follows; and a return refused, with
 * staff's reason. The returns module renders them (modules/returns/return-email.ts).
 */
import { Block, EmailLayout, Lines, Paragraph, SubHeading, TextLink } from './layout.tsx';
import { textOf, type EmailTemplate } from './template.ts';

export interface ReturnStartedProps {
  orderNumber: string;
  returnNumber: string;
  /** "1 × Artificial Olive Tree — 90cm". */
  items: string[];
  /** Where to send the parcel, one line each. */
  address: string[];
  /** The last day the parcel may be posted, e.g. "Friday 20 March". */
  postBy: string;
  sendBackDays: number;
  refundDays: number;
  /** Where the shopper finds their orders. */
  link: string;
}

const startedSteps = (p: ReturnStartedProps) => [
  `Pack the items securely and write the return number ${p.returnNumber} on a note inside the parcel.`,
  `Send the parcel by ${p.postBy} (within ${p.sendBackDays} days) to:`,
];
const refundTiming = (p: ReturnStartedProps) =>
  `We will refund you within ${p.refundDays} days of receiving the items, and email you when we do.`;

export const returnStarted: EmailTemplate<ReturnStartedProps> = {
  id: 'return-started',
  name: 'Return started',
  description: 'When a shopper starts a return: the return number and how to send it back.',
  subject: (p) => `Your return ${p.returnNumber} for Everbloom order ${p.orderNumber}`,
  Html: (p) => (
    <EmailLayout
      preview={`Return ${p.returnNumber}: how to send it back`}
      heading={`Your return ${p.returnNumber}`}
    >
      <Paragraph>{`We have started return ${p.returnNumber} for your order ${p.orderNumber}.`}</Paragraph>
      <SubHeading>Returning</SubHeading>
      <Lines lines={p.items} />
      <SubHeading>How to send it back</SubHeading>
      {startedSteps(p).map((step) => (
        <Paragraph key={step}>{step}</Paragraph>
      ))}
      <Block lines={p.address} />
      <Paragraph muted>Keep your proof of postage until we have refunded you.</Paragraph>
      <Paragraph>{refundTiming(p)}</Paragraph>
      <Paragraph>
        <TextLink href={p.link}>Track your orders</TextLink>
      </Paragraph>
    </EmailLayout>
  ),
  text: (p) =>
    textOf([
      `We have started return ${p.returnNumber} for your order ${p.orderNumber}.`,
      '',
      'Returning:',
      ...p.items.map((item) => `- ${item}`),
      '',
      ...startedSteps(p),
      '',
      ...p.address,
      '',
      'Keep your proof of postage until we have refunded you.',
      refundTiming(p),
      '',
      `Track your orders: ${p.link}`,
    ]),
  sample: {
    orderNumber: 'EB-7K3M9QX2',
    returnNumber: 'R-000017',
    items: ['1 × Peace Lily <Deluxe> & Pot'],
    address: ['Everbloom Returns', 'Unit 4, Meadow Park', 'Bristol', 'BS1 4DJ'],
    postBy: 'Friday 20 March',
    sendBackDays: 14,
    refundDays: 14,
    link: 'https://www.everbloom.example/track-order',
  },
};

export interface ReturnRefusedProps {
  orderNumber: string;
  returnNumber: string;
  items: string[];
  /** The staff member's reason, shown as written. */
  reason: string;
  link: string;
}

export const returnRefused: EmailTemplate<ReturnRefusedProps> = {
  id: 'return-refused',
  name: 'Return refused',
  description: 'When staff refuse a return, with the reason they give.',
  subject: (p) => `Your return ${p.returnNumber} for Everbloom order ${p.orderNumber}`,
  Html: (p) => (
    <EmailLayout
      preview={`We cannot accept return ${p.returnNumber}`}
      heading={`Your return ${p.returnNumber}`}
    >
      <Paragraph>{`We are sorry: we cannot accept return ${p.returnNumber} for your order ${p.orderNumber}.`}</Paragraph>
      <Lines lines={p.items} />
      <Paragraph>{`Why: ${p.reason}`}</Paragraph>
      <Paragraph muted>
        If you think this is a mistake, reply to this email and we will look again.
      </Paragraph>
      <Paragraph>
        <TextLink href={p.link}>Track your orders</TextLink>
      </Paragraph>
    </EmailLayout>
  ),
  text: (p) =>
    textOf([
      `We are sorry: we cannot accept return ${p.returnNumber} for your order ${p.orderNumber}.`,
      '',
      ...p.items.map((item) => `- ${item}`),
      '',
      `Why: ${p.reason}`,
      '',
      'If you think this is a mistake, reply to this email and we will look again.',
      '',
      `Track your orders: ${p.link}`,
    ]),
  sample: {
    orderNumber: 'EB-7K3M9QX2',
    returnNumber: 'R-000017',
    items: ['1 × Peace Lily <Deluxe> & Pot'],
    reason: 'The plant came back used <and> dried out.',
    link: 'https://www.everbloom.example/track-order',
  },
};
