/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The abandoned-basket reminder (issue 22): one email, a while after a signed-in customer
 * who asked for reminders left items in the basket, with the link that brings the basket
 * back and where to stop them. Never sent for a basket that became an order. Sent by the
 * basket-reminder job (ADR 077).
 */
import { ActionButton, EmailLayout, Lines, Paragraph, TextLink } from './layout.tsx';
import { textOf, type EmailTemplate } from './template.ts';

export interface AbandonedBasketProps {
  /** Null when the shopper is not known by name. */
  firstName: string | null;
  /** Each line as text: "1 × Artificial Olive Tree — 90cm: £54.99". */
  items: string[];
  /** The basket's link (it restores the basket on any device). */
  link: string;
  /** The account settings page, where reminders are switched off (PECR). */
  settingsLink: string;
}

const greeting = (p: AbandonedBasketProps) => (p.firstName ? `Hello ${p.firstName},` : 'Hello,');

export const abandonedBasket: EmailTemplate<AbandonedBasketProps> = {
  id: 'abandoned-basket',
  name: 'Basket reminder',
  description:
    'Once, a while after a customer who asked for reminders leaves items in the basket without ordering.',
  subject: () => 'You left something in your Everbloom basket',
  Html: (p) => (
    <EmailLayout preview="Your basket is saved for you" heading="You left something in your basket">
      <Paragraph>{greeting(p)}</Paragraph>
      <Paragraph>We have kept your basket for you:</Paragraph>
      <Lines lines={p.items} />
      <ActionButton href={p.link}>Return to your basket</ActionButton>
      <Paragraph muted>
        Prices and stock may change before you order. This is the only reminder we will send about
        this basket.
      </Paragraph>
      <Paragraph muted>
        You asked us for basket reminders. To stop them, switch them off in your account settings:{' '}
        <TextLink href={p.settingsLink}>{p.settingsLink}</TextLink>
      </Paragraph>
    </EmailLayout>
  ),
  text: (p) =>
    textOf([
      greeting(p),
      '',
      'We have kept your basket for you:',
      ...p.items.map((item) => `- ${item}`),
      '',
      `Return to your basket: ${p.link}`,
      '',
      'Prices and stock may change before you order.',
      'This is the only reminder we will send about this basket.',
      '',
      `You asked us for basket reminders. To stop them, switch them off in your account settings: ${p.settingsLink}`,
      '',
      'Everbloom',
    ]),
  sample: {
    firstName: 'Ada',
    items: [
      '1 × Artificial Olive Tree — 90cm, Grey pot: £54.99',
      '2 × Peace Lily <Deluxe> & Pot: £69.98',
    ],
    link: 'https://www.everbloom.example/basket?restore=sample',
    settingsLink: 'https://www.everbloom.example/account/settings',
  },
};
