/**
 * PostgreSQL notifications (LISTEN/NOTIFY) as a port, so a process can keep caches
 * that other processes' writes invalidate (ADR 011).
 *
 * - PostgreSQL: one dedicated connection per process LISTENs, reconnecting with
 *   back-off when it is lost. While it is down the feed is not `live`, and a cache
 *   must not trust itself: notifications may be missed.
 * - PGlite: one process owns the database and PGlite delivers each notification as
 *   its transaction commits, so the feed is always live and always caught up.
 * - none: never live (caches fall back to reading the database).
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface NotificationFeed {
  /** True while every notification is being received. */
  readonly live: boolean;
  /**
   * Changes whenever notifications may have been missed (connection lost, LISTEN
   * re-issued, a channel newly listened to). Anything cached under an earlier epoch
   * may be stale.
   */
  readonly epoch: number;
  /** Calls `handler` with the payload of each notification on `channel`. */
  subscribe(channel: string, handler: (payload: string) => void): Promise<void>;
  /**
   * Resolves once every notification committed before the call has been delivered
   * (at once when not live; when that cannot be confirmed in time, the feed stops
   * being live).
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export interface NotificationLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
/** The listener's connections show up under this name in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'everbloom-notifications';
const SYNC_CHANNEL = 'everbloom_feed_sync';
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 30_000;
/** How often the listener checks that it still receives (a notification to itself). */
const HEARTBEAT_MS = 15_000;
/** How long connecting, a query or such a notification may take before giving up. */
const TIMEOUT_MS = 5_000;

function checkChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}

type Handlers = Map<string, Set<(payload: string) => void>>;

function dispatch(handlers: Handlers, channel: string, payload: string) {
  for (const handler of handlers.get(channel) ?? []) handler(payload);
}

/**
 * A feed over a dedicated PostgreSQL connection; it connects on the first subscribe.
 * It counts as live only once a notification it sent itself has come back, and sends
 * one every `heartbeatMs`: a connection that silently stopped delivering (a dead TCP
 * peer, a pooler in transaction mode) is given up and replaced.
 */
export function postgresNotifications(options: {
  url: string;
  log?: NotificationLog;
  heartbeatMs?: number;
  /** How long connecting, a query or a notification to itself may take. */
  timeoutMs?: number;
}): NotificationFeed {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const handlers: Handlers = new Map();
  const syncWaiters = new Map<string, (delivered: boolean) => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let live = false;
  let epoch = 0;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | null = null;
  let wasLost = false;
  /** The channels the current connection listens to. */
  let listened = new Set<string>();

  let heartbeat: NodeJS.Timeout | null = null;

  /** Ends a connection without waiting on a peer that may never answer. */
  async function endQuietly(connection: pg.Client) {
    connection.removeAllListeners('end');
    connection.on('error', () => undefined);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      connection.end().catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  function releaseSyncWaiters() {
    for (const resolve of syncWaiters.values()) resolve(false);
    syncWaiters.clear();
  }

  /**
   * Sends a notification to this connection and waits for it: true once it is back,
   * which means every notification committed before has been delivered too.
   */
  async function roundTrip(via: pg.Client): Promise<boolean> {
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const delivered = new Promise<boolean>((resolve) => {
      syncWaiters.set(token, resolve);
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      await via.query('SELECT pg_notify($1, $2)', [SYNC_CHANNEL, token]);
      return await delivered;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      syncWaiters.delete(token);
    }
  }

  /** Gives up the current connection when its own notification does not come back. */
  async function check(current: pg.Client) {
    if (await roundTrip(current)) return;
    lost(current, new Error(`a notification sent to itself did not arrive in ${timeoutMs} ms`));
  }

  function lost(from: pg.Client, error?: Error) {
    if (from !== client) return;
    client = null;
    live = false;
    epoch += 1;
    wasLost = true;
    releaseSyncWaiters();
    void endQuietly(from);
    if (closed) return;
    options.log?.warn(
      { err: error, retryInMs: retryMs },
      'database notifications lost: basket views are checked against the database until they are back',
    );
    scheduleConnect();
  }

  function scheduleConnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: options.url,
        application_name: LISTENER_APPLICATION_NAME,
        keepAlive: true,
        connectionTimeoutMillis: timeoutMs,
        query_timeout: timeoutMs,
      });
      next.on('notification', (message) => {
        const payload = message.payload ?? '';
        if (message.channel === SYNC_CHANNEL) {
          syncWaiters.get(payload)?.(true);
        } else {
          dispatch(handlers, message.channel, payload);
        }
      });
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next));
      try {
        await next.connect();
        const channels = new Set([SYNC_CHANNEL, ...handlers.keys()]);
        for (const channel of channels) await next.query(`LISTEN ${channel}`);
        if (!(await roundTrip(next))) {
          throw new Error(
            'a notification sent to itself did not arrive (DATABASE_URL must reach PostgreSQL, or a pooler in session mode)',
          );
        }
        if (closed) {
          await endQuietly(next);
          return;
        }
        client = next;
        listened = channels;
        live = true;
        epoch += 1;
        retryMs = RETRY_FIRST_MS;
        if (wasLost) options.log?.info({}, 'database notifications are back');
        heartbeat ??= setInterval(() => {
          if (client && live) void check(client);
        }, heartbeatMs);
        heartbeat.unref();
      } catch (error) {
        void endQuietly(next);
        if (closed) return;
        options.log?.warn(
          { err: error, retryInMs: retryMs },
          'database notifications unavailable: basket views are checked against the database',
        );
        wasLost = true;
        scheduleConnect();
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    get live() {
      return live;
    },
    get epoch() {
      return epoch;
    },

    async subscribe(channel, handler) {
      checkChannel(channel);
      const known = handlers.get(channel);
      if (known) {
        known.add(handler);
        return;
      }
      handlers.set(channel, new Set([handler]));
      if (!client && !retryTimer) await connect();
      const current = client;
      if (!current || listened.has(channel)) return;
      try {
        await current.query(`LISTEN ${channel}`);
        listened.add(channel);
        // Notifications sent before LISTEN took effect were not received.
        epoch += 1;
      } catch (error) {
        lost(current, error instanceof Error ? error : new Error(String(error)));
      }
    },

    async caughtUp() {
      if (client && live) await check(client);
    },

    async close() {
      closed = true;
      live = false;
      if (heartbeat) clearInterval(heartbeat);
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      releaseSyncWaiters();
      await connecting;
      const last = client;
      client = null;
      if (last) await endQuietly(last);
    },
  };
}

/** PGlite delivers notifications as each transaction commits, in the same process. */
export function pgliteNotifications(pglite: PGlite): NotificationFeed {
  const unsubscribes: (() => Promise<void>)[] = [];
  let epoch = 0;
  let closed = false;
  return {
    get live() {
      return !closed;
    },
    get epoch() {
      return epoch;
    },
    async subscribe(channel, handler) {
      checkChannel(channel);
      unsubscribes.push(await pglite.listen(channel, handler));
      epoch += 1;
    },
    async caughtUp() {},
    async close() {
      closed = true;
      const pending = unsubscribes.splice(0);
      if (!pglite.closed) await Promise.all(pending.map((unsubscribe) => unsubscribe()));
    },
  };
}

/** No notifications: every cache checks the database. */
export const noNotifications: NotificationFeed = {
  live: false,
  epoch: 0,
  async subscribe() {},
  async caughtUp() {},
  async close() {},
};
