/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The dispatch email (ADR 050): what this parcel holds, the carrier, the tracking number
 * and its link, and what is still to come.
 */
import {
  ActionButton,
  EmailLayout,
  Lines,
  Paragraph,
  SubHeading,
  TextLink,
  Block,
} from './layout.tsx';
import { textOf, type EmailTemplate } from './template.ts';

export interface DispatchProps {
  orderNumber: string;
  /** True when this parcel finishes the order. */
  complete: boolean;
  /** "2 × Artificial Olive Tree — 90cm". */
  sent: string[];
  /** Lines not yet sent, as `sent`. */
  waiting: string[];
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  link: string;
}

const trackingLine = (p: DispatchProps) =>
  p.trackingNumber ? `Tracking number: ${p.trackingNumber}` : 'This parcel has no tracking number.';

export const dispatch: EmailTemplate<DispatchProps> = {
  id: 'dispatch',
  name: 'Dispatch',
  description: 'When staff record a parcel sent (each parcel of a split order).',
  subject: (p) =>
    p.complete
      ? `Your Everbloom order ${p.orderNumber} is on its way`
      : `Part of your Everbloom order ${p.orderNumber} is on its way`,
  Html: (p) => (
    <EmailLayout
      preview={`Order ${p.orderNumber}: ${p.carrier}`}
      heading={p.complete ? 'Your order is on its way' : 'Part of your order is on its way'}
    >
      <Paragraph>{`Order ${p.orderNumber}`}</Paragraph>
      <SubHeading>In this parcel</SubHeading>
      <Lines lines={p.sent} />
      <Block lines={[`Carrier: ${p.carrier}`, trackingLine(p)]} />
      {p.trackingUrl && (
        <Paragraph>
          <TextLink href={p.trackingUrl}>Track your parcel</TextLink>
        </Paragraph>
      )}
      {p.complete ? (
        <Paragraph>That is everything in your order.</Paragraph>
      ) : (
        <>
          <SubHeading>Still to come</SubHeading>
          <Paragraph>We will email you when it is sent.</Paragraph>
          <Lines lines={p.waiting} />
        </>
      )}
      <ActionButton href={p.link}>View your order</ActionButton>
    </EmailLayout>
  ),
  text: (p) =>
    textOf([
      p.complete
        ? `Good news: the rest of your order ${p.orderNumber} has been sent.`
        : `Good news: part of your order ${p.orderNumber} has been sent.`,
      '',
      'In this parcel:',
      ...p.sent.map((line) => `- ${line}`),
      '',
      `Carrier: ${p.carrier}`,
      trackingLine(p),
      p.trackingUrl && `Track your parcel: ${p.trackingUrl}`,
      '',
      ...(p.complete
        ? ['That is everything in your order.']
        : [
            'Still to come (we will email you when it is sent):',
            ...p.waiting.map((line) => `- ${line}`),
          ]),
      '',
      `View your order: ${p.link}`,
    ]),
  sample: {
    orderNumber: 'EB-7K3M9QX2',
    complete: false,
    sent: ['2 × Artificial Olive Tree — 90cm, Grey pot'],
    waiting: ['1 × Peace Lily <Deluxe> & Pot'],
    carrier: 'Royal Mail',
    trackingNumber: 'AB123456789GB',
    trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    link: 'https://www.everbloom.example/orders/sample?key=preview',
  },
};
