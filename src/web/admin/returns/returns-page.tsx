/**
 * /admin/returns (ADR 070): returns newest first, filtered by status (in the address, so
 * the list can be linked to); each links to its return and its order. Managers also get
 * the link to the rules and reasons screen.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { RETURN_STATUS_LABELS, RETURN_STATUSES } from '../../../domain/returns.ts';
import { can } from '../../../domain/staff.ts';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { useStaff } from '../lib/session.ts';
import { fetchReturns, returnListKey, type ReturnListParams } from './returns-api.ts';
import { ReturnsTable } from './returns-table.tsx';
import './returns.css';

const STATUS_OPTIONS = RETURN_STATUSES.map((status) => ({
  value: status,
  label: RETURN_STATUS_LABELS[status],
}));

export function ReturnsPage() {
  usePageTitle('Returns');
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const cursor = params.get('cursor') ?? undefined;
  const listParams: ReturnListParams = {
    ...(status ? { status } : {}),
    ...(cursor ? { cursor } : {}),
  };
  const list = useQuery({
    queryKey: returnListKey(listParams),
    queryFn: () => fetchReturns(listParams),
    placeholderData: keepPreviousData,
  });
  const firstPage = new URLSearchParams(params);
  firstPage.delete('cursor');
  const nextPage = new URLSearchParams(params);
  if (list.data?.next_cursor) nextPage.set('cursor', list.data.next_cursor);
  const returns = list.data?.returns ?? [];

  return (
    <section className="admin-page" aria-labelledby="returns-title">
      <h1 id="returns-title">Returns</h1>
      {can(staff.role, 'delivery.manage') && (
        <p>
          <Link to="/admin/returns/rules">Return rules and reasons</Link>
        </p>
      )}
      <div className="admin-toolbar">
        <SelectField
          label="Status"
          placeholder="Any status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => {
            const next = new URLSearchParams();
            if (event.target.value) next.set('status', event.target.value);
            setParams(next);
          }}
        />
      </div>
      {list.isError ? (
        <Notice tone="error">
          {/* A page link the list no longer knows (a 422 on cursor) says what to do. */}
          {list.error instanceof ApiError && list.error.errors?.cursor
            ? list.error.errors.cursor.join(' ')
            : list.error.message}
        </Notice>
      ) : null}
      {list.isPending ? <p>Loading returns…</p> : null}
      {list.isSuccess && returns.length === 0 ? <p>No returns match.</p> : null}
      {returns.length > 0 ? (
        <ReturnsTable returns={returns} caption="Returns, newest first" withOrder />
      ) : null}
      <nav className="returns-pager" aria-label="Pages">
        {cursor ? (
          <Link to={`/admin/returns${firstPage.size ? `?${firstPage}` : ''}`}>First page</Link>
        ) : null}
        {list.data?.next_cursor ? <Link to={`/admin/returns?${nextPage}`}>Next page</Link> : null}
      </nav>
    </section>
  );
}
