import { Link } from 'react-router';
import { usePageTitle } from './lib/page-title.ts';

export function AdminNotFound() {
  usePageTitle('Page not found');
  return (
    <section className="admin-page">
      <h1>Page not found</h1>
      <p>
        There is no back-office page at this address. <Link to="/admin">Go to the dashboard</Link>
      </p>
    </section>
  );
}
