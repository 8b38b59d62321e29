/**
 * Loads React Email off the shopper's path (ADR 072). It is loaded on first use, and the
 * first email of a process is usually an order confirmation rendered inside the checkout
 * request: without a warm-up, that shopper waits about a second (a few on a busy host)
 * for the load. The server's start calls `warmEmailsWhenIdle` after it listens: a timer
 * (unref'd: it never keeps a process alive) waits `afterMs`, then waits on while requests
 * are in flight, and loads the renderer once nothing is being answered. A load that fails
 * is logged and left to the first email, which tries again; it never throws.
 */
import { loadEmailRenderer } from './template.ts';

/** How the warm-up ended: loaded, failed (logged), or cancelled by a shutdown. */
export type EmailWarmUpOutcome = 'loaded' | 'failed' | 'cancelled';

export interface EmailWarmUp {
  /** Settles (never rejects) when the warm-up has loaded, failed or been cancelled. */
  readonly done: Promise<EmailWarmUpOutcome>;
  /** Stops a warm-up still waiting (a shutdown); one already loading finishes. */
  cancel(): void;
}

export interface EmailWarmUpOptions {
  /** How long after the call to first try, and between tries while requests are in flight. */
  afterMs: number;
  /** Whether the process is answering requests now (a worker never is). */
  busy: () => boolean;
  log: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
  /** Tries to wait for an idle moment before loading anyway (default 10). */
  maxWaits?: number;
  /** What is loaded; React Email's renderer and components unless a test says otherwise. */
  load?: () => Promise<unknown>;
}

/** Loads React Email once the process has been idle for a moment (see the module comment). */
export function warmEmailsWhenIdle(options: EmailWarmUpOptions): EmailWarmUp {
  const { afterMs, busy, log, maxWaits = 10, load = loadEmailRenderer } = options;
  let timer: NodeJS.Timeout | undefined;
  let settle: (outcome: EmailWarmUpOutcome) => void = () => undefined;
  let settled = false;
  const done = new Promise<EmailWarmUpOutcome>((resolve) => {
    settle = (outcome) => {
      settled = true;
      resolve(outcome);
    };
  });

  const attempt = (waits: number) => {
    timer = undefined;
    // Busy: answering requests now; a moment later, unless it has waited long enough
    // (a shop that is never idle still warms, once, rather than making a shopper wait).
    if (busy() && waits < maxWaits) {
      schedule(waits + 1);
      return;
    }
    const started = performance.now();
    load().then(
      () => {
        log.info({ ms: Math.round(performance.now() - started) }, 'email templates loaded');
        settle('loaded');
      },
      (error: unknown) => {
        log.warn(
          { err: error },
          'email templates could not be loaded ahead of the first email (it will try again)',
        );
        settle('failed');
      },
    );
  };
  const schedule = (waits: number) => {
    timer = setTimeout(() => attempt(waits), afterMs);
    timer.unref();
  };
  schedule(0);

  return {
    done,
    cancel() {
      if (timer === undefined || settled) return;
      clearTimeout(timer);
      timer = undefined;
      settle('cancelled');
    },
  };
}
