/**
 * Abandoned-basket reminders (ADR 077): opt-in, one per basket, only the newest job of
 * a basket sends, never for an order. The queue is a recorder (the delay is not waited
 * out): each test runs the queued jobs' handler directly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BasketView } from '../../../domain/api/basket.ts';
import { outboxReader } from '../../adapters/email/outbox.ts';
import type { JobQueue } from '../../adapters/jobs/port.ts';
import { Browser, FRICTIONLESS_3DS, fillBasket, variationIds } from '../../testing/checkout.ts';
import { createTestApp, ENGINES, type TestApp } from '../../testing/test-app.ts';
import {
  BASKET_REMINDER_JOB,
  basketReminderPayload,
  type BasketReminderPayload,
} from './basket-reminders.ts';

const PUBLIC_URL = 'https://shop.example';
const DELAY_SECONDS = 3 * 3600;

interface Queued {
  name: string;
  payload: unknown;
  delaySeconds: number | undefined;
}

/** A queue that only records what is asked of it. */
function recordingQueue(queued: Queued[]): JobQueue {
  return {
    define: () => undefined,
    start: async () => undefined,
    async enqueue(name, payload, options) {
      queued.push({ name, payload, delaySeconds: options?.delaySeconds });
      return String(queued.length);
    },
    deadLetters: async () => ({ jobs: [], next: null }),
    deadLetter: async () => null,
    retry: async () => false,
    figures: async () => [],
    onFailure: () => undefined,
    stop: async () => undefined,
  };
}

let counter = 0;

describe.each(ENGINES)('abandoned-basket reminders on %s', (engine) => {
  let t: TestApp;
  let idOf: (sku: string) => number;
  const queued: Queued[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, {
      publicUrl: PUBLIC_URL,
      jobs: recordingQueue(queued),
      basketReminderSeconds: DELAY_SECONDS,
    });
    idOf = await variationIds(t.app);
  }, 60_000);
  afterAll(() => t.close());

  /** A new signed-in customer, reminders on or off, and their address. */
  async function customer(reminders: boolean): Promise<{ browser: Browser; email: string }> {
    const browser = new Browser(t.app);
    const email = `reminders-${engine}-${++counter}@example.com`;
    await browser.signUp(email);
    if (reminders) {
      const reply = await browser.put('/api/v1/user/basket-reminders', { basket_reminders: true });
      expect(reply.status).toBe(200);
      expect(reply.body.data.basket_reminders).toBe(true);
    }
    return { browser, email };
  }

  /** The reminder jobs queued for a basket since `from`, parsed as the job parses them. */
  const jobsFor = (basketId: string, from = 0): BasketReminderPayload[] =>
    queued
      .slice(from)
      .filter((job) => job.name === BASKET_REMINDER_JOB)
      .map((job) => basketReminderPayload.parse(job.payload))
      .filter((payload) => payload.basket_id === basketId);

  /** The customer's newest basket (the view does not name it). */
  const basketIdOf = async (email: string) =>
    (
      await t.handle.db
        .selectFrom('baskets as b')
        .innerJoin('users as u', 'u.id', 'b.user_id')
        .select('b.id')
        .where('u.email_address', '=', email)
        .orderBy('b.created_at', 'desc')
        .executeTakeFirstOrThrow()
    ).id;

  const remindersTo = async (email: string) =>
    (await outboxReader(t.handle.db).list({ to: email })).filter((m) =>
      m.subject.includes('You left something in your Everbloom basket'),
    );

  it('is off by default; switching it on records when; GET /user shows it', async () => {
    const { browser, email } = await customer(false);
    expect((await browser.get('/api/v1/user')).body.data.basket_reminders).toBe(false);
    const on = await browser.put('/api/v1/user/basket-reminders', { basket_reminders: true });
    expect(on.body.data.basket_reminders).toBe(true);
    const row = await t.handle.db
      .selectFrom('users')
      .select(['basket_reminders', 'basket_reminders_at'])
      .where('email_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.basket_reminders).toBe(true);
    expect(row.basket_reminders_at).not.toBeNull();
    // The customer's own data export shows the consent and since when.
    const exported = await browser.get('/api/v1/user/export');
    expect(exported.status).toBe(200);
    expect(exported.body.data.consents).toMatchObject({
      basket_reminders: true,
      basket_reminders_at: expect.any(String),
    });
    const off = await browser.put('/api/v1/user/basket-reminders', { basket_reminders: false });
    expect(off.body.data.basket_reminders).toBe(false);
    expect((await browser.get('/api/v1/user')).body.data.basket_reminders).toBe(false);
  });

  it('refuses a body that is not yes or no with the field’s message', async () => {
    const { browser } = await customer(false);
    const reply = await browser.put('/api/v1/user/basket-reminders', { basket_reminders: 'yes' });
    expect(reply.status).toBe(422);
    expect(reply.body.error_type).toBe('validation');
    expect(reply.body.errors).toEqual({ basket_reminders: ['Please choose yes or no'] });
  });

  it('queues nothing for a customer who has not opted in', async () => {
    const { browser, email } = await customer(false);
    const from = queued.length;
    await browser.post('/api/v1/basket', { product_id: idOf('FERN-BOS'), quantity: 2 });
    expect(jobsFor(await basketIdOf(email), from)).toEqual([]);
    expect(await remindersTo(email)).toEqual([]);
  });

  it('sends one reminder, after the job runs, whose link brings the basket back', async () => {
    const { browser, email } = await customer(true);
    const from = queued.length;
    await browser.post('/api/v1/basket', { product_id: idOf('FERN-BOS'), quantity: 2 });
    const basketId = await basketIdOf(email);
    const jobs = jobsFor(basketId, from);
    expect(jobs).toHaveLength(1);
    expect(queued.at(-1)?.delaySeconds).toBe(DELAY_SECONDS);
    expect(await remindersTo(email)).toEqual([]);

    expect(await t.app.sendBasketReminder(jobs[0]!)).toBe('sent');

    const [reminder, ...more] = await remindersTo(email);
    expect(more).toEqual([]);
    expect(reminder!.text_body).toContain('- 2 × Artificial Boston Fern: £69.98');
    expect(reminder!.text_body).toContain(`${PUBLIC_URL}/account/settings`);
    const link = /https:\/\/shop\.example\/basket\?restore=([0-9a-f-]{36})/.exec(
      reminder!.text_body,
    );
    expect(link).not.toBeNull();
    // Another browser (another device, signed out) restores the basket from the link.
    const elsewhere = new Browser(t.app);
    const restored = await elsewhere.get<{ data: BasketView }>(
      `/api/v1/basket/abandoned?id=${link![1]}`,
    );
    expect(restored.status).toBe(200);
    expect(restored.body.data.items.map((i) => [i.product.sku, i.quantity])).toEqual([
      ['FERN-BOS', 2],
    ]);
  });

  it('sends only the newest job of a changed basket', async () => {
    const { browser, email } = await customer(true);
    const from = queued.length;
    await browser.post('/api/v1/basket', { product_id: idOf('FERN-BOS') });
    const basketId = await basketIdOf(email);
    const line = (await browser.get<{ data: BasketView }>('/api/v1/basket')).body.data.items[0]!;
    await browser.patch(`/api/v1/basket/${line.id}`, { quantity: 3 });
    const jobs = jobsFor(basketId, from);
    expect(jobs).toHaveLength(2);
    expect(jobs[1]!.version).toBeGreaterThan(jobs[0]!.version);

    expect(await t.app.sendBasketReminder(jobs[0]!)).toBe('not_due');
    expect(await remindersTo(email)).toEqual([]);
    expect(await t.app.sendBasketReminder(jobs[1]!)).toBe('sent');
    const sent = await remindersTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text_body).toContain('- 3 × Artificial Boston Fern: £104.97');
  });

  it('sends once however often its job runs', async () => {
    const { browser, email } = await customer(true);
    const from = queued.length;
    await browser.post('/api/v1/basket', { product_id: idOf('FERN-BOS') });
    const [job] = jobsFor(await basketIdOf(email), from);
    const outcomes = await Promise.all([
      t.app.sendBasketReminder(job!),
      t.app.sendBasketReminder(job!),
    ]);
    expect(outcomes.sort()).toEqual(['not_due', 'sent']);
    expect(await t.app.sendBasketReminder(job!)).toBe('not_due');
    expect(await remindersTo(email)).toHaveLength(1);
  });

  it('sends nothing for a basket that became an order', async () => {
    const { browser, email } = await customer(true);
    const from = queued.length;
    await fillBasket(browser, idOf, [['FERN-BOS', 1]]);
    const basketId = await basketIdOf(email);
    const jobs = jobsFor(basketId, from);
    expect(jobs.length).toBeGreaterThan(0);
    const paid = await browser.pay(FRICTIONLESS_3DS);
    expect(paid.status).toBe(201);
    for (const job of jobs) expect(await t.app.sendBasketReminder(job)).toBe('not_due');
    expect(await remindersTo(email)).toEqual([]);
  });

  it('sends nothing once the customer switched reminders off, nor for an empty basket', async () => {
    const { browser, email } = await customer(true);
    const from = queued.length;
    await browser.post('/api/v1/basket', { product_id: idOf('FERN-BOS') });
    const basketId = await basketIdOf(email);
    const [job] = jobsFor(basketId, from);
    await browser.put('/api/v1/user/basket-reminders', { basket_reminders: false });
    expect(await t.app.sendBasketReminder(job!)).toBe('not_due');

    await browser.put('/api/v1/user/basket-reminders', { basket_reminders: true });
    const line = (await browser.get<{ data: BasketView }>('/api/v1/basket')).body.data.items[0]!;
    const before = queued.length;
    await browser.delete(`/api/v1/basket/${line.id}`);
    const [emptied] = jobsFor(basketId, before);
    expect(await t.app.sendBasketReminder(emptied!)).toBe('not_due');
    expect(await remindersTo(email)).toEqual([]);
  });
});
