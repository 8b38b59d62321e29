/**
 * The operator's restock command (ADR 025, ADR 053):
 *   npm run restock -- <sku> <quantity>
 * Adds stock to one variation through the stock service the back office uses, so the
 * stock ledger and the audit trail record it (as the command line) and waiting
 * back-in-stock sign-ups are emailed at once. Reads the server's configuration
 * (DATABASE_URL or DATA_DIR, SMTP_URL, PUBLIC_URL; a local .env too). PGlite allows one
 * process per data folder: stop the shop first, or use /api/v1/dev/restock in development.
 */
import { pathToFileURL } from 'node:url';
import { AppError } from '../../domain/errors.ts';
import { outboxMailer } from '../adapters/email/outbox.ts';
import type { Mailer } from '../adapters/email/port.ts';
import { smtpMailer } from '../adapters/email/smtp.ts';
import type { Db } from '../db/client.ts';
import { rateLimitRepository } from '../modules/auth/rate-limit.repository.ts';
import { catalogueRepository } from '../modules/catalogue/catalogue.repository.ts';
import { catalogueService } from '../modules/catalogue/catalogue.service.ts';
import { stockAlertRepository } from '../modules/stock-alerts/stock-alert.repository.ts';
import { COMMAND_LINE } from '../modules/staff/staff-actor.ts';
import { stockAlertService } from '../modules/stock-alerts/stock-alert.service.ts';
import { stockService, type RestockResult } from '../modules/stock/stock.service.ts';
import { withShopDatabase } from './shop-database.ts';

export const RESTOCK_USAGE = 'Usage: npm run restock -- <sku> <quantity>';

/** The command's arguments, or a message saying what is wrong with them. */
export function parseRestockArgs(
  args: readonly string[],
): { sku: string; quantity: number } | { error: string } {
  const [sku, quantity, ...rest] = args;
  if (!sku || quantity === undefined || rest.length > 0) return { error: RESTOCK_USAGE };
  if (!/^\d+$/.test(quantity)) {
    return { error: `The quantity must be a whole number of 1 or more, not "${quantity}".` };
  }
  return { sku, quantity: Number(quantity) };
}

/**
 * Restocks through the shop's stock service on `db` as the command line (ADR 053: the
 * ledger and the audit trail record it); the email goes through `mailer`.
 */
export async function restock(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  sku: string,
  quantity: number,
): Promise<RestockResult> {
  const log = { error: (object: object, message: string) => console.error(message, object) };
  const catalogue = catalogueService({ repository: catalogueRepository(deps.db), cacheMs: 0 });
  const alerts = stockAlertService({
    alerts: stockAlertRepository(deps.db),
    rateLimits: rateLimitRepository(deps.db),
    catalogue,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    log,
  });
  return stockService({ db: deps.db, alerts, catalogue, log }).restock(COMMAND_LINE, sku, quantity);
}

/** What the command prints after a restock. */
export function describeRestock(result: RestockResult): string {
  const emails = result.alerts.sent === 1 ? 'email' : 'emails';
  const lines = [
    `Added ${result.after - result.before} to ${result.sku} (${result.name}): stock ${result.before} → ${result.after}.`,
    `Back-in-stock ${emails} sent: ${result.alerts.sent}.`,
  ];
  if (result.alerts.failed > 0) {
    lines.push(
      `Emails that failed (tried again within a minute by the shop): ${result.alerts.failed}.`,
    );
  }
  return lines.join('\n');
}

/** An AppError's message with its field messages, for the terminal. */
function describeError(error: AppError): string {
  const fields = Object.values(error.errors ?? {}).flat();
  return fields.length > 0 ? fields.join(' ') : error.message;
}

async function main(): Promise<number> {
  const args = parseRestockArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    return 2;
  }
  return withShopDatabase(async (handle, config) => {
    const mailer = config.smtp
      ? smtpMailer({ url: config.smtp.url, from: config.smtp.from })
      : outboxMailer(handle.db);
    try {
      const result = await restock(
        { db: handle.db, mailer, publicUrl: config.publicUrl },
        args.sku,
        args.quantity,
      );
      console.log(describeRestock(result));
      return 0;
    } catch (error) {
      if (error instanceof AppError) {
        console.error(describeError(error));
        return 1;
      }
      throw error;
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main();
