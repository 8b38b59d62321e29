import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title.ts';
import './info.css';

/** A plain text page: heading, last-updated line and sections. */
export function InfoPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated?: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <article className="container page info-page">
      <h1>{title}</h1>
      {updated && <p className="info-page__updated">Last updated {updated}</p>}
      {children}
    </article>
  );
}
