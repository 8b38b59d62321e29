/**
 * /admin/emails (ADR 072): every email the shop sends; the one chosen shown with sample
 * data as the customer would get it — the HTML in a sandboxed frame (no scripts, no
 * same-origin access: it is a document of its own, never part of this page) and the
 * plain-text part — and "Send me a test" to the signed-in staff member's own address.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { useStaff } from '../lib/session.ts';
import { EMAILS_KEY, fetchEmailPreview, fetchEmails, sendTestEmail } from './emails-api.ts';
import './emails.css';

export function EmailsPage() {
  usePageTitle('Emails');
  const { emailId } = useParams();
  const list = useQuery({ queryKey: EMAILS_KEY, queryFn: fetchEmails });
  const chosen = emailId ?? list.data?.[0]?.id;

  return (
    <section className="admin-page" aria-labelledby="emails-title">
      <h1 id="emails-title">Emails</h1>
      <p>
        Every email the shop sends, shown with made-up sample data. Sample names carry markup on
        purpose: it must show as text, never as formatting.
      </p>
      {list.isPending && <p role="status">Loading emails…</p>}
      {list.error && <Notice tone="error">{list.error.message}</Notice>}
      <div className="emails-layout">
        {list.data && (
          <nav aria-label="Emails">
            <ul className="emails-list">
              {list.data.map((email) => (
                <li key={email.id}>
                  <Link
                    to={`/admin/emails/${email.id}`}
                    aria-current={email.id === chosen ? 'page' : undefined}
                  >
                    {email.name}
                  </Link>
                  <span className="emails-list__when">{email.description}</span>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {chosen && <EmailPreview key={chosen} id={chosen} />}
      </div>
    </section>
  );
}

function EmailPreview({ id }: { id: string }) {
  const staff = useStaff();
  const preview = useQuery({
    queryKey: [...EMAILS_KEY, id],
    queryFn: () => fetchEmailPreview(id),
  });
  const send = useMutation({ mutationFn: () => sendTestEmail(id) });

  if (preview.isPending) return <p role="status">Loading the preview…</p>;
  if (preview.error) return <Notice tone="error">{preview.error.message}</Notice>;
  const email = preview.data;
  return (
    <article className="email-preview" aria-labelledby="email-preview-title">
      <h2 id="email-preview-title">{email.name}</h2>
      <p className="email-preview__when">{email.description}</p>
      <dl className="email-preview__meta">
        <dt>Subject</dt>
        <dd>{email.subject}</dd>
      </dl>
      <div className="email-preview__actions">
        <Button
          variant="secondary"
          onClick={() => send.mutate()}
          busy={send.isPending}
          busyLabel="Sending…"
        >
          Send me a test
        </Button>
        <span className="email-preview__to">to {staff.email}</span>
      </div>
      {send.isSuccess && (
        <Notice tone="success">{`Sent “${send.data.subject}” to ${send.data.sent_to}.`}</Notice>
      )}
      {send.error && <Notice tone="error">{send.error.message}</Notice>}
      <h3>HTML</h3>
      <iframe
        className="email-preview__frame"
        title={`${email.name}: HTML preview`}
        sandbox=""
        srcDoc={email.html}
      />
      <h3>Plain text</h3>
      <pre className="email-preview__text" aria-label={`${email.name}: plain text`}>
        {email.text}
      </pre>
    </article>
  );
}
