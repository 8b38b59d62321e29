/**
 * The back office's frame: a skip link, the header (shop name, who is signed in, sign
 * out), the navigation (only what the role may use) and the page.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router';
import { ROLE_LABELS, type Permission } from '../../domain/staff.ts';
import { can } from '../../domain/staff.ts';
import { adminApi } from './lib/admin-api.ts';
import { SESSION_KEY, useStaff } from './lib/session.ts';

interface NavItem {
  to: string;
  label: string;
  permission: Permission;
  end?: boolean;
}

/** The areas, in order. Each area adds its entry here. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/admin', label: 'Dashboard', permission: 'dashboard.read', end: true },
  { to: '/admin/orders', label: 'Orders', permission: 'orders.read' },
  { to: '/admin/returns', label: 'Returns', permission: 'returns.manage' },
  { to: '/admin/stock', label: 'Stock', permission: 'stock.read' },
  { to: '/admin/products', label: 'Products', permission: 'products.manage' },
  { to: '/admin/offers', label: 'Offers', permission: 'offers.manage' },
  { to: '/admin/delivery', label: 'Delivery', permission: 'delivery.manage' },
  { to: '/admin/customers', label: 'Customers', permission: 'customers.read' },
  { to: '/admin/reports', label: 'Reports', permission: 'reports.read' },
  { to: '/admin/emails', label: 'Emails', permission: 'emails.preview' },
  { to: '/admin/jobs', label: 'Failed jobs', permission: 'jobs.manage' },
  { to: '/admin/audit', label: 'Audit trail', permission: 'audit.read' },
  { to: '/admin/staff', label: 'Staff', permission: 'staff.manage' },
];

export function AdminLayout() {
  const staff = useStaff();
  const client = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => adminApi('POST', '/auth/logout'),
    onSettled: () => {
      client.clear();
      client.setQueryData(SESSION_KEY, null);
    },
  });
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-header">
        <span className="admin-header__brand">Everbloom back office</span>
        <span className="admin-header__who">
          {staff.name} <span className="admin-header__role">({ROLE_LABELS[staff.role]})</span>
        </span>
        <button
          type="button"
          className="button button--secondary admin-header__sign-out"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Sign out
        </button>
      </header>
      <nav className="admin-nav" aria-label="Back office">
        <ul>
          {NAV_ITEMS.filter((item) => can(staff.role, item.permission)).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end ?? false}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
