/**
 * /admin/orders (ADR 054): find an order by number, email, name or postcode, by status,
 * or one of the dashboard's lists (awaiting dispatch, pre-orders now in stock). The
 * search, status, list and page live in the address, so back and forward work and a
 * list can be linked to; pages follow the server's cursor.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/order-status.ts';
import {
  ORDER_LIST_FILTER_LABELS,
  ORDER_LIST_FILTERS,
  ORDER_SEARCH_MIN,
  type OrderListFilter,
} from '../../../domain/schemas/admin-orders.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { OrderStatusBadge, STATUS_LABELS } from './order-status-badge.tsx';
import { formatWhen } from './format.ts';
import { fetchOrders, orderListKey, type OrderListParams } from './orders-api.ts';
import './orders.css';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({
  value: status,
  label: STATUS_LABELS[status],
}));

const isFilter = (value: string | null): value is OrderListFilter =>
  (ORDER_LIST_FILTERS as readonly (string | null)[]).includes(value);

export function OrdersPage() {
  usePageTitle('Orders');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = params.get('status') ?? '';
  const filterParam = params.get('filter');
  const filter = isFilter(filterParam) ? filterParam : undefined;
  const cursor = params.get('cursor') ?? undefined;
  const [searchError, setSearchError] = useState<string | undefined>();

  const listParams: OrderListParams = {
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(filter ? { filter } : {}),
    ...(cursor ? { cursor } : {}),
  };
  const list = useQuery({
    queryKey: orderListKey(listParams),
    queryFn: () => fetchOrders(listParams),
    placeholderData: keepPreviousData,
  });

  /** A new search or status starts from the first page; the dashboard's list stays on. */
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const nextQ = String(form.get('q') ?? '').trim();
    const nextStatus = String(form.get('status') ?? '');
    if (nextQ && nextQ.length < ORDER_SEARCH_MIN) {
      setSearchError(`Please enter at least ${ORDER_SEARCH_MIN} characters to search`);
      return;
    }
    setSearchError(undefined);
    const next = new URLSearchParams();
    if (nextQ) next.set('q', nextQ);
    if (nextStatus) next.set('status', nextStatus);
    if (filter) next.set('filter', filter);
    setParams(next);
  }

  const withoutFilter = new URLSearchParams(params);
  withoutFilter.delete('filter');
  withoutFilter.delete('cursor');
  const firstPage = new URLSearchParams(params);
  firstPage.delete('cursor');
  const nextPage = new URLSearchParams(params);
  if (list.data?.next_cursor) nextPage.set('cursor', list.data.next_cursor);

  const serverErrors = list.error instanceof ApiError ? list.error.errors : undefined;
  const orders = list.data?.orders ?? [];
  const result = list.isPending
    ? 'Loading orders…'
    : list.isError
      ? ''
      : orders.length === 0
        ? 'No orders match.'
        : `${orders.length} order${orders.length === 1 ? '' : 's'} shown${
            list.data?.next_cursor ? ', more on the next page' : ''
          }.`;

  return (
    <section className="admin-page" aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      {filter ? (
        <p className="orders-filter">
          Showing: <strong>{ORDER_LIST_FILTER_LABELS[filter]}</strong>{' '}
          <Link to={`/admin/orders${withoutFilter.size ? `?${withoutFilter}` : ''}`}>
            Clear this list
          </Link>
        </p>
      ) : null}
      <form className="admin-toolbar" role="search" onSubmit={search} noValidate>
        <Field
          key={`q-${q}`}
          name="q"
          type="search"
          label="Search orders"
          hint="Order number, email, name or postcode"
          defaultValue={q}
          maxLength={100}
          error={searchError ?? serverErrors?.q?.[0]}
        />
        <SelectField
          key={`status-${status}`}
          name="status"
          label="Status"
          placeholder="Any status"
          options={STATUS_OPTIONS}
          defaultValue={status}
          error={serverErrors?.status?.[0]}
        />
        <Button type="submit">Search</Button>
      </form>

      <p className="visually-hidden" role="status" aria-live="polite">
        {result}
      </p>
      {list.isError && !serverErrors ? (
        <Notice tone="error">
          {list.error.message}{' '}
          <button type="button" className="button button--link" onClick={() => void list.refetch()}>
            Try again
          </button>
        </Notice>
      ) : null}
      {list.isPending ? <p>Loading orders…</p> : null}
      {list.isSuccess && orders.length === 0 ? <p>No orders match.</p> : null}
      {orders.length > 0 ? (
        <div className="orders-table-wrap">
          <table className="admin-table" aria-busy={list.isFetching || undefined}>
            <caption className="visually-hidden">Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col">Customer</th>
                <th scope="col">Postcode</th>
                <th scope="col">Status</th>
                <th scope="col" className="number">
                  Items
                </th>
                <th scope="col" className="number">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.order_number}>
                  <th scope="row">
                    <Link to={`/admin/orders/${order.order_number}`}>{order.order_number}</Link>
                  </th>
                  <td>{formatWhen(order.date)}</td>
                  <td>
                    {order.name}
                    <br />
                    <span className="order-timeline__meta">{order.email_address}</span>
                  </td>
                  <td>{order.postcode}</td>
                  <td>
                    <OrderStatusBadge status={order.status as OrderStatus} />
                  </td>
                  <td className="number">{order.item_count}</td>
                  <td className="number">{order.total.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav className="orders-pager" aria-label="Pages">
        {cursor ? (
          <Link to={`/admin/orders${firstPage.size ? `?${firstPage}` : ''}`}>First page</Link>
        ) : null}
        {list.data?.next_cursor ? <Link to={`/admin/orders?${nextPage}`}>Next page</Link> : null}
      </nav>
    </section>
  );
}
