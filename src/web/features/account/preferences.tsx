/**
 * The customer's switches: the newsletter (PUT /user/newsletter), basket reminders
 * (PUT /user/basket-reminders, opt-in; ADR 077) and trade prices without VAT
 * (PUT /user/tax, spec section 6 prices_exclude_tax). Each saves as soon as it is
 * changed and says so to screen readers.
 */
import { useState, type ReactNode } from 'react';
import type { UserView } from '../../../domain/api/user.ts';
import { useUpdateTaxPreference } from '../../api/user-changes.ts';
import { useUpdateBasketReminders, useUpdateNewsletter } from './account-api.ts';
import { Notice } from '../../ui/notice.tsx';

interface ToggleProps {
  checked: boolean;
  update: {
    isPending: boolean;
    variables: boolean | undefined;
    error: Error | null;
    mutate: (value: boolean, options: { onSuccess: () => void }) => void;
  };
  label: string;
  hint: ReactNode;
  savedMessage: string;
}

function PreferenceToggle({ checked, update, label, hint, savedMessage }: ToggleProps) {
  const [saved, setSaved] = useState(false);
  return (
    <>
      {update.error && <Notice tone="error">{update.error.message}</Notice>}
      <label className="account-toggle">
        <input
          type="checkbox"
          checked={update.isPending ? (update.variables ?? false) : checked}
          disabled={update.isPending}
          onChange={(event) => {
            setSaved(false);
            update.mutate(event.target.checked, { onSuccess: () => setSaved(true) });
          }}
        />
        <span>
          <span className="account-toggle__label">{label}</span>
          <span className="account-toggle__hint">{hint}</span>
        </span>
      </label>
      <p className="visually-hidden" role="status">
        {update.isPending ? 'Saving' : saved ? savedMessage : ''}
      </p>
    </>
  );
}

export function NewsletterPreference({ user }: { user: UserView }) {
  const update = useUpdateNewsletter();
  return (
    <PreferenceToggle
      checked={user.newsletter}
      update={update}
      label="Send me the Everbloom newsletter"
      hint="New arrivals, seasonal ideas and offers, by email. You can stop them at any time."
      savedMessage="Your newsletter preference has been saved."
    />
  );
}

export function BasketRemindersPreference({ user }: { user: UserView }) {
  const update = useUpdateBasketReminders();
  return (
    <PreferenceToggle
      checked={user.basket_reminders}
      update={update}
      label="Email me a reminder if I leave items in my basket"
      hint="One email if you leave items in your basket without ordering, with a link back to it. You can stop it here at any time."
      savedMessage="Your basket reminder preference has been saved."
    />
  );
}

export function TaxPreference({ user }: { user: UserView }) {
  const update = useUpdateTaxPreference();
  return (
    <PreferenceToggle
      checked={user.prices_exclude_tax}
      update={update}
      label="Show trade prices (excluding VAT)"
      hint="For business customers: prices in the shop and your basket show without VAT."
      savedMessage="Your price preference has been saved."
    />
  );
}
