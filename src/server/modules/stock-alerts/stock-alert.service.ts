/**
 * Back-in-stock alerts (ADR 025): shoppers sign up for an out-of-stock variation;
 * when it can be bought again each waiting sign-up gets one email and is marked sent.
 * `dispatch` finds them (a sweep over waiting sign-ups whose variation now has stock),
 * so it catches stock however it came back: the stock service (staff adjustments and
 * the restock command, ADR 053), which calls it at once, or stock an order put back,
 * found by the sweep every minute.
 */
import { AppError, validationError } from '../../../domain/errors.ts';
import type { Mailer } from '../../adapters/email/port.ts';
import type { RateLimitRepository } from '../auth/rate-limit.repository.ts';
import type {
  CatalogueService,
  CatalogueSnapshot,
  Variation,
} from '../catalogue/catalogue.service.ts';
import { backInStockEmail } from './stock-alert-email.ts';
import type { StockAlertRepository } from './stock-alert.repository.ts';

/** Sign-ups one address (IP) may make per window. */
export const STOCK_ALERT_LIMITS = { perAddress: 20, windowS: 60 * 60 } as const;

/** How long a process may hold claimed sign-ups before another may send them. */
export const CLAIM_LEASE_S = 10 * 60;

/** Sign-ups claimed (and emailed) per statement. */
const CLAIM_BATCH = 100;

export const IN_STOCK_MESSAGE = 'This item is in stock, so you can buy it now.';
export const PREORDER_MESSAGE = 'This item can be pre-ordered now, so there is no need to wait.';
export const CHOOSE_OPTION_MESSAGE = 'Please choose an option first.';

export interface DispatchCounts {
  sent: number;
  failed: number;
}

export interface StockAlertLog {
  error(object: object, message: string): void;
}

export function stockAlertService(deps: {
  alerts: StockAlertRepository;
  rateLimits: RateLimitRepository;
  catalogue: CatalogueService;
  mailer: Mailer;
  publicUrl: string;
  log: StockAlertLog;
}) {
  const { alerts, catalogue, mailer, log } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  /** A variation by id, or a family's only variation by the family's id. */
  function variationFor(snapshot: CatalogueSnapshot, id: string): Variation {
    if (!/^\d{1,9}$/.test(id)) throw new AppError('not_found');
    const variation = snapshot.variation(Number(id));
    if (variation) return variation;
    const family = snapshot.family(id);
    if (!family || family.row.id !== Number(id)) throw new AppError('not_found');
    const [only, ...others] = family.variations;
    if (!only) throw new AppError('not_found');
    if (others.length > 0) throw validationError({ product_id: [CHOOSE_OPTION_MESSAGE] });
    return only;
  }

  const isBack = (snapshot: CatalogueSnapshot, variation: Variation, stock: Map<number, number>) =>
    !variation.row.discontinued && snapshot.available(variation, stock) > 0;

  async function dispatch(): Promise<DispatchCounts> {
    const counts: DispatchCounts = { sent: 0, failed: 0 };
    const waiting = await alerts.waitingProductIds(CLAIM_LEASE_S);
    if (waiting.length === 0) return counts;
    const snapshot = await catalogue.snapshotOf(waiting);
    const variations = waiting.flatMap((id) => snapshot.variation(id) ?? []);
    const stock = await catalogue.freshStock(snapshot, variations);
    const back = variations.filter((v) => isBack(snapshot, v, stock));
    const byId = new Map(back.map((v) => [v.row.id, v]));
    for (;;) {
      const claimed = await alerts.claim([...byId.keys()], CLAIM_LEASE_S, CLAIM_BATCH);
      for (const alert of claimed) {
        const variation = byId.get(alert.product_id);
        if (!variation) continue;
        try {
          const message = await backInStockEmail({
            to: alert.email_address,
            name: snapshot.displayName(variation),
            url: `${publicUrl}/products/${variation.family.row.slug}?variation=${variation.row.id}`,
          });
          await mailer.send(message);
        } catch (error) {
          counts.failed++;
          log.error({ err: error, stockNotification: alert.id }, 'back-in-stock email failed');
          await alerts.release(alert.id);
          continue;
        }
        await alerts.markSent(alert.id);
        counts.sent++;
      }
      // A failed send is left for the next sweep rather than retried in a loop here.
      if (claimed.length < CLAIM_BATCH || counts.failed > 0) return counts;
    }
  }

  return {
    /** Signs `emailAddress` up for the variation `productId` (a variation or one-variation family). */
    async signUp(
      input: { productId: string; emailAddress: string },
      context: { remoteIp: string },
    ): Promise<{ product_id: number; email_address: string }> {
      const hits = await deps.rateLimits.hit(
        `stock-alert:address:${context.remoteIp}`,
        STOCK_ALERT_LIMITS.windowS,
      );
      if (hits > STOCK_ALERT_LIMITS.perAddress) throw new AppError('rate_limit');
      const snapshot = await catalogue.snapshotOf(
        /^\d{1,9}$/.test(input.productId) ? [Number(input.productId)] : [],
      );
      const variation = variationFor(snapshot, input.productId);
      if (variation.row.discontinued) throw new AppError('product_unavailable');
      if (variation.row.is_preorder) throw validationError({ product_id: [PREORDER_MESSAGE] });
      const stock = await catalogue.freshStock(snapshot, [variation]);
      if (snapshot.available(variation, stock) > 0) {
        throw validationError({ product_id: [IN_STOCK_MESSAGE] });
      }
      if (!(await alerts.signUp(variation.row.id, input.emailAddress))) {
        throw new AppError('product_stock_notification_exists');
      }
      return { product_id: variation.row.id, email_address: input.emailAddress };
    },

    /** Emails every waiting sign-up whose variation can be bought again; counts what it did. */
    dispatch,
  };
}

export type StockAlertService = ReturnType<typeof stockAlertService>;
