/**
 * The audit trail (ADR 049; permission audit.read): filters kept in the address (so a
 * view can be shared or bookmarked), entries newest first with "Load more", each row
 * opening to its before and after, and a CSV export of the chosen days.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditPageView } from '../../../domain/api/admin-audit.ts';
import type { FieldErrors } from '../../../domain/shopper-message.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { adminApi, ApiError, queryString } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { AuditEntryRow } from './audit-entry-row.tsx';
import './audit.css';

/** The filters, by their names in the address and the API. */
const FILTERS = [
  { name: 'staff', label: 'Staff email', type: 'text' },
  { name: 'action', label: 'Action', type: 'text', hint: 'e.g. order.refund, or order' },
  { name: 'entity_type', label: 'Record type', type: 'text', hint: 'e.g. order, variation' },
  { name: 'entity_id', label: 'Record id', type: 'text' },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
] as const;
type FilterName = (typeof FILTERS)[number]['name'];
type Filters = Record<FilterName, string>;

const PAGE_SIZE = 50;

function filtersOf(params: URLSearchParams): Filters {
  return Object.fromEntries(FILTERS.map((f) => [f.name, params.get(f.name) ?? ''])) as Filters;
}

export function AuditPage() {
  usePageTitle('Audit trail');
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const entries = useInfiniteQuery({
    queryKey: ['admin', 'audit', applied],
    queryFn: ({ pageParam }) =>
      adminApi<AuditPageView>(
        'GET',
        `/audit${queryString({ ...applied, limit: PAGE_SIZE, cursor: pageParam })}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

  const fieldErrors = entries.error instanceof ApiError ? entries.error.errors : undefined;
  const rows = entries.data?.pages.flatMap((page) => page.entries) ?? [];
  const exportHref =
    applied.from && applied.to
      ? `/api/v1/admin/audit.csv${queryString({ from: applied.from, to: applied.to })}`
      : null;

  return (
    <section className="admin-page" aria-labelledby="audit-title">
      <h1 id="audit-title">Audit trail</h1>
      <p>Every change made in the back office: who, what, to which record, and why.</p>
      <AuditFilterForm
        key={params.toString()}
        applied={applied}
        errors={fieldErrors}
        onApply={(filters) => {
          const next = new URLSearchParams();
          for (const f of FILTERS)
            if (filters[f.name].trim()) next.set(f.name, filters[f.name].trim());
          setParams(next);
        }}
      />
      <p className="audit-export">
        {exportHref ? (
          <a href={exportHref} download>
            Export CSV of {applied.from} to {applied.to}
          </a>
        ) : (
          'To export as CSV, choose the From and To dates and press Filter (a year at most).'
        )}
      </p>
      {entries.isError && <Notice tone="error">{entries.error.message}</Notice>}
      {entries.isPending && <LoadingOverlay message="Loading the audit trail…" />}
      <p className="visually-hidden" role="status">
        {entries.isSuccess
          ? `${rows.length} ${rows.length === 1 ? 'entry' : 'entries'} shown${entries.hasNextPage ? ', more to load' : ''}`
          : ''}
      </p>
      {entries.isSuccess && rows.length === 0 && (
        <Notice tone="info" live={false}>
          No entries match these filters.
        </Notice>
      )}
      {rows.length > 0 && (
        <div className="audit-table-wrap">
          <table className="admin-table audit-table">
            <caption className="visually-hidden">Audit entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Record</th>
                <th scope="col">Reason</th>
                <th scope="col">
                  <span className="visually-hidden">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <AuditEntryRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {entries.hasNextPage && (
        <Button
          variant="secondary"
          className="audit-more"
          onClick={() => void entries.fetchNextPage()}
          busy={entries.isFetchingNextPage}
          busyLabel="Loading more…"
        >
          Load more
        </Button>
      )}
    </section>
  );
}

/** The filter form: starts from the address's filters (remade when they change). */
function AuditFilterForm({
  applied,
  errors,
  onApply,
}: {
  applied: Filters;
  errors: FieldErrors | undefined;
  onApply: (filters: Filters) => void;
}) {
  const [form, setForm] = useState<Filters>(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(form);
  };
  return (
    <form className="admin-toolbar audit-filters" onSubmit={submit} noValidate role="search">
      {FILTERS.map((f) => (
        <Field
          key={f.name}
          name={f.name}
          label={f.label}
          type={f.type}
          {...('hint' in f ? { hint: f.hint } : {})}
          value={form[f.name]}
          error={errors?.[f.name]?.[0]}
          onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
        />
      ))}
      <Button type="submit">Filter</Button>
      <Button variant="secondary" onClick={() => onApply(filtersOf(new URLSearchParams()))}>
        Clear filters
      </Button>
    </form>
  );
}
