/**
 * Changing one delivery option (ADR 065): price and free-over threshold in pounds, the
 * cut-off hour, working days, and whether shoppers are offered it. Only the fields
 * changed are sent; the server's per-field messages show beside the fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { AdminDeliveryOption } from '../../../domain/api/admin-delivery.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { DELIVERY_KEY, patchOption, type OptionChange } from './delivery-api.ts';
import { draftOf, useOptionDraft } from './option-draft.ts';
import { OptionFields } from './option-fields.tsx';

export function EditOptionDialog({
  option,
  onClose,
  onDone,
}: {
  option: AdminDeliveryOption;
  onClose: () => void;
  onDone: (option: AdminDeliveryOption) => void;
}) {
  const client = useQueryClient();
  const { draft, change: edit, local, read } = useOptionDraft(() => draftOf(option));

  const save = useMutation({
    mutationFn: (change: OptionChange) => patchOption(option.id, change),
    onSuccess: async (updated) => {
      await client.invalidateQueries({ queryKey: DELIVERY_KEY });
      onDone(updated);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = read();
    if (!values) return;
    const change: OptionChange = {};
    for (const [key, value] of Object.entries(values)) {
      if (option[key as keyof AdminDeliveryOption] !== value) {
        (change as Record<string, unknown>)[key] = value;
      }
    }
    if (draft.reason.trim()) change.reason = draft.reason.trim();
    save.mutate(change);
  };

  const failure = save.error instanceof ApiError ? save.error : null;
  const fieldError = (field: string) => local[field] ?? failure?.errors?.[field]?.[0];
  const message = save.error
    ? failure?.isValidation
      ? (failure.errors?.body?.[0] ?? 'Please correct the fields marked below.')
      : save.error.message
    : null;

  return (
    <Modal open onClose={onClose} title={`Edit delivery option: ${option.name}`} narrow>
      <form onSubmit={submit} noValidate>
        {message && <Notice tone="error">{message}</Notice>}
        <OptionFields
          draft={draft}
          onChange={edit}
          fieldError={fieldError}
          activeLabel="Offered to shoppers"
        />
        <Button type="submit" busy={save.isPending} busyLabel="Saving">
          Save option
        </Button>
      </form>
    </Modal>
  );
}
