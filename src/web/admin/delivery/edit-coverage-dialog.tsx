/**
 * Which countries (whole) and UK postcode areas or districts a delivery zone covers
 * (ADR 065), typed as lists: 'FRA, DEU' and 'BT, HS, PA20'.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminDeliveryZone } from '../../../domain/api/admin-delivery.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { DELIVERY_KEY, listOf, putCoverage } from './delivery-api.ts';

export function EditCoverageDialog({
  zone,
  onClose,
  onDone,
}: {
  zone: AdminDeliveryZone;
  onClose: () => void;
  onDone: (zone: AdminDeliveryZone) => void;
}) {
  const client = useQueryClient();
  const [countries, setCountries] = useState(zone.countries.join(', '));
  const [areas, setAreas] = useState(zone.postcode_areas.join(', '));
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: () =>
      putCoverage(zone.id, {
        countries: listOf(countries),
        postcode_areas: listOf(areas),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }),
    onSuccess: async (updated) => {
      await client.invalidateQueries({ queryKey: DELIVERY_KEY });
      onDone(updated);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const failure = save.error instanceof ApiError ? save.error : null;
  const fieldError = (field: string) => failure?.errors?.[field]?.join(' ');

  return (
    <Modal open onClose={onClose} title={`Where ${zone.name} covers`} narrow>
      <form onSubmit={submit} noValidate>
        {save.error && !failure?.isValidation && <Notice tone="error">{save.error.message}</Notice>}
        <Field
          label="Whole countries"
          hint="Three-letter codes, separated by commas: e.g. FRA, DEU, IRL"
          value={countries}
          onChange={(event) => setCountries(event.target.value)}
          error={fieldError('countries')}
        />
        <Field
          label="UK postcode areas and districts"
          hint="e.g. BT, HS, PA20. A district wins over its area; both win over whole countries."
          value={areas}
          onChange={(event) => setAreas(event.target.value)}
          error={fieldError('postcode_areas')}
        />
        {zone.other_rules.length > 0 && (
          <p>
            Also kept (written as patterns, not editable here):{' '}
            {zone.other_rules.map((rule) => `${rule.country} ${rule.pattern}`).join('; ')}
          </p>
        )}
        <Field
          label="Reason (optional, for the audit trail)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError('reason')}
        />
        <Button type="submit" busy={save.isPending} busyLabel="Saving">
          Save coverage
        </Button>
      </form>
    </Modal>
  );
}
