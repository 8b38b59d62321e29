import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmailPreviewView, EmailSummary } from '../../../domain/api/admin-emails.ts';
import type { StaffView } from '../../../domain/staff.ts';
import { mockApi, renderWithApp } from '../../testing/render.tsx';
import { StaffContext } from '../lib/session.ts';
import { EmailsPage } from './emails-page.tsx';

const LIST: EmailSummary[] = [
  { id: 'order-confirmation', name: 'Order confirmation', description: 'When an order is paid.' },
  { id: 'dispatch', name: 'Dispatch', description: 'When a parcel is sent.' },
];

const preview = (id: string, name: string): EmailPreviewView => ({
  id,
  name,
  description: `About ${name}`,
  subject: `Subject of ${name}`,
  html: `<!DOCTYPE html><html><body><h1>${name} &lt;b&gt;</h1><script>parent.hacked = 1</script></body></html>`,
  text: `${name} <b>plain</b>\nView your order: https://shop.test/o`,
});

function renderPage(path = '/admin/emails') {
  const page = (
    <StaffContext.Provider
      value={{ email: 'manager@staff.test', name: 'M', role: 'manager' } as StaffView}
    >
      <EmailsPage />
    </StaffContext.Provider>
  );
  return renderWithApp(page, {
    path,
    routes: [{ path: '/admin/emails/:emailId', element: page }],
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the emails page', () => {
  it('lists every email and previews the first: HTML in a sandboxed frame, text as text', async () => {
    mockApi({
      'GET /api/v1/admin/emails': () => ({ body: { data: { emails: LIST } } }),
      'GET /api/v1/admin/emails/order-confirmation': () => ({
        body: { data: { email: preview('order-confirmation', 'Order confirmation') } },
      }),
    });
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Emails' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/emails/order-confirmation', '/admin/emails/dispatch']);
    expect(within(nav).getByRole('link', { name: 'Order confirmation' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Order confirmation' }),
    ).toBeDefined();
    expect(screen.getByText('Subject of Order confirmation')).toBeDefined();
    const frame = screen.getByTitle('Order confirmation: HTML preview');
    expect(frame.tagName).toBe('IFRAME');
    // An empty sandbox: no scripts, no same-origin access, no navigation of this page.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Order confirmation &lt;b&gt;</h1>');
    // The HTML never becomes part of this page.
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByLabelText('Order confirmation: plain text').textContent).toBe(
      'Order confirmation <b>plain</b>\nView your order: https://shop.test/o',
    );
  });

  it('opens the email in the address and sends a test to the staff member', async () => {
    const { calls } = mockApi({
      'GET /api/v1/admin/emails': () => ({ body: { data: { emails: LIST } } }),
      'GET /api/v1/admin/emails/dispatch': () => ({
        body: { data: { email: preview('dispatch', 'Dispatch') } },
      }),
      'POST /api/v1/admin/emails/dispatch/test': () => ({
        status: 201,
        body: {
          data: { sent_to: 'manager@staff.test', subject: '[Test] Subject of Dispatch' },
        },
      }),
    });
    renderPage('/admin/emails/dispatch');
    await screen.findByRole('heading', { level: 2, name: 'Dispatch' });
    expect(screen.getByText('to manager@staff.test')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a test' }));
    expect(
      await screen.findByText('Sent “[Test] Subject of Dispatch” to manager@staff.test.'),
    ).toBeDefined();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v1/admin/emails/dispatch/test',
    ]);
  });

  it('shows the server’s refusal where the button is (too many tests)', async () => {
    mockApi({
      'GET /api/v1/admin/emails': () => ({ body: { data: { emails: LIST } } }),
      'GET /api/v1/admin/emails/dispatch': () => ({
        body: { data: { email: preview('dispatch', 'Dispatch') } },
      }),
      'POST /api/v1/admin/emails/dispatch/test': () => ({
        status: 429,
        body: {
          error_type: 'rate_limit',
          message: 'This action has been attempted too many times, please try again later.',
        },
      }),
    });
    renderPage('/admin/emails/dispatch');
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a test' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This action has been attempted too many times, please try again later.',
      ),
    );
  });

  it('says so when an email is not found', async () => {
    mockApi({
      'GET /api/v1/admin/emails': () => ({ body: { data: { emails: LIST } } }),
      'GET /api/v1/admin/emails/nope': () => ({
        status: 404,
        body: { error_type: 'not_found', message: 'Not found' },
      }),
    });
    renderPage('/admin/emails/nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Not found');
  });
});
