/** The email previews page's calls (ADR 072): the list, one preview, "Send me a test". */
import type {
  EmailPreviewView,
  EmailSummary,
  EmailTestSent,
} from '../../../domain/api/admin-emails.ts';
import { adminApi } from '../lib/admin-api.ts';

export const EMAILS_KEY = ['admin', 'emails'] as const;

export async function fetchEmails() {
  return (await adminApi<{ emails: EmailSummary[] }>('GET', '/emails')).emails;
}

export async function fetchEmailPreview(id: string) {
  return (await adminApi<{ email: EmailPreviewView }>('GET', `/emails/${encodeURIComponent(id)}`))
    .email;
}

export const sendTestEmail = (id: string) =>
  adminApi<EmailTestSent>('POST', `/emails/${encodeURIComponent(id)}/test`);
