/**
 * Staff roles and what each may do in the back office (ADR 047). Every admin route
 * declares one permission; a role holds a fixed set. The README's permission table is
 * this one (a test compares them).
 */

export const STAFF_ROLES = ['owner', 'manager', 'support', 'dispatcher'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Each permission, with what it lets a staff member do (the README's wording). */
export const PERMISSIONS = {
  'dashboard.read': 'See the dashboard',
  'orders.read': 'Find and read orders, print packing slips',
  'orders.note': 'Add notes to an order',
  'orders.dispatch': 'Dispatch orders and correct tracking numbers',
  'orders.refund': 'Refund orders (support: up to £50, as store credit only)',
  'orders.cancel_preorder': 'Cancel pre-orders',
  'emails.resend': 'Resend an order’s emails',
  'stock.read': 'See stock levels',
  'stock.adjust': 'Adjust and count stock',
  'customers.read': 'Find and read customers',
  'customers.manage': 'Grant buds, disable customer accounts',
  'customers.erase': 'Export and erase a customer’s data (UK GDPR)',
  'credit.grant': 'Grant store credit as goodwill',
  'products.manage': 'Add and change products, prices and pictures',
  'offers.manage': 'Create, change and end discount codes and promotions',
  'delivery.manage':
    'Change delivery options, zones and closing days, and the return rules and reasons',
  'reports.read': 'See and download sales reports',
  'returns.manage': 'Mark returns received or refuse them (refunding needs orders.refund)',
  'jobs.manage': 'See failed background jobs and retry them',
  'emails.preview': 'Preview the shop’s emails and send a test to yourself',
  'audit.read': 'Read and export the audit trail',
  'staff.manage': 'Add, change and disable staff accounts',
} as const;
export type Permission = keyof typeof PERMISSIONS;

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: Object.keys(PERMISSIONS) as Permission[],
  manager: [
    'dashboard.read',
    'orders.read',
    'orders.note',
    'orders.dispatch',
    'orders.refund',
    'orders.cancel_preorder',
    'emails.resend',
    'stock.read',
    'stock.adjust',
    'customers.read',
    'customers.manage',
    'customers.erase',
    'credit.grant',
    'products.manage',
    'offers.manage',
    'delivery.manage',
    'reports.read',
    'returns.manage',
    'jobs.manage',
    'emails.preview',
    'audit.read',
  ],
  support: [
    'dashboard.read',
    'orders.read',
    'orders.note',
    'orders.refund',
    'orders.cancel_preorder',
    'emails.resend',
    'customers.read',
    'returns.manage',
  ],
  dispatcher: [
    'dashboard.read',
    'orders.read',
    'orders.note',
    'orders.dispatch',
    'stock.read',
    'stock.adjust',
    'returns.manage',
  ],
};

export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * The most one refund may give back, and where to, for roles whose refunds are limited
 * (support: £50, as store credit only); null when the role's refunds are not limited.
 */
export const REFUND_LIMITS: Readonly<Partial<Record<StaffRole, { to: 'credit'; max: number }>>> = {
  support: { to: 'credit', max: 5_000 },
};

/** A signed-in staff member, as the API shows them. */
export interface StaffView {
  email: string;
  name: string;
  role: StaffRole;
}

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  manager: 'Manager',
  support: 'Support',
  dispatcher: 'Dispatcher',
};
