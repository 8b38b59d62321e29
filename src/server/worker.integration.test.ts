/**
 * JOBS_IN_WEB=false and `npm run worker`'s role (ADR 069), on PostgreSQL: the web
 * process queues an email and never sends it; a worker started beside it does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { toEmailPayload, SEND_EMAIL_JOB } from './adapters/email/queued.ts';
import { loadConfig } from './config.ts';
import { startServer, type RunningShop } from './start-server.ts';
import { openTestDatabase, type TestDatabase } from './testing/test-app.ts';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.runIf(process.env.TEST_DATABASE_URL)('a web process and a worker on PostgreSQL', () => {
  let handle: TestDatabase | undefined;
  let dir: string | undefined;
  const shops: RunningShop[] = [];
  afterAll(async () => {
    for (const shop of shops.reverse()) await shop.stop();
    await handle?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('with JOBS_IN_WEB=false the web process only queues; the worker sends', async () => {
    handle = await openTestDatabase('postgres');
    dir = await mkdtemp(join(tmpdir(), 'everbloom-worker-'));
    const config = (jobsInWeb: 'true' | 'false') => ({
      ...loadConfig({
        DATABASE_URL: handle!.url!,
        MEDIA_DIR: join(dir!, 'media'),
        SEED_DEMO: 'false',
        JOBS_IN_WEB: jobsInWeb,
        LOG_LEVEL: 'error',
      }),
      port: 0,
      host: '127.0.0.1',
    });
    const silent = pino({ level: 'silent' });
    const web = await startServer(config('false'), { logger: silent });
    shops.push(web);
    await web.jobs.enqueue(
      SEND_EMAIL_JOB,
      toEmailPayload({ to: 'grace@example.com', subject: 'Queued by the web', text: 'Hello' }),
    );
    await sleep(3_000);
    const outbox = () =>
      handle!.db
        .selectFrom('outbox_emails')
        .select('subject')
        .where('to_address', '=', 'grace@example.com')
        .execute();
    expect(await outbox()).toEqual([]);
    expect((await web.jobs.figures()).find((q) => q.name === SEND_EMAIL_JOB)?.waiting).toBe(1);

    const worker = await startServer(config('true'), { logger: silent, role: 'worker' });
    shops.push(worker);
    // The worker never listens.
    expect(worker.app.server.listening).toBe(false);
    const end = Date.now() + 30_000;
    while ((await outbox()).length === 0 && Date.now() < end) await sleep(200);
    expect(await outbox()).toEqual([{ subject: 'Queued by the web' }]);
  }, 120_000);
});
