/**
 * /admin/delivery (ADR 065): each zone with the countries and postcode areas it covers
 * and its options (price, free-over, cut-off, working days, offered or closed), each
 * editable, removable, and added here (ADR 082; retired ones listed apart, to bring
 * back); the shop's closing days, added and removed here; and the UK bank holidays
 * (England and Wales ones stop dispatch). Shoppers see changes within
 * CATALOGUE_CACHE_SECONDS.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type {
  AdminDeliveryOption,
  AdminDeliveryZone,
  DeliveryClosure,
} from '../../../domain/api/admin-delivery.ts';
import { MAX_CLOSURE_REASON } from '../../../domain/api/admin-delivery.ts';
import { formatPence, type Pence } from '../../../domain/money.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { DELIVERY_KEY, deleteClosure, fetchDelivery, postClosure } from './delivery-api.ts';
import { EditCoverageDialog } from './edit-coverage-dialog.tsx';
import { EditOptionDialog } from './edit-option-dialog.tsx';
import { AddOptionDialog, RemoveOptionDialog, RestoreOptionDialog } from './option-dialogs.tsx';
import { AddZoneDialog, DeleteZoneDialog } from './zone-dialogs.tsx';
import './delivery.css';

const DIVISION_NAMES: Record<string, string> = {
  'england-and-wales': 'England and Wales',
  scotland: 'Scotland',
  'northern-ireland': 'Northern Ireland',
};

const WEEKDAYS = [
  '',
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
  'Sundays',
];

const money = (amount: number) => formatPence(amount as Pence);

const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

function days(option: AdminDeliveryOption): string {
  if (option.delivery_weekday !== null) return `${WEEKDAYS[option.delivery_weekday] ?? ''} only`;
  return option.min_days === option.max_days
    ? `${option.min_days} working ${option.min_days === 1 ? 'day' : 'days'}`
    : `${option.min_days}–${option.max_days} working days`;
}

export function DeliveryPage() {
  usePageTitle('Delivery');
  const settings = useQuery({ queryKey: DELIVERY_KEY, queryFn: fetchDelivery });
  const [editing, setEditing] = useState<AdminDeliveryOption | null>(null);
  const [covering, setCovering] = useState<AdminDeliveryZone | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminDeliveryZone | null>(null);
  const [addingTo, setAddingTo] = useState<AdminDeliveryZone | null>(null);
  type OptionInZone = { option: AdminDeliveryOption; zone: AdminDeliveryZone };
  const [removing, setRemoving] = useState<OptionInZone | null>(null);
  const [restoring, setRestoring] = useState<OptionInZone | null>(null);
  const [done, setDone] = useState<string | null>(null);

  return (
    <section className="admin-page" aria-labelledby="delivery-title">
      <h1 id="delivery-title">Delivery</h1>
      <p>
        Prices include VAT. Changes reach shoppers within a few seconds. Delivery estimates skip
        weekends, England and Wales bank holidays (the shop dispatches from England) and the closing
        days below.
      </p>
      <div role="status">{done && <Notice tone="success">{done}</Notice>}</div>
      <div className="delivery-heading">
        <Button
          onClick={() => {
            setDone(null);
            setAdding(true);
          }}
        >
          Add a zone
        </Button>
      </div>
      {settings.isPending && <p role="status">Loading delivery settings…</p>}
      {settings.error && <Notice tone="error">{settings.error.message}</Notice>}
      {settings.data && settings.data.zones.length === 0 && <p>No delivery zones yet.</p>}
      {settings.data?.zones.map((zone) => {
        const current = zone.options.filter((option) => option.retired_at === null);
        const retired = zone.options.filter((option) => option.retired_at !== null);
        return (
          <section key={zone.id} className="delivery-zone" aria-labelledby={`zone-${zone.id}`}>
            <h2 id={`zone-${zone.id}`}>{zone.name}</h2>
            <p>
              Covers:{' '}
              {[
                zone.countries.length > 0 ? `countries ${zone.countries.join(', ')}` : null,
                zone.postcode_areas.length > 0
                  ? `UK postcodes ${zone.postcode_areas.join(', ')}`
                  : null,
                zone.other_rules.length > 0 ? `${zone.other_rules.length} other rules` : null,
              ]
                .filter(Boolean)
                .join('; ') || 'nowhere'}
              {zone.tax_exempt && ' (outside UK VAT)'}{' '}
              <Button
                variant="secondary"
                aria-label={`Edit where ${zone.name} covers`}
                onClick={() => {
                  setDone(null);
                  setCovering(zone);
                }}
              >
                Edit coverage
              </Button>{' '}
              <Button
                variant="secondary"
                aria-label={`Delete the zone ${zone.name}`}
                onClick={() => {
                  setDone(null);
                  setDeleting(zone);
                }}
              >
                Delete zone
              </Button>
            </p>
            <table className="admin-table">
              <caption className="visually-hidden">Delivery options of {zone.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Option</th>
                  <th scope="col" className="number">
                    Price
                  </th>
                  <th scope="col" className="number">
                    Free over
                  </th>
                  <th scope="col">Cut-off</th>
                  <th scope="col">Days</th>
                  <th scope="col">Offered</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {current.map((option) => (
                  <tr key={option.id} className={option.active ? undefined : 'delivery-closed'}>
                    <td>
                      {option.name}
                      <br />
                      <small>{option.description}</small>
                    </td>
                    <td className="number">{money(option.price)}</td>
                    <td className="number">
                      {option.free_over === null ? '—' : money(option.free_over)}
                    </td>
                    <td>{option.cutoff_hour === null ? 'None' : `${option.cutoff_hour}:00`}</td>
                    <td>{days(option)}</td>
                    <td>{option.active ? 'Yes' : 'Closed'}</td>
                    <td>
                      <Button
                        variant="secondary"
                        aria-label={`Edit ${option.name} (${zone.name})`}
                        onClick={() => {
                          setDone(null);
                          setEditing(option);
                        }}
                      >
                        Edit
                      </Button>{' '}
                      <Button
                        variant="secondary"
                        aria-label={`Remove ${option.name} (${zone.name})`}
                        onClick={() => {
                          setDone(null);
                          setRemoving({ option, zone });
                        }}
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {current.length === 0 && <p>This zone has no options: nothing is delivered there.</p>}
            <p>
              <Button
                variant="secondary"
                aria-label={`Add a delivery option to ${zone.name}`}
                onClick={() => {
                  setDone(null);
                  setAddingTo(zone);
                }}
              >
                Add an option
              </Button>
            </p>
            {retired.length > 0 && (
              <>
                <h3 id={`retired-${zone.id}`}>Retired options of {zone.name}</h3>
                <p>Offered to nobody; kept for the orders, invoices and reports that name them.</p>
                <ul className="delivery-retired" aria-labelledby={`retired-${zone.id}`}>
                  {retired.map((option) => (
                    <li key={option.id}>
                      {option.name} ({money(option.price)}, VAT {option.tax_rate_bp / 100}%){' '}
                      <Button
                        variant="secondary"
                        aria-label={`Bring back ${option.name} (${zone.name})`}
                        onClick={() => {
                          setDone(null);
                          setRestoring({ option, zone });
                        }}
                      >
                        Bring back
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        );
      })}
      {settings.data && (
        <Closures closures={settings.data.closures} onDone={(text) => setDone(text)} />
      )}
      {settings.data && (
        <section aria-labelledby="bank-holidays-title">
          <h2 id="bank-holidays-title">UK bank holidays</h2>
          <p>
            From gov.uk (refreshed with <code>npm run bank-holidays:refresh</code>). England and
            Wales ones stop dispatch and are not delivery days; the others are shown for reference.
          </p>
          {Object.entries(DIVISION_NAMES).map(([division, label]) => {
            const list = settings.data.bank_holidays.filter((h) => h.division === division);
            return (
              <details key={division} open={division === settings.data.dispatch_division}>
                <summary>
                  {label} ({list.length})
                </summary>
                {list.length === 0 ? (
                  <p>None from this year on: run the refresh.</p>
                ) : (
                  <ul className="delivery-holidays">
                    {list.map((h) => (
                      <li key={h.date}>
                        {longDay(h.date)}: {h.title}
                      </li>
                    ))}
                  </ul>
                )}
              </details>
            );
          })}
        </section>
      )}
      {editing && (
        <EditOptionDialog
          option={editing}
          onClose={() => setEditing(null)}
          onDone={(option) => {
            setEditing(null);
            setDone(
              `${option.name} saved: ${money(option.price)}${option.active ? '' : ', closed'}.`,
            );
          }}
        />
      )}
      {addingTo && (
        <AddOptionDialog
          zone={addingTo}
          onClose={() => setAddingTo(null)}
          onDone={(option) => {
            setAddingTo(null);
            setDone(
              `${option.name} added to ${addingTo.name}: ${money(option.price)}${option.active ? '' : ', closed'}.`,
            );
          }}
        />
      )}
      {removing && (
        <RemoveOptionDialog
          option={removing.option}
          zone={removing.zone}
          onClose={() => setRemoving(null)}
          onDone={(text) => {
            setRemoving(null);
            setDone(text);
          }}
        />
      )}
      {restoring && (
        <RestoreOptionDialog
          option={restoring.option}
          zone={restoring.zone}
          onClose={() => setRestoring(null)}
          onDone={(text) => {
            setRestoring(null);
            setDone(text);
          }}
        />
      )}
      {adding && (
        <AddZoneDialog
          onClose={() => setAdding(false)}
          onDone={(zone) => {
            setAdding(false);
            setDone(`${zone.name} added: set where it covers with Edit coverage.`);
          }}
        />
      )}
      {deleting && (
        <DeleteZoneDialog
          zone={deleting}
          onClose={() => setDeleting(null)}
          onDone={(zone) => {
            setDeleting(null);
            setDone(`${zone.name} deleted.`);
          }}
        />
      )}
      {covering && (
        <EditCoverageDialog
          zone={covering}
          onClose={() => setCovering(null)}
          onDone={(zone) => {
            setCovering(null);
            setDone(`Coverage of ${zone.name} saved.`);
          }}
        />
      )}
    </section>
  );
}

function Closures({
  closures,
  onDone,
}: {
  closures: readonly DeliveryClosure[];
  onDone: (text: string) => void;
}) {
  const client = useQueryClient();
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [reason, setReason] = useState('');
  const add = useMutation({
    mutationFn: () => postClosure({ starts_on: startsOn, ends_on: endsOn, reason }),
    onSuccess: async (closure) => {
      await client.invalidateQueries({ queryKey: DELIVERY_KEY });
      setStartsOn('');
      setEndsOn('');
      setReason('');
      onDone(`Closed ${longDay(closure.starts_on)} to ${longDay(closure.ends_on)}.`);
    },
  });
  const remove = useMutation({
    mutationFn: deleteClosure,
    onSuccess: async (closure) => {
      await client.invalidateQueries({ queryKey: DELIVERY_KEY });
      onDone(`Open again ${longDay(closure.starts_on)} to ${longDay(closure.ends_on)}.`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const failure = add.error instanceof ApiError ? add.error : null;
  const fieldError = (field: string) => failure?.errors?.[field]?.[0];

  return (
    <section aria-labelledby="closures-title">
      <h2 id="closures-title">Closing days</h2>
      <p>Days the shop dispatches nothing (e.g. 24 December to 2 January), both days included.</p>
      {closures.length === 0 ? (
        <p>No closures coming up.</p>
      ) : (
        <ul className="delivery-closures">
          {closures.map((closure) => (
            <li key={closure.id}>
              {longDay(closure.starts_on)} – {longDay(closure.ends_on)}: {closure.reason}{' '}
              <Button
                variant="secondary"
                busy={remove.isPending && remove.variables === closure.id}
                busyLabel="Removing"
                aria-label={`Remove the closure from ${longDay(closure.starts_on)}`}
                onClick={() => remove.mutate(closure.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {remove.error && <Notice tone="error">{remove.error.message}</Notice>}
      <form className="delivery-closure-form" onSubmit={submit} noValidate>
        {add.error && !failure?.isValidation && <Notice tone="error">{add.error.message}</Notice>}
        <Field
          label="First closed day"
          type="date"
          value={startsOn}
          onChange={(event) => setStartsOn(event.target.value)}
          error={fieldError('starts_on')}
          required
        />
        <Field
          label="Last closed day"
          type="date"
          value={endsOn}
          onChange={(event) => setEndsOn(event.target.value)}
          error={fieldError('ends_on')}
          required
        />
        <Field
          label="Reason"
          value={reason}
          maxLength={MAX_CLOSURE_REASON}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError('reason')}
          required
        />
        <Button type="submit" busy={add.isPending} busyLabel="Adding">
          Add closure
        </Button>
      </form>
    </section>
  );
}
