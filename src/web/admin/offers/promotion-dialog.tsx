/**
 * Editing a free-gift promotion (ADR 064): its gift (a variation, by SKU: the server checks
 * it is on sale and not a bundle), threshold, badge, times, on or off.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PromotionView } from '../../../domain/api/admin-offers.ts';
import { ukLocalOf } from '../../../domain/uk-time.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { GiftFinder } from './gift-finder.tsx';
import { OFFERS_KEY, patchPromotion, penceOf, poundsOf } from './offers-api.ts';

export function PromotionDialog({
  promotion,
  onClose,
  onDone,
}: {
  promotion: PromotionView;
  onClose: () => void;
  onDone: (promotion: PromotionView) => void;
}) {
  const client = useQueryClient();
  const [name, setName] = useState(promotion.name);
  const [giftSku, setGiftSku] = useState(promotion.gift_sku);
  const [threshold, setThreshold] = useState(poundsOf(promotion.threshold));
  const [badge, setBadge] = useState(promotion.badge);
  const [startsAt, setStartsAt] = useState(
    promotion.starts_at ? ukLocalOf(promotion.starts_at) : '',
  );
  const [endsAt, setEndsAt] = useState(promotion.ends_at ? ukLocalOf(promotion.ends_at) : '');
  const [active, setActive] = useState(promotion.active);
  const save = useMutation({
    mutationFn: () =>
      patchPromotion(promotion.id, {
        name,
        // Only a changed gift is sent, so an unchanged one is never re-checked.
        ...(giftSku.trim().toUpperCase() !== promotion.gift_sku ? { gift_sku: giftSku } : {}),
        threshold: penceOf(threshold),
        badge,
        starts_at: startsAt || null,
        ends_at: endsAt || null,
        active,
      }),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: OFFERS_KEY });
      onDone(saved);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const failure = save.error instanceof ApiError ? save.error : null;
  const fieldError = (field: string) => failure?.errors?.[field]?.[0];
  return (
    <Modal open onClose={onClose} title={`Edit promotion: ${promotion.name}`}>
      <form onSubmit={submit} noValidate className="offers-form">
        {save.error && (
          <Notice tone="error">
            {failure?.isValidation ? 'Please correct the fields marked below.' : save.error.message}
          </Notice>
        )}
        <Field
          label="Gift (SKU of the variation given)"
          hint={`Now: ${promotion.gift_name} (${promotion.gift_sku}). A variation on sale, not a bundle; or find it by name below.`}
          value={giftSku}
          onChange={(event) => setGiftSku(event.target.value.toUpperCase())}
          error={fieldError('gift_sku') ?? fieldError('gift_product_id')}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
        />
        <GiftFinder onChoose={(sku) => setGiftSku(sku)} />
        <Field
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldError('name')}
          maxLength={100}
        />
        <Field
          label="Spend on items that earns the gift (£)"
          inputMode="decimal"
          value={threshold}
          onChange={(event) => setThreshold(event.target.value)}
          error={fieldError('threshold')}
        />
        <Field
          label="Badge"
          hint="Shown on the gift in the basket"
          value={badge}
          onChange={(event) => setBadge(event.target.value)}
          error={fieldError('badge')}
          maxLength={60}
        />
        <Field
          label="Starts (UK time)"
          type="datetime-local"
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
          error={fieldError('starts_at')}
        />
        <Field
          label="Ends (UK time)"
          type="datetime-local"
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
          error={fieldError('ends_at')}
        />
        <label className="offers-check">
          <input
            type="checkbox"
            checked={active}
            onChange={(event) => setActive(event.target.checked)}
          />
          Running (untick to switch the promotion off)
        </label>
        <div className="offers-actions">
          <Button type="submit" busy={save.isPending} busyLabel="Saving">
            Save promotion
          </Button>
        </div>
      </form>
    </Modal>
  );
}
