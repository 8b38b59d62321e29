/**
 * /admin/customers (ADR 066): find customers by email, name or postcode (saved addresses
 * and orders' delivery addresses), newest first, a page at a time; each links to its page.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CUSTOMER_SEARCH_MIN } from '../../../domain/schemas/admin-customers.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { formatWhen } from '../orders/format.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { CUSTOMERS_KEY, fetchCustomers } from './customers-api.ts';
import './customers.css';
import { KeysetPager, useKeysetPages } from '../lib/keyset-pages.tsx';

export function CustomersPage() {
  usePageTitle('Customers');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const [problem, setProblem] = useState<string | null>(null);
  // Cursors of the pages before this one, and this page's.
  const pages = useKeysetPages();
  const cursor = pages.cursor;

  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', q, cursor],
    queryFn: () => fetchCustomers({ q, cursor }),
    placeholderData: keepPreviousData,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = search.trim();
    if (text && text.length < CUSTOMER_SEARCH_MIN) {
      setProblem(`Enter at least ${CUSTOMER_SEARCH_MIN} characters to search.`);
      return;
    }
    setProblem(null);
    setParams(text ? { q: text } : {});
    pages.reset();
  };

  const rows = customers.data?.customers ?? [];
  const nextCursor = customers.data?.next_cursor ?? null;

  return (
    <section className="admin-page" aria-labelledby="customers-title">
      <h1 id="customers-title">Customers</h1>
      <form className="admin-toolbar" role="search" onSubmit={submit} noValidate>
        <Field
          label="Search by email, name or postcode"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={100}
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {problem && <Notice tone="error">{problem}</Notice>}
      {customers.error && <Notice tone="error">{customers.error.message}</Notice>}
      <p role="status" className="visually-hidden">
        {customers.isFetching
          ? 'Loading customers'
          : customers.data
            ? `${rows.length} ${rows.length === 1 ? 'customer' : 'customers'} shown`
            : ''}
      </p>
      <div className="customers-table-wrap">
        <table className="admin-table" aria-busy={customers.isFetching}>
          <caption className="visually-hidden">Customers, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Joined</th>
              <th scope="col">Account</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={`/admin/customers/${row.id}`}>
                    {row.erased ? `Erased customer ${row.id}` : row.name || `Customer ${row.id}`}
                  </Link>
                </td>
                <td>{row.erased ? '' : row.email_address}</td>
                <td>{formatWhen(row.created_at)}</td>
                <td>{row.erased ? 'Erased' : row.disabled ? 'Disabled' : 'Active'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {customers.data && rows.length === 0 && (
        <p>{q ? `No customers match “${q}”.` : 'No customers yet.'}</p>
      )}
      <KeysetPager pages={pages} nextCursor={nextCursor} className="customers-pager" />
    </section>
  );
}
