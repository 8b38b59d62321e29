/**
 * One email template (ADR 072): typed props, a subject, an HTML body as a React Email
 * component (React escapes every text it is given), the plain-text part written from the
 * same props (React Email's own HTML-to-text shouts headings and drops the "Label:" shapes
 * people and tests read), and sample props for the back office's preview.
 */
import type * as ReactEmailRender from '@react-email/render';
import { createElement, type FunctionComponent } from 'react';
import type { EmailMessage } from '../adapters/email/port.ts';
import { loadEmailComponents } from './layout.tsx';

export interface EmailTemplate<P extends object> {
  /** Kebab-case, stable: the back office's address for it (`/admin/emails/<id>`). */
  id: string;
  /** What staff call it, e.g. "Order confirmation". */
  name: string;
  /** When the shop sends it. */
  description: string;
  subject(props: P): string;
  Html: FunctionComponent<P>;
  text(props: P): string;
  /** Made-up props for previews and "Send me a test"; markup in them stays text. */
  sample: P;
}

type Render = typeof ReactEmailRender.render;

/** React Email's renderer once loaded in this process (undefined until then). */
let renderer: Render | undefined;

/**
 * Loads React Email — its renderer and the components the layout draws with — once per
 * process; later calls answer at once, and a failed load is tried again by the next call
 * (ADR 072). `renderEmail` calls it before rendering; the server's start calls it once
 * it is idle (`warmEmailsWhenIdle`), so the first email does not wait for it.
 */
export async function loadEmailRenderer(): Promise<Render> {
  if (renderer) return renderer;
  const [{ render }] = await Promise.all([import('@react-email/render'), loadEmailComponents()]);
  renderer = render;
  return render;
}

/** Whether React Email is loaded in this process (by an email or the warm-up). */
export const emailRendererLoaded = (): boolean => renderer !== undefined;

/**
 * The message `template` makes from `props`, addressed to `to`. React Email (its renderer
 * and components) is loaded by the first call in a process unless the server's warm-up
 * loaded it already (ADR 072): without it, that first email waits about a second on a
 * busy host; later ones do not.
 */
export async function renderEmail<P extends object>(
  template: EmailTemplate<P>,
  props: P,
  to: string,
): Promise<EmailMessage> {
  const render = await loadEmailRenderer();
  const html = await render(createElement(template.Html, props));
  return { to, subject: template.subject(props), text: template.text(props), html };
}

/** A template without its props' type, as the back office lists them. */
export interface EmailPreview {
  id: string;
  name: string;
  description: string;
  /** The message with the sample props. */
  sample(to: string): Promise<EmailMessage>;
}

export function previewOf<P extends object>(template: EmailTemplate<P>): EmailPreview {
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    sample: (to) => renderEmail(template, template.sample, to),
  };
}

/** `lines` joined as an email's plain text (one blank line where `''` stands). */
export const textOf = (lines: (string | false | null | undefined)[]): string =>
  lines.filter((line): line is string => typeof line === 'string').join('\n');
