import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';
import { useNotFoundStatus } from './page-status.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  useNotFoundStatus();
  return (
    <div className="container page">
      <h1>Sorry, we can’t find that page</h1>
      <p>It may have moved, or the address may be mistyped.</p>
      <p>
        <Link to="/">Browse our plants and flowers</Link>
      </p>
    </div>
  );
}
