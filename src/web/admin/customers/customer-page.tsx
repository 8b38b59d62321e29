/**
 * /admin/customers/{id} (ADR 066): a customer's details, orders (each linking to its
 * order page), saved addresses, buds and store credit (with grants), stock alerts, and —
 * each for the staff whose role allows it — disabling the account, the UK GDPR export
 * and erasure. Every text the customer or staff typed is shown as text.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { CustomerDetailView } from '../../../domain/api/admin-customers.ts';
import { formatPence, pence } from '../../../domain/money.ts';
import { MAX_BUDS_GRANT } from '../../../domain/schemas/admin-customers.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { useCan } from '../lib/session.ts';
import { CreditGrant } from '../orders/credit-grant.tsx';
import { formatWhen } from '../orders/format.ts';
import {
  CUSTOMERS_KEY,
  eraseCustomer,
  exportUrl,
  fetchCustomer,
  fetchCustomerCredit,
  grantBuds,
  setDisabled,
} from './customers-api.ts';
import './customers.css';

type Customer = CustomerDetailView['customer'];

/** The catalogue's message and every field message of a refusal, as one line. */
function failureOf(error: Error | null): string | null {
  if (!error) return null;
  if (error instanceof ApiError) {
    return [error.message, ...Object.values(error.errors ?? {}).flat()].join(' ');
  }
  return error.message;
}

const nameOf = (customer: Customer) =>
  customer.erased_at
    ? `Erased customer ${customer.id}`
    : [customer.title, customer.first_name, customer.last_name].filter(Boolean).join(' ') ||
      `Customer ${customer.id}`;

const ADDRESS_LINES = [
  'company_name',
  'line_1',
  'line_2',
  'line_3',
  'line_4',
  'postcode',
  'country_code',
] as const;

export function CustomerPage() {
  const { id = '' } = useParams();
  const customer = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'one', id],
    queryFn: () => fetchCustomer(id),
  });
  usePageTitle(customer.data ? nameOf(customer.data.customer) : 'Customer');
  if (customer.isPending) return <p role="status">Loading customer…</p>;
  if (customer.isError) {
    return (
      <section className="admin-page">
        <h1>Customer</h1>
        <Notice tone="error">
          {customer.error instanceof ApiError && customer.error.status === 404
            ? 'No customer has that id.'
            : customer.error.message}
        </Notice>
        <p>
          <Link to="/admin/customers">Back to customers</Link>
        </p>
      </section>
    );
  }
  return <CustomerView view={customer.data} />;
}

function CustomerView({ view }: { view: CustomerDetailView }) {
  const { customer } = view;
  const name = nameOf(customer);
  const live = customer.erased_at === null;
  return (
    <section className="admin-page" aria-labelledby="customer-title">
      <p>
        <Link to="/admin/customers">Customers</Link>
      </p>
      <h1 id="customer-title">{name}</h1>
      {customer.erased_at && (
        <Notice tone="info" live={false}>
          This customer’s personal data was erased on {formatWhen(customer.erased_at)}. Their orders
          are kept for the accounts.
        </Notice>
      )}
      {live && customer.disabled_at && (
        <Notice tone="warning" live={false}>
          This account is disabled (since {formatWhen(customer.disabled_at)}): it cannot sign in.
        </Notice>
      )}
      <div className="customer-sections">
        <section className="customer-section" aria-labelledby="customer-details">
          <h2 id="customer-details">Details</h2>
          <dl className="customer-facts">
            <dt>Email</dt>
            <dd>{customer.email_address}</dd>
            <dt>Joined</dt>
            <dd>{formatWhen(customer.created_at)}</dd>
            <dt>Newsletter</dt>
            <dd>{customer.newsletter ? 'Subscribed' : 'Not subscribed'}</dd>
            <dt>Buds</dt>
            <dd>{view.buds.balance}</dd>
            <dt>Store credit</dt>
            <dd>{formatPence(pence(customer.credit_balance))}</dd>
          </dl>
        </section>

        <section className="customer-section" aria-labelledby="customer-orders">
          <h2 id="customer-orders">Orders</h2>
          {view.orders.length === 0 ? (
            <p>No orders.</p>
          ) : (
            <table className="admin-table">
              <caption className="visually-hidden">Orders, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="number">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.orders.map((order) => (
                  <tr key={order.order_number}>
                    <td>
                      <Link to={`/admin/orders/${order.order_number}`}>{order.order_number}</Link>
                      {!order.on_account && ' (as a guest)'}
                    </td>
                    <td>{formatWhen(order.created_at)}</td>
                    <td>{order.status.replace(/_/g, ' ')}</td>
                    <td className="number">{formatPence(pence(order.total))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        <section className="customer-section" aria-labelledby="customer-addresses">
          <h2 id="customer-addresses">Saved addresses</h2>
          {view.addresses.length === 0 ? (
            <p>No saved addresses.</p>
          ) : (
            view.addresses.map((row) => (
              <p key={row.id} className="customer-address">
                {[
                  [row.address.title, row.address.first_name, row.address.last_name]
                    .filter(Boolean)
                    .join(' '),
                  ...ADDRESS_LINES.map((field) => row.address[field]),
                  row.address.telephone,
                ]
                  .filter(Boolean)
                  .join('\n')}
                {row.default_delivery && '\n(default delivery address)'}
                {row.default_billing && '\n(default billing address)'}
              </p>
            ))
          )}
        </section>

        <BudsSection view={view} live={live} />
        <CreditSection customer={customer} name={name} live={live} />

        <section className="customer-section" aria-labelledby="customer-alerts">
          <h2 id="customer-alerts">Stock alerts</h2>
          {view.stock_alerts.length === 0 ? (
            <p>No back-in-stock sign-ups.</p>
          ) : (
            <ul>
              {view.stock_alerts.map((alert) => (
                <li key={alert.id}>
                  {alert.sku} — {alert.name}: signed up {formatWhen(alert.created_at)}
                  {alert.sent_at ? `, emailed ${formatWhen(alert.sent_at)}` : ', waiting'}
                </li>
              ))}
            </ul>
          )}
        </section>

        {live && <AccountSection customer={customer} />}
        <DataSection customer={customer} />
      </div>
    </section>
  );
}

function BudsSection({ view, live }: { view: CustomerDetailView; live: boolean }) {
  const allowed = useCan('customers.manage');
  const client = useQueryClient();
  const headingId = useId();
  const [buds, setBuds] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const grant = useMutation({
    mutationFn: (body: { buds: number; reason: string }) => grantBuds(view.customer.id, body),
    onSuccess: async () => {
      setBuds('');
      setReason('');
      await client.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(buds.trim());
    if (!/^-?\d+$/.test(buds.trim()) || value === 0 || Math.abs(value) > MAX_BUDS_GRANT) {
      setProblem(
        `Enter a whole number of buds from 1 to ${MAX_BUDS_GRANT} (negative to take back).`,
      );
      return;
    }
    if (!reason.trim()) {
      setProblem('Enter a reason: the audit trail keeps it.');
      return;
    }
    setProblem(null);
    grant.mutate({ buds: value, reason: reason.trim() });
  };
  const failure = problem ?? failureOf(grant.error);
  return (
    <section className="customer-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Buds</h2>
      <p>Balance: {view.buds.balance} buds.</p>
      {view.buds.entries.length > 0 && (
        <table className="admin-table">
          <caption className="visually-hidden">Buds ledger, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col" className="number">
                Change
              </th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {view.buds.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatWhen(entry.at)}</td>
                <td className="number">{entry.change}</td>
                <td>
                  {entry.reason}
                  {entry.staff_name && ` (${entry.staff_name})`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {allowed && live && (
        <form aria-label="Grant buds" onSubmit={submit} noValidate className="admin-toolbar">
          <Field
            label="Buds"
            inputMode="numeric"
            value={buds}
            onChange={(event) => setBuds(event.target.value)}
          />
          <Field
            label="Reason for the buds"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Button type="submit" busy={grant.isPending} busyLabel="Granting">
            Grant buds
          </Button>
        </form>
      )}
      <div aria-live="polite">
        {grant.data && (
          <Notice tone="success">Buds granted: the balance is now {grant.data.balance}.</Notice>
        )}
      </div>
      {failure && <Notice tone="error">{failure}</Notice>}
    </section>
  );
}

function CreditSection({
  customer,
  name,
  live,
}: {
  customer: Customer;
  name: string;
  live: boolean;
}) {
  const headingId = useId();
  const credit = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'credit', String(customer.id)],
    queryFn: () => fetchCustomerCredit(String(customer.id)),
  });
  return (
    <section className="customer-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Store credit</h2>
      {credit.isPending && <p role="status">Loading store credit…</p>}
      {credit.error && <Notice tone="error">{credit.error.message}</Notice>}
      {credit.data && (
        <>
          <p>Balance: {formatPence(pence(credit.data.balance))}.</p>
          {credit.data.entries.length > 0 && (
            <table className="admin-table">
              <caption className="visually-hidden">Store credit ledger, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col" className="number">
                    Change
                  </th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {credit.data.entries.map((entry, index) => (
                  <tr key={`${entry.date}-${index}`}>
                    <td>{formatWhen(entry.date)}</td>
                    <td className="number">{formatPence(pence(entry.change))}</td>
                    <td>{entry.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {live && <CreditGrant customer={{ id: customer.id, name }} />}
    </section>
  );
}

function AccountSection({ customer }: { customer: Customer }) {
  const allowed = useCan('customers.manage');
  const client = useQueryClient();
  const headingId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const disabled = customer.disabled_at !== null;
  const change = useMutation({
    mutationFn: (body: { disable: boolean; reason: string }) =>
      setDisabled(customer.id, body.disable, body.reason),
    onSuccess: async () => {
      setReason('');
      await client.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    },
  });
  if (!allowed) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem('Enter a reason: the audit trail keeps it.');
      return;
    }
    setProblem(null);
    change.mutate({ disable: !disabled, reason: reason.trim() });
  };
  const failure = problem ?? failureOf(change.error);
  return (
    <section className="customer-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Account</h2>
      <p>
        {disabled
          ? 'The account is disabled. Re-enabling lets the customer sign in again.'
          : 'Disabling the account ends its sessions at once; the customer cannot sign in until it is re-enabled.'}
      </p>
      <form
        aria-label={disabled ? 'Re-enable the account' : 'Disable the account'}
        onSubmit={submit}
        noValidate
        className="admin-toolbar"
      >
        <Field
          label={disabled ? 'Reason for re-enabling' : 'Reason for disabling'}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          busy={change.isPending}
          busyLabel={disabled ? 'Re-enabling' : 'Disabling'}
        >
          {disabled ? 'Re-enable account' : 'Disable account'}
        </Button>
      </form>
      <div aria-live="polite">
        {change.isSuccess && (
          <Notice tone="success">
            {change.data.disabled_at ? 'The account is disabled.' : 'The account is enabled.'}
          </Notice>
        )}
      </div>
      {failure && <Notice tone="error">{failure}</Notice>}
    </section>
  );
}

function DataSection({ customer }: { customer: Customer }) {
  const allowed = useCan('customers.erase');
  const client = useQueryClient();
  const headingId = useId();
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const erase = useMutation({
    mutationFn: (text: string) => eraseCustomer(customer.id, text),
    onSuccess: async () => {
      setReason('');
      setConfirmed(false);
      await client.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    },
  });
  if (!allowed) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem('Enter a reason, e.g. the request’s reference. Do not write personal details.');
      return;
    }
    if (!confirmed) {
      setProblem('Tick the box to confirm: an erasure cannot be undone.');
      return;
    }
    setProblem(null);
    erase.mutate(reason.trim());
  };
  const failure = problem ?? failureOf(erase.error);
  return (
    <section className="customer-section customer-section--danger" aria-labelledby={headingId}>
      <h2 id={headingId}>Personal data (UK GDPR)</h2>
      <p>
        <a href={exportUrl(customer.id)} download={`everbloom-customer-${customer.id}.json`}>
          Download everything we hold (JSON)
        </a>
      </p>
      {customer.erased_at === null && (
        <form aria-label="Erase the customer" onSubmit={submit} noValidate>
          <p>
            Erasing replaces the customer’s name, email and addresses, deletes their saved
            addresses, wishlist and stock alerts, and ends their sessions. Orders and returns are
            kept for the accounts without name or address. It cannot be undone, and it is refused
            while an order is still to be paid for or sent, or a return is still open.
          </p>
          <Field
            label="Reason for erasing"
            hint="E.g. the request’s reference. Do not write personal details here."
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <label className="field">
            <input
              type="checkbox"
              checked={confirmed}
              onChange={(event) => setConfirmed(event.target.checked)}
            />{' '}
            I understand this cannot be undone
          </label>
          <Button type="submit" busy={erase.isPending} busyLabel="Erasing">
            Erase personal data
          </Button>
        </form>
      )}
      <div aria-live="polite">
        {erase.isSuccess && <Notice tone="success">The customer’s personal data is erased.</Notice>}
      </div>
      {failure && <Notice tone="error">{failure}</Notice>}
    </section>
  );
}
