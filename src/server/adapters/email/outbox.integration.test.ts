import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { ENGINES, openTestDatabase } from '../../testing/test-app.ts';
import { outboxMailer, outboxReader } from './outbox.ts';

describe.each(ENGINES)('outbox on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle?.close());

  it('stores each message with its recipient, subject and bodies', async () => {
    const mailer = outboxMailer(handle.db);
    expect(mailer.mode).toBe('outbox');
    await mailer.send({
      to: 'stored@example.com',
      subject: 'Welcome to Everbloom',
      text: 'Thanks for joining.',
      html: '<p>Thanks for joining.</p>',
    });
    const row = await outboxReader(handle.db).latest('stored@example.com');
    expect(row).toMatchObject({
      to_address: 'stored@example.com',
      subject: 'Welcome to Everbloom',
      text_body: 'Thanks for joining.',
      html_body: '<p>Thanks for joining.</p>',
    });
    expect(row?.id).toEqual(expect.any(Number));
    expect(row?.created_at).toBeInstanceOf(Date);
  });

  it('lists newest first, filtered by recipient and limited', async () => {
    const mailer = outboxMailer(handle.db);
    const reader = outboxReader(handle.db);
    for (const n of [1, 2, 3]) {
      await mailer.send({ to: 'listed@example.com', subject: `Listed ${n}`, text: `${n}` });
      await mailer.send({ to: 'other@example.com', subject: `Other ${n}`, text: `${n}` });
    }

    const mine = await reader.list({ to: 'listed@example.com' });
    expect(mine.map((email) => email.subject)).toEqual(['Listed 3', 'Listed 2', 'Listed 1']);
    expect(mine[0]?.html_body).toBeNull();

    const everyone = await reader.list({ limit: 4 });
    expect(everyone.map((email) => email.subject)).toEqual([
      'Other 3',
      'Listed 3',
      'Other 2',
      'Listed 2',
    ]);
    expect(await reader.list({ to: 'nobody@example.com' })).toEqual([]);
  });

  it('lists at most 50 by default', async () => {
    const mailer = outboxMailer(handle.db);
    for (let n = 0; n < 51; n++)
      await mailer.send({ to: 'bulk@example.com', subject: `Bulk ${n}`, text: 'x' });
    const listed = await outboxReader(handle.db).list();
    expect(listed).toHaveLength(50);
    expect(listed[0]?.subject).toBe('Bulk 50');
  });

  it('finds the latest message to an address, or nothing', async () => {
    const mailer = outboxMailer(handle.db);
    const reader = outboxReader(handle.db);
    await mailer.send({ to: 'latest@example.com', subject: 'First code', text: '111111' });
    await mailer.send({ to: 'latest@example.com', subject: 'Second code', text: '222222' });
    await mailer.send({ to: 'someone.else@example.com', subject: 'Not this', text: '333333' });
    expect((await reader.latest('latest@example.com'))?.text_body).toBe('222222');
    expect(await reader.latest('never-mailed@example.com')).toBeUndefined();
  });
});
