/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The returns emails (issue 22): a return started, with its number and how to send the
 * goods back; and a return refused, with the reason. Ready for the returns module to use:
 * `renderEmail(returnStarted, props, to)`.
 */
import { Block, EmailLayout, Lines, Paragraph, SubHeading, TextLink } from './layout.tsx';
import { textOf, type EmailTemplate } from './template.ts';

export interface ReturnStartedProps {
  orderNumber: string;
  returnNumber: string;
  /** "1 × Artificial Olive Tree — 90cm (Damaged on arrival)". */
  items: string[];
  /** Where to send the parcel, one line each. */
  address: string[];
  /** The last day the parcel may be posted, e.g. "Friday 20 March". */
  postBy: string;
  link: string;
}

export const returnStarted: EmailTemplate<ReturnStartedProps> = {
  id: 'return-started',
  name: 'Return started',
  description: 'When a shopper starts a return: the return number and how to send it back.',
  subject: (p) => `Your Everbloom return ${p.returnNumber} for order ${p.orderNumber}`,
  Html: (p) => (
    <EmailLayout
      preview={`Return ${p.returnNumber}: how to send it back`}
      heading={`Your return ${p.returnNumber}`}
    >
      <Paragraph>{`We have started a return for your order ${p.orderNumber}.`}</Paragraph>
      <SubHeading>Items to return</SubHeading>
      <Lines lines={p.items} />
      <SubHeading>How to send them back</SubHeading>
      <Paragraph>
        {`Pack the items securely, write ${p.returnNumber} on a note inside the parcel and post it by ${p.postBy} to:`}
      </Paragraph>
      <Block lines={p.address} />
      <Paragraph muted>
        Keep your proof of postage. We will email you when the parcel arrives and your refund is on
        its way.
      </Paragraph>
      <Paragraph>
        <TextLink href={p.link}>View your order</TextLink>
      </Paragraph>
    </EmailLayout>
  ),
  text: (p) =>
    textOf([
      `We have started a return for your order ${p.orderNumber}.`,
      '',
      `Return number: ${p.returnNumber}`,
      'Items to return:',
      ...p.items.map((item) => `- ${item}`),
      '',
      `Pack the items securely, write ${p.returnNumber} on a note inside the parcel and post it by ${p.postBy} to:`,
      ...p.address,
      '',
      'Keep your proof of postage. We will email you when the parcel arrives and your refund is on its way.',
      '',
      `View your order: ${p.link}`,
    ]),
  sample: {
    orderNumber: 'EB-7K3M9QX2',
    returnNumber: 'RT-000017',
    items: ['1 × Peace Lily <Deluxe> & Pot (Not as described)'],
    address: ['Everbloom Returns', 'Unit 4, Meadow Park', 'Bristol', 'BS1 4DJ'],
    postBy: 'Friday 20 March',
    link: 'https://www.everbloom.example/orders/sample?key=preview',
  },
};

export interface ReturnRefusedProps {
  orderNumber: string;
  /** The staff member's reason, shown as written. */
  reason: string;
  link: string;
}

export const returnRefused: EmailTemplate<ReturnRefusedProps> = {
  id: 'return-refused',
  name: 'Return refused',
  description: 'When staff refuse a return, with the reason they give.',
  subject: (p) => `About your Everbloom return for order ${p.orderNumber}`,
  Html: (p) => (
    <EmailLayout
      preview={`We cannot accept the return for order ${p.orderNumber}`}
      heading="We cannot accept your return"
    >
      <Paragraph>{`We are sorry: we cannot accept the return for your order ${p.orderNumber}.`}</Paragraph>
      <Paragraph>{`Reason: ${p.reason}`}</Paragraph>
      <Paragraph muted>
        If you think this is a mistake, reply to this email and we will look again.
      </Paragraph>
      <Paragraph>
        <TextLink href={p.link}>View your order</TextLink>
      </Paragraph>
    </EmailLayout>
  ),
  text: (p) =>
    textOf([
      `We are sorry: we cannot accept the return for your order ${p.orderNumber}.`,
      '',
      `Reason: ${p.reason}`,
      '',
      'If you think this is a mistake, reply to this email and we will look again.',
      '',
      `View your order: ${p.link}`,
    ]),
  sample: {
    orderNumber: 'EB-7K3M9QX2',
    reason: 'The 30-day return window ended on 2 March <Before the request>.',
    link: 'https://www.everbloom.example/orders/sample?key=preview',
  },
};
