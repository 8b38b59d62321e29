/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The back-in-stock email: the product and a link to its page with the variation chosen.
 * Sent once per sign-up, so there is nothing to unsubscribe from.
 */
import { ActionButton, EmailLayout, Paragraph } from './layout.tsx';
import { textOf, type EmailTemplate } from './template.ts';

export interface BackInStockProps {
  /** The product's name with its variation. */
  name: string;
  url: string;
}

export const backInStock: EmailTemplate<BackInStockProps> = {
  id: 'back-in-stock',
  name: 'Back in stock',
  description: 'When a product someone asked about is in stock again (once per sign-up).',
  subject: (p) => `Back in stock: ${p.name}`,
  Html: (p) => (
    <EmailLayout preview={`${p.name} is back in stock`} heading="Good news!">
      <Paragraph>
        <strong>{p.name}</strong> is back in stock at Everbloom. You asked us to let you know.
      </Paragraph>
      <ActionButton href={p.url}>{`View ${p.name}`}</ActionButton>
      <Paragraph muted>
        Stock can go quickly, so we cannot hold it for you. This is the only email we will send
        about it.
      </Paragraph>
    </EmailLayout>
  ),
  text: (p) =>
    textOf([
      'Good news!',
      '',
      `${p.name} is back in stock at Everbloom. You asked us to let you know:`,
      p.url,
      '',
      'Stock can go quickly, so we cannot hold it for you.',
      'This is the only email we will send about it.',
      '',
      'Everbloom',
    ]),
  sample: {
    name: 'Artificial Calathea <Medley> & Pot — 60cm',
    url: 'https://www.everbloom.example/products/artificial-calathea?variation=42',
  },
};
