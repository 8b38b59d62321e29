/**
 * Reading the audit trail (ADR 049): filters, keyset paging that stays put while entries
 * are written, UK days, refusals of bad values, and the CSV export — its headers, its
 * quoting, formulas defused, and the export itself recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../../domain/api/admin-audit.ts';
import { data } from '../../../domain/api/replies.ts';
import type { StaffMember } from '../staff/staff.repository.ts';
import { addStaff, staffBrowser } from '../../testing/staff.ts';
import { createTestApp, ENGINES, type Shopper, type TestApp } from '../../testing/test-app.ts';
import { recordAudit } from './audit.repository.ts';
import type { StaffActor } from '../staff/staff-actor.ts';

const pageReply = data(auditPageSchema);

describe.each(ENGINES)('the audit trail on %s', (engine) => {
  let t: TestApp;
  let owner: StaffMember;
  let manager: StaffMember;
  let browser: Shopper;
  let ownerActor: StaffActor;
  let managerActor: StaffActor;

  const write = (actor: StaffActor, entry: Parameters<typeof recordAudit>[2]) =>
    t.handle.db.transaction().execute((trx) => recordAudit(trx, actor, entry));

  /** An entry written at a given instant (as if then). */
  const writeAt = async (at: string, action: string) =>
    Number(
      (
        await t.handle.db
          .insertInto('audit_log')
          .values({ at, actor: 'cli', action, entity_type: 'dated', entity_id: at })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );

  const list = async (query: string) => {
    const reply = await browser.get(`/api/v1/admin/audit${query}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return pageReply.parse(reply.body).data;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await addStaff(t.handle.db, 'owner', {
      email: `owner-${engine}@audit.test`,
      name: 'Olive Owner',
    });
    manager = await addStaff(t.handle.db, 'manager', {
      email: `manager-${engine}@audit.test`,
      name: 'Max Manager',
    });
    browser = await staffBrowser(t.app, t.handle.db, owner);
    ownerActor = { staffId: owner.id, label: owner.email, role: 'owner', ip: '192.0.2.1' };
    managerActor = { staffId: manager.id, label: manager.email, role: 'manager', ip: '192.0.2.2' };
  });
  afterAll(() => t.close());

  it('answers entries newest first with who, what, which record, before, after, reason and address', async () => {
    await write(managerActor, {
      action: 'stock.adjust',
      entityType: 'variation',
      entityId: 42,
      before: { quantity_on_hand: 3 },
      after: { quantity_on_hand: 10 },
      reason: 'Delivery from the grower',
    });
    await write(ownerActor, { action: 'order.note', entityType: 'order', entityId: 'EB-NOTE0001' });
    const { entries } = await list('?limit=2');
    expect(entries.map((e) => e.action)).toEqual(['order.note', 'stock.adjust']);
    expect(entries[1]).toMatchObject({
      actor: manager.email,
      staff: { email: manager.email, name: 'Max Manager' },
      entity_type: 'variation',
      entity_id: '42',
      before: { quantity_on_hand: 3 },
      after: { quantity_on_hand: 10 },
      reason: 'Delivery from the grower',
      ip: '192.0.2.2',
    });
    expect(entries[0]).toMatchObject({ before: null, after: null, reason: null });
    expect(Date.now() - Date.parse(entries[0]!.at)).toBeLessThan(60_000);
  });

  it('filters by staff email, action (or its prefix), record type and record id', async () => {
    await write(managerActor, {
      action: 'order.dispatch',
      entityType: 'order',
      entityId: 'EB-FILTER01',
    });
    await write(managerActor, {
      action: 'order.refund',
      entityType: 'order',
      entityId: 'EB-FILTER01',
    });
    await write(ownerActor, {
      action: 'order.refund',
      entityType: 'order',
      entityId: 'EB-FILTER02',
    });
    await write(
      { staffId: null, label: 'cli', role: null, ip: null },
      {
        action: 'staff.create',
        entityType: 'staff',
        entityId: 'someone@audit.test',
      },
    );

    const byStaff = await list(`?staff=${encodeURIComponent(manager.email.toUpperCase())}`);
    expect(byStaff.entries.length).toBeGreaterThanOrEqual(3);
    expect(byStaff.entries.every((e) => e.staff?.email === manager.email)).toBe(true);

    const cli = await list('?staff=cli&action=staff.create');
    expect(cli.entries.map((e) => [e.actor, e.staff])).toEqual([['cli', null]]);

    const refunds = await list('?action=order.refund');
    expect(refunds.entries.map((e) => e.entity_id)).toEqual(['EB-FILTER02', 'EB-FILTER01']);
    const orderActions = await list('?action=order&entity_type=order&entity_id=EB-FILTER01');
    expect(orderActions.entries.map((e) => e.action)).toEqual(['order.refund', 'order.dispatch']);
    // A prefix is a whole word: 'ord' is no action's prefix.
    expect((await list('?action=ord')).entries).toEqual([]);
    // Text that looks like SQL or a wildcard is only ever compared.
    expect((await list(`?action=${encodeURIComponent("%' OR '1'='1")}`)).entries).toEqual([]);
    expect((await list('?entity_id=EB-FILTER%25')).entries).toEqual([]);
    // Blank fields (an empty form) filter nothing.
    const blank = await list('?staff=&action=&entity_type=&entity_id=&from=&to=&cursor=&limit=');
    expect(blank.entries.length).toBeGreaterThan(4);
  });

  it('pages newest first by cursor, unmoved by entries written meanwhile', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      await write(ownerActor, { action: 'paging.write', entityType: 'paging', entityId: i });
    }
    const first = await list('?action=paging.write&limit=2');
    expect(first.entries.map((e) => e.entity_id)).toEqual(['4', '3']);
    expect(first.next_cursor).not.toBeNull();
    ids.push(...first.entries.map((e) => e.id));
    // Written after the first page was read: newer than it, so on no later page.
    await write(ownerActor, { action: 'paging.write', entityType: 'paging', entityId: 'later' });
    const second = await list(`?action=paging.write&limit=2&cursor=${first.next_cursor}`);
    expect(second.entries.map((e) => e.entity_id)).toEqual(['2', '1']);
    const third = await list(`?action=paging.write&limit=2&cursor=${second.next_cursor}`);
    expect(third.entries.map((e) => e.entity_id)).toEqual(['0']);
    expect(third.next_cursor).toBeNull();
    ids.push(...second.entries.map((e) => e.id), ...third.entries.map((e) => e.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // Started again, the new entry is first.
    expect((await list('?action=paging.write&limit=1')).entries[0]?.entity_id).toBe('later');
  });

  it('reads from and to as UK days: summer time and winter time', async () => {
    // 1 July 2026 is BST (UTC+1): it runs from 23:00 UTC on 30 June to 23:00 UTC on 1 July.
    await writeAt('2026-06-30T22:59:59Z', 'day.summer');
    await writeAt('2026-06-30T23:00:00Z', 'day.summer');
    await writeAt('2026-07-01T22:59:59Z', 'day.summer');
    await writeAt('2026-07-01T23:00:00Z', 'day.summer');
    const summer = await list('?action=day.summer&from=2026-07-01&to=2026-07-01');
    expect(summer.entries.map((e) => e.entity_id).sort()).toEqual([
      '2026-06-30T23:00:00Z',
      '2026-07-01T22:59:59Z',
    ]);
    // 15 January is GMT: midnight to midnight UTC.
    await writeAt('2026-01-14T23:59:59Z', 'day.winter');
    await writeAt('2026-01-15T00:00:00Z', 'day.winter');
    await writeAt('2026-01-16T00:00:00Z', 'day.winter');
    const winter = await list('?action=day.winter&from=2026-01-15&to=2026-01-15');
    expect(winter.entries.map((e) => e.entity_id)).toEqual(['2026-01-15T00:00:00Z']);
    // Either end alone.
    expect((await list('?action=day.winter&to=2026-01-14')).entries).toHaveLength(1);
    expect((await list('?action=day.winter&from=2026-01-16')).entries).toHaveLength(1);
  });

  it('refuses bad values with 422 and a message per field, and answers nothing else', async () => {
    const cases: [string, string[]][] = [
      ['?from=2026-02-31', ['from']],
      ['?from=yesterday&to=01/02/2026', ['from', 'to']],
      ['?from=2026-03-02&to=2026-03-01', ['to']],
      ['?limit=0', ['limit']],
      ['?limit=101', ['limit']],
      ['?limit=1.5', ['limit']],
      ['?limit=-1', ['limit']],
      ['?cursor=abc', ['cursor']],
      ['?cursor=-5', ['cursor']],
      ['?staff=a@b.test&staff=c@d.test', ['staff']],
      [`?entity_id=${'x'.repeat(201)}`, ['entity_id']],
    ];
    for (const [query, fields] of cases) {
      const reply = await browser.get(`/api/v1/admin/audit${query}`);
      expect({ query, status: reply.status, type: reply.body.error_type }).toEqual({
        query,
        status: 422,
        type: 'validation',
      });
      expect(Object.keys(reply.body.errors).sort(), query).toEqual(fields);
    }
  });

  it('exports a range of UK days as CSV, quoted, with formulas defused', async () => {
    const nasty = [
      '=HYPERLINK("http://evil.example","click")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\tTabbed',
      '\rReturned',
      'Comma, "quotes" and\na line break',
      '<b>markup</b>',
    ];
    for (const [i, reason] of nasty.entries()) {
      await write(managerActor, {
        action: 'export.check',
        entityType: 'csv',
        entityId: `=cell${i}`,
        after: { note: reason },
        reason,
      });
    }
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const reply = await browser.get(`/api/v1/admin/audit.csv?from=${yesterday}&to=${tomorrow}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="audit-${yesterday}-to-${tomorrow}.csv"`,
    );
    expect(reply.headers['cache-control']).toBe('no-store');
    const csv = String(reply.body);
    const records = parseCsv(csv);
    expect(records[0]).toEqual([
      'id',
      'at',
      'actor',
      'staff_name',
      'action',
      'entity_type',
      'entity_id',
      'reason',
      'ip',
      'before',
      'after',
    ]);
    const rows = records.filter((r) => r[4] === 'export.check');
    expect(rows.map((r) => r[7])).toEqual(nasty.map((n) => (/^[=+\-@\t\r]/.test(n) ? `'${n}` : n)));
    expect(rows.map((r) => r[6])).toEqual(nasty.map((_, i) => `'=cell${i}`));
    expect(rows[0]).toMatchObject({ 2: manager.email, 3: 'Max Manager', 8: '192.0.2.2' });
    expect(JSON.parse(rows[6]![10]!)).toEqual({ note: nasty[6] });
    // Oldest first, ids rising; the lines end with CRLF.
    const ids = records.slice(1).map((r) => Number(r[0]));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(csv.endsWith('\r\n')).toBe(true);
    // Every cell a spreadsheet would evaluate starts with an apostrophe.
    for (const record of records)
      for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    // The export is on the trail: who, which days.
    const exports = await list('?action=audit.export&limit=1');
    expect(exports.entries[0]).toMatchObject({
      actor: owner.email,
      entity_type: 'audit_log',
      entity_id: `${yesterday}..${tomorrow}`,
      after: { from: yesterday, to: tomorrow, format: 'csv' },
    });
    // …and not in its own file.
    expect(ids).not.toContain(exports.entries[0]!.id);
  });

  it('exports only the days asked, and many pages of them', async () => {
    for (let i = 0; i < 1_100; i += 100) {
      await t.handle.db
        .insertInto('audit_log')
        .values(
          Array.from({ length: 100 }, (_, j) => ({
            at: '2025-03-10T12:00:00Z',
            actor: 'cli',
            action: 'bulk.write',
            entity_type: 'bulk',
            entity_id: String(i + j),
          })),
        )
        .execute();
    }
    await writeAt('2025-03-09T23:59:59Z', 'bulk.outside');
    await writeAt('2025-03-11T00:00:00Z', 'bulk.outside');
    const reply = await browser.get('/api/v1/admin/audit.csv?from=2025-03-10&to=2025-03-10');
    expect(reply.status).toBe(200);
    const records = parseCsv(String(reply.body)).slice(1);
    expect(records).toHaveLength(1_100);
    expect(new Set(records.map((r) => r[6])).size).toBe(1_100);
    expect(records.every((r) => r[4] === 'bulk.write')).toBe(true);
  });

  it('refuses an export without both days, backwards or over a year, and records nothing', async () => {
    const count = async () =>
      (
        await t.handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    for (const [query, fields] of [
      ['', ['from', 'to']],
      ['?from=2026-01-01', ['to']],
      ['?from=2026-01-01&to=2025-12-31', ['to']],
      ['?from=2025-01-01&to=2026-01-02', ['to']],
      ['?from=2026-13-01&to=2026-12-01', ['from']],
    ] as const) {
      const reply = await browser.get(`/api/v1/admin/audit.csv${query}`);
      expect({ query, status: reply.status, type: reply.body.error_type }).toEqual({
        query,
        status: 422,
        type: 'validation',
      });
      expect(Object.keys(reply.body.errors).sort(), query).toEqual(fields);
    }
    // A full leap year is allowed.
    expect(
      (await browser.get('/api/v1/admin/audit.csv?from=2024-01-01&to=2024-12-31')).status,
    ).toBe(200);
    expect(Number(await count())).toBe(Number(before) + 1);
  });

  it('is for roles holding audit.read only', async () => {
    const dispatcher = await staffBrowser(
      t.app,
      t.handle.db,
      await addStaff(t.handle.db, 'dispatcher'),
    );
    expect((await dispatcher.get('/api/v1/admin/audit')).status).toBe(403);
    expect(
      (await dispatcher.get('/api/v1/admin/audit.csv?from=2026-01-01&to=2026-01-01')).status,
    ).toBe(403);
    const managerBrowser = await staffBrowser(t.app, t.handle.db, manager);
    expect((await managerBrowser.get('/api/v1/admin/audit?limit=1')).status).toBe(200);
  });
});

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return records;
}
