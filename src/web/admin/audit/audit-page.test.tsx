import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditEntryView } from '../../../domain/api/admin-audit.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { AuditEntryRow } from './audit-entry-row.tsx';
import { AuditPage } from './audit-page.tsx';

const entry = (id: number, fields: Partial<AuditEntryView> = {}): AuditEntryView => ({
  id,
  at: '2026-07-01T09:30:00.000Z',
  actor: 'max@staff.test',
  staff: { email: 'max@staff.test', name: 'Max Manager' },
  action: 'stock.adjust',
  entity_type: 'variation',
  entity_id: String(40 + id),
  before: { quantity_on_hand: 3 },
  after: { quantity_on_hand: 10, note: '<img src=x onerror=alert(1)><b>bold</b>' },
  reason: 'Delivery from the grower',
  ip: '192.0.2.7',
  ...fields,
});

describe('an audit entry row', () => {
  it('opens to before and after side by side, as text, from a button saying whether it is open', () => {
    const { container } = renderWithApp(
      <table>
        <tbody>
          <AuditEntryRow entry={entry(1)} />
        </tbody>
      </table>,
    );
    // 10:30 in London: British Summer Time.
    expect(screen.getByText('01/07/2026, 10:30:00')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: /show details of stock\.adjust/i });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details).not.toBeVisible();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName(/hide details/i);
    expect(details).toBeVisible();
    const before = within(details).getByRole('heading', { name: 'Before' }).nextElementSibling!;
    const after = within(details).getByRole('heading', { name: 'After' }).nextElementSibling!;
    expect(JSON.parse(before.textContent!)).toEqual({ quantity_on_hand: 3 });
    expect(JSON.parse(after.textContent!)).toEqual(entry(1).after);
    // Markup in a record is text, never elements.
    expect(container.querySelector('img, b')).toBeNull();
    expect(within(details).getByText(/from 192\.0\.2\.7/)).toBeInTheDocument();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a command-line entry by its actor, and no record as a dash', () => {
    renderWithApp(
      <table>
        <tbody>
          <AuditEntryRow entry={entry(2, { actor: 'cli', staff: null, before: null, ip: null })} />
        </tbody>
      </table>,
    );
    expect(screen.getByText('cli')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /show details/i }));
    expect(screen.getByRole('heading', { name: 'Before' }).nextElementSibling).toHaveTextContent(
      '—',
    );
  });
});

describe('the audit page', () => {
  it('reads the filters from the address, pages with Load more, and offers the export', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/audit': (_body, url) =>
        url.searchParams.get('cursor')
          ? { body: { data: { entries: [entry(1)], next_cursor: null } } }
          : { body: { data: { entries: [entry(3), entry(2)], next_cursor: '2' } } },
    });
    renderWithApp(<AuditPage />, {
      path: '/admin/audit?action=stock.adjust&from=2026-07-01&to=2026-07-31',
    });
    expect(await screen.findAllByRole('button', { name: /show details/i })).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'When' })).toBeInTheDocument();
    expect(screen.getByLabelText('Action')).toHaveValue('stock.adjust');
    const first = new URLSearchParams(calls[0]!.search);
    expect(Object.fromEntries(first)).toEqual({
      action: 'stock.adjust',
      from: '2026-07-01',
      to: '2026-07-31',
      limit: '50',
    });
    expect(screen.getByRole('status')).toHaveTextContent('2 entries shown, more to load');
    expect(screen.getByRole('link', { name: /export csv/i })).toHaveAttribute(
      'href',
      '/api/v1/admin/audit.csv?from=2026-07-01&to=2026-07-31',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /show details/i })).toHaveLength(3),
    );
    expect(new URLSearchParams(calls[1]!.search).get('cursor')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 entries shown');
  });

  it('puts new filters in the address and says when nothing matches', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/audit': () => ({ body: { data: { entries: [], next_cursor: null } } }),
    });
    const { router } = renderWithApp(<AuditPage />, { path: '/admin/audit' });
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /export csv/i })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Staff email'), {
      target: { value: ' max@staff.test ' },
    });
    fireEvent.change(screen.getByLabelText('Record type'), { target: { value: 'order' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?staff=max%40staff.test&entity_type=order'),
    );
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(new URLSearchParams(calls[1]!.search).get('staff')).toBe('max@staff.test');
  });

  it('shows the server’s message beside the field it refused', async () => {
    mockApi({
      'GET /api/v1/admin/audit': () => ({
        status: 422,
        body: {
          error_type: 'validation',
          message: 'There is a problem submitting the form, please check the notice(s) below.',
          errors: { to: ['Please choose an end date on or after the start date'] },
        },
      }),
    });
    renderWithApp(<AuditPage />, { path: '/admin/audit?from=2026-07-02&to=2026-07-01' });
    expect(
      await screen.findByText('Please choose an end date on or after the start date'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('There is a problem');
  });
});
