/**
 * 'Cardholders details' (spec sections 2 and 4), inside the card group: the billing address, pre-filled from
 * the basket's billing address, else the delivery address, with 'Same as delivery
 * details' ticked when the two are equal and 'Enter new details' to open the form.
 * The page saves it (PUT /basket/details, billing_address_ fields) before any payment.
 */
import { useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { AddressView, BasketView } from '../../../../domain/api/basket.ts';
import type { SavedAddressView } from '../../../../domain/api/user.ts';
import { ADDRESS_FIELDS } from '../../../../domain/schemas/address.ts';
import { useUpdateBasketDetails } from '../../../api/basket-changes.ts';
import { AddressForm, type AddressFormHandle } from '../../../shared/address-form/address-form.tsx';
import { sameAddress, toFormValues } from '../../../shared/address-form/values.ts';
import { addressLines } from '../../../../domain/address-lines.ts';
import { Button } from '../../../ui/button.tsx';

export interface BillingDetailsHandle {
  /**
   * Saves the billing address on the basket. Resolves with it; null when the form is
   * not valid (it shows why and moves to the first problem). A refused save of an
   * address shown as text rejects with the ApiError.
   */
  save: () => Promise<AddressView | null>;
  /**
   * Moves to the details after a save said no while they were out of sight (a wallet
   * was paying): to the first field in error, else the section's heading.
   */
  reveal: () => void;
}

export interface BillingDetailsProps {
  basket: BasketView;
  savedAddresses: readonly SavedAddressView[] | undefined;
  disabled: boolean;
  ref?: Ref<BillingDetailsHandle>;
}

/** The billing_address_ fields of PUT /basket/details for an address. */
function billingPayload(address: AddressView): Record<string, string | null> {
  return Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [`billing_address_${field}`, address[field]]),
  );
}

export function BillingDetails({ basket, savedAddresses, disabled, ref }: BillingDetailsProps) {
  const delivery = basket.delivery_address;
  const billing = basket.billing_address;
  const [same, setSame] = useState(() => !billing || sameAddress(billing, delivery));
  // No delivery address to copy (the step was reached early): the form is the only way.
  const [formOpen, setFormOpen] = useState(() => !delivery);
  const update = useUpdateBasketDetails();
  const form = useRef<AddressFormHandle>(null);
  // What the form's last save stored (the handle's closure predates that render).
  const savedByForm = useRef<AddressView | null>(null);
  const section = useRef<HTMLElement>(null);
  const headingId = useId();
  const checkboxId = useId();

  // The address the form starts from, and the one shown while it is closed.
  const start = billing ?? delivery;
  const shown = same ? delivery : start;

  useImperativeHandle(ref, () => ({
    save: async () => {
      if (formOpen) {
        const saved = await form.current?.submit();
        return saved ? savedByForm.current : null;
      }
      if (!shown) return null;
      if (sameAddress(billing, shown)) return billing;
      const next = await update.mutateAsync(billingPayload(shown));
      return next.billing_address ?? shown;
    },
    reveal: () => {
      const target =
        section.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        section.current?.querySelector<HTMLElement>('h4');
      target?.scrollIntoView?.({ block: 'center' });
      target?.focus({ preventScroll: true });
    },
  }));

  const openForm = () => {
    setSame(false);
    setFormOpen(true);
  };

  return (
    <section ref={section} className="billing-details" aria-labelledby={headingId}>
      {/* Under the card group's heading (h3). */}
      <h4 id={headingId} className="billing-details__heading" tabIndex={-1}>
        Cardholders details
      </h4>
      {delivery && (
        <p className="billing-details__same">
          <input
            type="checkbox"
            id={checkboxId}
            checked={same}
            disabled={disabled}
            onChange={(event) => {
              setSame(event.target.checked);
              setFormOpen(!event.target.checked);
            }}
          />
          <label htmlFor={checkboxId}>Same as delivery details</label>
        </p>
      )}
      {formOpen ? (
        <AddressForm
          handle={form}
          hideSubmit
          prefix="billing_address_"
          label="Billing address"
          defaultValues={toFormValues(start)}
          savedAddresses={savedAddresses}
          submitLabel="Save billing details"
          busyLabel="Updating basket"
          onSubmit={async (payload) => {
            savedByForm.current = (await update.mutateAsync(payload)).billing_address;
          }}
        />
      ) : (
        shown && (
          <div className="billing-details__summary">
            <address className="billing-details__address" aria-label="Billing address">
              {addressLines(shown).map((line, index) => (
                <span key={index}>{line}</span>
              ))}
            </address>
            <Button variant="link" disabled={disabled} onClick={openForm}>
              Enter new details
            </Button>
          </div>
        )
      )}
    </section>
  );
}
