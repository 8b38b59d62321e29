/**
 * The returns emails (ADR 070), from the shop's templates (ADR 072,
 * src/server/emails/returns.tsx): the return started, with its number and how to send
 * the parcel back; and the return refused, with the reason staff gave.
 */
import { formatShopDate } from '../../../domain/dates.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { returnRefused, returnStarted } from '../../emails/returns.tsx';
import { renderEmail } from '../../emails/template.ts';

export interface ReturnEmail {
  to: string;
  orderNumber: string;
  returnNumber: string;
  items: { name: string; quantity: number }[];
}

const trackLink = (shopUrl: string) => `${shopUrl.replace(/\/+$/, '')}/track-order`;
const lines = (items: ReturnEmail['items']) =>
  items.map((item) => `${item.quantity} × ${item.name}`);

/** The return started: its number, what to send, where, by when, and the refund's timing. */
export function returnStartedEmail(
  value: ReturnEmail & {
    address: string[];
    sendBackDays: number;
    refundDays: number;
    /** When the return was started. */
    at: Date;
  },
  shopUrl: string,
): Promise<EmailMessage> {
  const sendBy = new Date(value.at.getTime() + value.sendBackDays * 86_400_000);
  return renderEmail(
    returnStarted,
    {
      orderNumber: value.orderNumber,
      returnNumber: value.returnNumber,
      items: lines(value.items),
      address: value.address,
      postBy: formatShopDate(sendBy),
      sendBackDays: value.sendBackDays,
      refundDays: value.refundDays,
      link: trackLink(shopUrl),
    },
    value.to,
  );
}

/** The return refused, with staff's reason. */
export function returnRefusedEmail(
  value: ReturnEmail & { reason: string },
  shopUrl: string,
): Promise<EmailMessage> {
  return renderEmail(
    returnRefused,
    {
      orderNumber: value.orderNumber,
      returnNumber: value.returnNumber,
      items: lines(value.items),
      reason: value.reason,
      link: trackLink(shopUrl),
    },
    value.to,
  );
}
