/**
 * Adding a delivery zone and deleting one (ADR 074). A new zone covers nowhere until its
 * coverage is set; a zone whose option shoppers are still offered cannot be deleted (the
 * server's message says which to close first), nor one whose options orders used (ADR
 * 082: kept for them; staff empty its coverage and retire its options instead), and
 * deleting one sends the places it covered to the next rule that matches them — the
 * dialog says so before staff confirm.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminDeliveryZone } from '../../../domain/api/admin-delivery.ts';
import { MAX_ZONE_NAME } from '../../../domain/api/admin-delivery.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { DELIVERY_KEY, deleteZone, postZone } from './delivery-api.ts';

export function AddZoneDialog({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (zone: AdminDeliveryZone) => void;
}) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [id, setId] = useState('');
  const [taxExempt, setTaxExempt] = useState(false);
  const [reason, setReason] = useState('');
  const add = useMutation({
    mutationFn: () =>
      postZone({
        name,
        ...(id.trim() ? { id: id.trim() } : {}),
        tax_exempt: taxExempt,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }),
    onSuccess: async (zone) => {
      await client.invalidateQueries({ queryKey: DELIVERY_KEY });
      onDone(zone);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const failure = add.error instanceof ApiError ? add.error : null;
  const fieldError = (field: string) => failure?.errors?.[field]?.join(' ');
  return (
    <Modal open onClose={onClose} title="Add a delivery zone" narrow>
      <form onSubmit={submit} noValidate>
        {add.error && (
          <Notice tone="error">
            {failure?.errors ? 'Please correct the fields marked below.' : add.error.message}
          </Notice>
        )}
        <Field
          label="Name"
          hint="As staff see it, e.g. Channel Islands"
          value={name}
          maxLength={MAX_ZONE_NAME}
          onChange={(event) => setName(event.target.value)}
          error={fieldError('name')}
          required
        />
        <Field
          label="Id (optional)"
          hint="Lower-case words joined by hyphens; made from the name when blank. It cannot change later."
          value={id}
          maxLength={63}
          autoComplete="off"
          onChange={(event) => setId(event.target.value)}
          error={fieldError('id')}
        />
        <label className="delivery-check">
          <input
            type="checkbox"
            checked={taxExempt}
            onChange={(event) => setTaxExempt(event.target.checked)}
          />
          Outside UK VAT (baskets delivered there are charged without VAT)
        </label>
        <Field
          label="Reason (optional, for the audit trail)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError('reason')}
        />
        <p>Next, set the countries and postcode areas it covers with Edit coverage.</p>
        <Button type="submit" busy={add.isPending} busyLabel="Adding">
          Add zone
        </Button>
      </form>
    </Modal>
  );
}

export function DeleteZoneDialog({
  zone,
  onClose,
  onDone,
}: {
  zone: AdminDeliveryZone;
  onClose: () => void;
  onDone: (zone: AdminDeliveryZone) => void;
}) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const remove = useMutation({
    mutationFn: () => deleteZone(zone.id, reason),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: DELIVERY_KEY });
      onDone(zone);
    },
  });
  const offered = zone.options.filter((option) => option.active);
  const closed = zone.options.filter((option) => !option.active);
  const used = zone.options.filter((option) => option.used);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate();
  };
  return (
    <Modal open onClose={onClose} title={`Delete ${zone.name}?`} narrow>
      <form onSubmit={submit} noValidate>
        {remove.error && <Notice tone="error">{remove.error.message}</Notice>}
        {offered.length > 0 ? (
          <Notice tone="error">
            Shoppers are still offered {offered.map((o) => o.name).join(', ')} here. Close{' '}
            {offered.length === 1 ? 'it' : 'them'} first (Edit, untick Offered), then delete the
            zone.
          </Notice>
        ) : used.length > 0 ? (
          <Notice tone="error">
            Orders used {used.map((o) => o.name).join(', ')}, so the zone is kept for them and the
            reports. To stop delivering here, remove what it covers (Edit coverage) and retire its
            options.
          </Notice>
        ) : (
          <>
            <p>
              The countries and postcode areas it covers then go to the next zone that matches them
              (for example the zone covering their whole country), or are not delivered to.
            </p>
            {closed.length > 0 && (
              <p>Its closed options go with it: {closed.map((o) => o.name).join(', ')}.</p>
            )}
          </>
        )}
        <Field
          label="Reason (optional, for the audit trail)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="delivery-actions">
          <Button type="submit" busy={remove.isPending} busyLabel="Deleting">
            Delete zone
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep it
          </Button>
        </div>
      </form>
    </Modal>
  );
}
