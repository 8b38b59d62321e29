/**
 * The back-in-stock email: the product's name and a link to its page with the variation
 * chosen. The words and look are the template's (src/server/emails/back-in-stock.tsx).
 */
import type { EmailMessage } from '../../adapters/email/port.ts';
import { backInStock } from '../../emails/back-in-stock.tsx';
import { renderEmail } from '../../emails/template.ts';

export function backInStockEmail(input: {
  to: string;
  name: string;
  url: string;
}): Promise<EmailMessage> {
  return renderEmail(backInStock, { name: input.name, url: input.url }, input.to);
}
