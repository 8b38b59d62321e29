/**
 * The started server loads React Email once it is up and idle, before any email is sent
 * (ADR 072), so the first order confirmation does not wait for it. Its own file: React
 * Email must not be loaded in this test process before the server's start.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startServer, type RunningShop } from '../start-server.ts';
import { emailRendererLoaded } from './template.ts';

describe('the email warm-up at start', () => {
  let shop: RunningShop | undefined;
  let dataDir = '';
  afterAll(async () => {
    await shop?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('loads React Email after the server has started, with no email sent', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'everbloom-warm-'));
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, MEDIA_DIR: join(dataDir, 'media'), LOG_LEVEL: 'error' }),
      port: 0,
    };
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    shop = await startServer(config, { logger, warmEmailsAfterMs: 0 });

    // Started, listening, and not loaded yet: the warm-up comes after the start.
    expect(shop.app.server.listening).toBe(true);
    expect(emailRendererLoaded()).toBe(false);
    expect(shop.emailWarmUp).not.toBeNull();

    expect(await shop.emailWarmUp!.done).toBe('loaded');
    expect(emailRendererLoaded()).toBe(true);
    expect(lines.some((line) => line.includes('"msg":"email templates loaded"'))).toBe(true);
    const sent = await shop.db
      .selectFrom('outbox_emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(0);
  }, 120_000);
});
