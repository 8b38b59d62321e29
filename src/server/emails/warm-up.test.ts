/**
 * The email warm-up (ADR 072): loads React Email once the started process is idle, never
 * throws, and a shutdown stops one still waiting.
 */
import { describe, expect, it, vi } from 'vitest';
import { warmEmailsWhenIdle } from './warm-up.ts';

const logger = () => ({ info: vi.fn(), warn: vi.fn() });

describe('warming the email templates', () => {
  it('loads them after the wait, once, and logs it', async () => {
    const log = logger();
    const load = vi.fn(() => Promise.resolve());
    const warm = warmEmailsWhenIdle({ afterMs: 5, busy: () => false, log, load });
    expect(load).not.toHaveBeenCalled();
    expect(await warm.done).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith(expect.any(Object), 'email templates loaded');
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('waits while requests are in flight, then loads once they are answered', async () => {
    let inFlight = 1;
    let asked = 0;
    const load = vi.fn(() => Promise.resolve());
    const warm = warmEmailsWhenIdle({
      afterMs: 5,
      busy: () => {
        asked += 1;
        if (asked === 3) inFlight = 0; // answered by the third look
        return inFlight > 0;
      },
      log: logger(),
      load,
    });
    expect(await warm.done).toBe('loaded');
    expect(asked).toBe(3);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads anyway on a process that is never idle, after the waits allowed', async () => {
    const load = vi.fn(() => Promise.resolve());
    const warm = warmEmailsWhenIdle({
      afterMs: 1,
      busy: () => true,
      log: logger(),
      load,
      maxWaits: 3,
    });
    expect(await warm.done).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('logs a failed load as a warning and does not throw (the first email tries again)', async () => {
    const log = logger();
    const failure = new Error('Cannot find module @react-email/components');
    const warm = warmEmailsWhenIdle({
      afterMs: 1,
      busy: () => false,
      log,
      load: () => Promise.reject(failure),
    });
    expect(await warm.done).toBe('failed');
    expect(log.warn).toHaveBeenCalledWith(
      { err: failure },
      expect.stringContaining('could not be loaded'),
    );
    expect(log.info).not.toHaveBeenCalled();
  });

  it('is stopped by a shutdown before it loads anything', async () => {
    const load = vi.fn(() => Promise.resolve());
    const warm = warmEmailsWhenIdle({ afterMs: 60_000, busy: () => false, log: logger(), load });
    warm.cancel();
    expect(await warm.done).toBe('cancelled');
    expect(load).not.toHaveBeenCalled();
  });
});
