/**
 * Abandoned-basket reminders (issue 23, ADR 077): opt-in only. Each write to an
 * opted-in customer's basket queues a `basket-reminder` job for the basket's new version,
 * delayed by BASKET_REMINDER_HOURS; when it runs, the job sends only if the basket is
 * still at that version (any later write queued its own job), so only the newest sends.
 * The claim that sets `reminded_at` checks the rest in one statement, so a basket is
 * reminded about at most once, and never after its customer switched reminders off.
 */
import { z } from 'zod';
import type { BasketView } from '../../../domain/api/basket.ts';
import { formatPence, pence } from '../../../domain/money.ts';
import type { Mailer } from '../../adapters/email/port.ts';
import type { JobDefinition, JobQueue } from '../../adapters/jobs/port.ts';
import { abandonedBasket } from '../../emails/abandoned-basket.tsx';
import { renderEmail } from '../../emails/template.ts';
import { createRecoveryLink } from './basket-links.ts';
import type { BasketReminderRepository } from './basket-reminder.repository.ts';
import type { BasketRepository } from './basket.repository.ts';
import type { BasketViewer } from './basket-view.ts';

export const BASKET_REMINDER_JOB = 'basket-reminder';

/** Default wait after a basket's last change: 24 hours (BASKET_REMINDER_HOURS). */
export const DEFAULT_BASKET_REMINDER_SECONDS = 24 * 60 * 60;

/** The job's payload: which basket, at which version. */
export const basketReminderPayload = z
  .object({ basket_id: z.guid(), version: z.number().int().nonnegative() })
  .strict();

export type BasketReminderPayload = z.output<typeof basketReminderPayload>;

/** What a reminder job did (tests and the log read it). */
export type ReminderOutcome = 'sent' | 'not_due';

export function basketReminders(deps: {
  reminders: BasketReminderRepository;
  baskets: BasketRepository;
  /** The basket as its customer sees it (names and prices of the lines). */
  viewOf: (basketId: string, viewer: BasketViewer) => Promise<BasketView>;
  /** The queue; null (tests without one) queues nothing. */
  queue: Pick<JobQueue, 'enqueue'> | null;
  delaySeconds: number;
  mailer: Mailer;
  publicUrl: string;
  log: { error(object: object, message: string): void };
}) {
  const { reminders, queue, log } = deps;
  return {
    /**
     * After a write to a signed-in customer's basket: queues its reminder when the
     * customer wants them. A queue that fails is logged, never the shopper's problem.
     */
    async changed(basketId: string, userId: number): Promise<void> {
      if (!queue) return;
      try {
        const version = await reminders.waiting(basketId, userId);
        if (version === undefined) return;
        const payload: BasketReminderPayload = { basket_id: basketId, version };
        await queue.enqueue(BASKET_REMINDER_JOB, payload, { delaySeconds: deps.delaySeconds });
      } catch (error) {
        log.error({ err: error, basketId }, 'could not queue the basket reminder');
      }
    },

    /** The job: sends the basket's one reminder if it is still due. */
    async send(payload: BasketReminderPayload): Promise<ReminderOutcome> {
      const recipient = await reminders.claim(payload.basket_id, payload.version);
      if (!recipient) return 'not_due';
      // Claimed: from here a failure loses this reminder rather than risk sending two.
      try {
        const view = await deps.viewOf(payload.basket_id, {
          userId: recipient.user_id,
          pricesExcludeTax: recipient.prices_exclude_tax,
          loyaltyAvailable: 0,
          creditAvailable: 0,
        });
        const link = await createRecoveryLink(deps.baskets, payload.basket_id);
        const message = await renderEmail(
          abandonedBasket,
          {
            firstName: recipient.first_name || null,
            items: view.items.map(
              (item) =>
                `${item.quantity} × ${item.name}: ${formatPence(pence(item.total_price.amount))}`,
            ),
            link: `${deps.publicUrl}${link.url}`,
            settingsLink: `${deps.publicUrl}/account/settings`,
          },
          recipient.email_address,
        );
        await deps.mailer.send(message);
        return 'sent';
      } catch (error) {
        log.error({ err: error, basketId: payload.basket_id }, 'basket reminder failed');
        return 'not_due';
      }
    },
  };
}

export type BasketReminders = ReturnType<typeof basketReminders>;

/**
 * The job's definition. Only a failed claim is retried (nothing was claimed); once
 * claimed, a failure is logged and the reminder dropped rather than risk a second.
 */
export function basketReminderJob(
  send: BasketReminders['send'],
): JobDefinition<typeof basketReminderPayload> {
  return {
    schema: basketReminderPayload,
    retries: 2,
    retryDelaySeconds: 60,
    batchSize: 5,
    timeoutSeconds: 5 * 60,
    async handle(payload) {
      await send(payload);
    },
  };
}
