import { randomUUID } from 'node:crypto';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENGINES, openTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import {
  LISTENER_APPLICATION_NAME,
  noNotifications,
  postgresNotifications,
} from './notifications.ts';

/**
 * A TCP relay to PostgreSQL whose open links can be made to go silent: the server's
 * bytes stop arriving while the sockets stay open, as on a dead network path.
 */
async function relayTo(url: string) {
  const target = new URL(url);
  const links: { silent: boolean; sockets: Socket[] }[] = [];
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const link = { silent: false, sockets: [client, upstream] };
    links.push(link);
    client.on('data', (data) => upstream.write(data));
    upstream.on('data', (data) => {
      if (!link.silent) client.write(data);
    });
    const end = () => link.sockets.forEach((socket) => socket.destroy());
    for (const socket of link.sockets) socket.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as AddressInfo).port);
  return {
    url: relayed.toString(),
    /** Links open now stop passing the server's bytes on; new ones work. */
    silenceOpenLinks: () => links.forEach((link) => (link.silent = true)),
    close: async () => {
      links.forEach((link) => link.sockets.forEach((socket) => socket.destroy()));
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One contract for the notification feed of each engine (the port's promises). */
describe.each(ENGINES)('database notifications on %s', (engine) => {
  let handle: TestDatabase;
  beforeEach(async () => {
    handle = await openTestDatabase(engine);
  });
  afterEach(() => handle.close());

  const notify = (channel: string, payload: string) =>
    sql`SELECT pg_notify(${channel}, ${payload})`.execute(handle.db);

  it('delivers what committed transactions announce, in commit order', async () => {
    const feed = handle.notifications;
    const received: string[] = [];
    await feed.subscribe('test_channel', (payload) => received.push(payload));
    expect(feed.live).toBe(true);

    await notify('test_channel', 'first');
    await handle.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_notify('test_channel', 'second')`.execute(trx);
      await sql`SELECT pg_notify('test_channel', 'third')`.execute(trx);
    });
    await notify('other_channel', 'not subscribed');
    await feed.caughtUp();

    expect(received).toEqual(['first', 'second', 'third']);
  });

  it('delivers nothing from a transaction that rolled back', async () => {
    const feed = handle.notifications;
    const received: string[] = [];
    await feed.subscribe('test_channel', (payload) => received.push(payload));
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT pg_notify('test_channel', 'never')`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await notify('test_channel', 'after');
    await feed.caughtUp();
    expect(received).toEqual(['after']);
  });

  it('announces every basket change with its new version, bumped even when a write forgets', async () => {
    const feed = handle.notifications;
    const received: string[] = [];
    await feed.subscribe('basket_changed', (payload) => received.push(payload));
    const id = randomUUID();
    await handle.db.insertInto('baskets').values({ id }).execute();
    // A write that does not bump the version itself still makes a new one.
    await handle.db
      .updateTable('baskets')
      .set({ email_address: 'a@example.com' })
      .where('id', '=', id)
      .execute();
    await handle.db
      .updateTable('baskets')
      .set({ version: sql<number>`version + 1` })
      .where('id', '=', id)
      .execute();
    await handle.db.deleteFrom('baskets').where('id', '=', id).execute();
    await feed.caughtUp();
    expect(received).toEqual([`${id}:1`, `${id}:2`, `${id}:3`]);
  });
});

describe.runIf(ENGINES.includes('postgres'))('database notifications on postgres', () => {
  let handle: TestDatabase;
  beforeEach(async () => {
    handle = await openTestDatabase('postgres');
  });
  afterEach(() => handle.close());

  it('stop being live when the connection is lost, and come back with a new epoch', async () => {
    const feed = handle.notifications;
    const received: string[] = [];
    await feed.subscribe('test_channel', (payload) => received.push(payload));
    const before = feed.epoch;

    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE application_name = ${LISTENER_APPLICATION_NAME}
                AND datname = current_database()`.execute(handle.db);
    await vi.waitFor(() => expect(feed.live).toBe(false), { timeout: 5_000 });
    await sql`SELECT pg_notify('test_channel', 'while down')`.execute(handle.db);

    await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 10_000, interval: 50 });
    expect(feed.epoch).toBeGreaterThan(before);
    await sql`SELECT pg_notify('test_channel', 'back')`.execute(handle.db);
    await feed.caughtUp();
    expect(received).toEqual(['back']);
  });

  it('give up a connection that silently stops delivering, and replace it', async () => {
    const relay = await relayTo(handle.url ?? '');
    const feed = postgresNotifications({ url: relay.url, heartbeatMs: 100, timeoutMs: 500 });
    try {
      const received: string[] = [];
      await feed.subscribe('test_channel', (payload) => received.push(payload));
      expect(feed.live).toBe(true);
      const before = feed.epoch;

      relay.silenceOpenLinks();
      await vi.waitFor(() => expect(feed.live).toBe(false), { timeout: 5_000, interval: 20 });
      await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 10_000, interval: 50 });
      expect(feed.epoch).toBeGreaterThan(before + 1);

      await sql`SELECT pg_notify('test_channel', 'through the new link')`.execute(handle.db);
      await feed.caughtUp();
      expect(received).toEqual(['through the new link']);
    } finally {
      await feed.close();
      await relay.close();
    }
  });
});

describe('no notifications', () => {
  it('is never live, so caches check the database', async () => {
    await noNotifications.subscribe('test_channel', () => undefined);
    expect(noNotifications.live).toBe(false);
    await expect(noNotifications.caughtUp()).resolves.toBeUndefined();
  });
});
