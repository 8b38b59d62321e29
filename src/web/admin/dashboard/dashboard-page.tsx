import { useStaff } from '../lib/session.ts';
import { usePageTitle } from '../lib/page-title.ts';

/** The back office's first page: what needs doing today. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const staff = useStaff();
  return (
    <section className="admin-page">
      <h1>Dashboard</h1>
      <p>Signed in as {staff.name}.</p>
    </section>
  );
}
