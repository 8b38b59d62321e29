/**
 * Products as CSV on the list page (ADR 062): download every variation, or choose a file
 * to import — first a dry run listing every change and every row's problem by line, then
 * "Import" makes them all at once (or none).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { importProductsCsv, PRODUCTS_KEY, type CsvImportResult } from './products-api.ts';

const describe = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? Object.entries(value as Record<string, string>)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ') || '—'
      : String(value);

export function CsvImport() {
  const inputId = useId();
  const client = useQueryClient();
  const [text, setText] = useState<string | null>(null);
  const [plan, setPlan] = useState<CsvImportResult | null>(null);
  const [done, setDone] = useState<CsvImportResult | null>(null);
  const dryRun = useMutation({
    mutationFn: (csv: string) => importProductsCsv(csv, true),
    onSuccess: setPlan,
  });
  const run = useMutation({
    mutationFn: (csv: string) => importProductsCsv(csv, false),
    onSuccess: async (result) => {
      setDone(result);
      setPlan(null);
      setText(null);
      await client.invalidateQueries({ queryKey: PRODUCTS_KEY });
    },
  });
  const changed = plan?.changes.filter((c) => c.action !== 'unchanged') ?? [];

  return (
    <details className="products-csv">
      <summary>CSV export and import</summary>
      <p>
        <a href="/api/v1/admin/products.csv" download>
          Download every variation as CSV
        </a>{' '}
        — edit it and import it here; the SKU says which variation a row is.
      </p>
      <label htmlFor={inputId} className="field__label">
        CSV file to import
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          setPlan(null);
          setDone(null);
          if (!file) return;
          const csv = await file.text();
          setText(csv);
          dryRun.mutate(csv);
        }}
      />
      {dryRun.isPending && <p role="status">Checking the file…</p>}
      {dryRun.error && (
        <Notice tone="error">
          {dryRun.error.message}{' '}
          {Object.values((dryRun.error as { errors?: Record<string, string[]> }).errors ?? {})
            .flat()
            .join(' ')}
        </Notice>
      )}
      {done && (
        <Notice tone="success">
          Imported: {done.counts.create} created, {done.counts.update} changed.
        </Notice>
      )}
      {run.error && <Notice tone="error">{run.error.message}</Notice>}
      {plan && (
        <div>
          <p role="status">
            {plan.counts.create} to create, {plan.counts.update} to change, {plan.counts.unchanged}{' '}
            unchanged; {plan.errors.length} {plan.errors.length === 1 ? 'problem' : 'problems'}.
          </p>
          {plan.errors.length > 0 && (
            <>
              <h3>Problems (nothing is imported until they are fixed)</h3>
              <ul className="products-csv__list">
                {plan.errors.map((e) => (
                  <li key={`${e.line}-${e.field}`}>
                    Line {e.line}, {e.field}: {e.message}
                  </li>
                ))}
              </ul>
            </>
          )}
          {changed.length > 0 && (
            <>
              <h3>Changes</h3>
              <ul className="products-csv__list">
                {changed.map((c) => (
                  <li key={c.line}>
                    Line {c.line}, {c.sku} ({c.action === 'create' ? 'new' : 'changed'}):{' '}
                    {Object.entries(c.fields)
                      .map(([field, [from, to]]) =>
                        c.action === 'create'
                          ? `${field} ${describe(to)}`
                          : `${field} ${describe(from)} → ${describe(to)}`,
                      )
                      .join('; ')}
                  </li>
                ))}
              </ul>
            </>
          )}
          <Button
            disabled={plan.errors.length > 0 || changed.length === 0 || text === null}
            busy={run.isPending}
            busyLabel="Importing"
            onClick={() => text !== null && run.mutate(text)}
          >
            Import {changed.length} {changed.length === 1 ? 'change' : 'changes'}
          </Button>
        </div>
      )}
    </details>
  );
}
