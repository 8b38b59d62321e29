/**
 * /account/addresses: the customer's saved addresses with their default badges; add
 * one or edit one with the shop's address form, and choose the default delivery and
 * billing addresses (POST, PUT /user/addresses and PUT /user/addresses/defaults; each
 * reply lists the addresses again).
 */
import { useEffect, useRef, useState } from 'react';
import type { SavedAddressView, UserView } from '../../../domain/api/user.ts';
import { TITLES, type Title } from '../../../domain/titles.ts';
import { useSavedAddresses } from '../../api/user.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { AddressForm } from '../../shared/address-form/address-form.tsx';
import { EMPTY_ADDRESS, toFormValues } from '../../shared/address-form/values.ts';
import { addressLines } from '../../../domain/address-lines.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { useCreateAddress, useSetAddressDefaults, useUpdateAddress } from './account-api.ts';
import { useAccountUser } from './account-layout.tsx';
import { LoadError } from './load-error.tsx';

type Editing = { address: SavedAddressView | null } | null;

export function AddressesPage() {
  usePageTitle('Your addresses');
  const user = useAccountUser();
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);

  // Opening the form moves focus to its heading; closing it, back to the page's.
  useEffect(() => {
    if (editing) {
      opened.current = true;
      formHeading.current?.focus();
    } else if (opened.current) {
      heading.current?.focus();
    }
  }, [editing]);

  const close = (message: string) => {
    setSaved(message);
    setEditing(null);
  };

  return (
    <>
      <h1 className="account-page__heading" ref={heading} tabIndex={-1}>
        Your addresses
      </h1>
      {saved && <Notice tone="success">{saved}</Notice>}
      {editing ? (
        <section className="account-card" aria-labelledby="address-form-heading">
          <h2
            id="address-form-heading"
            className="account-card__heading"
            ref={formHeading}
            tabIndex={-1}
          >
            {editing.address ? 'Edit address' : 'Add an address'}
          </h2>
          <EditAddress
            user={user}
            address={editing.address}
            onSaved={() => close('Your address has been saved.')}
            onCancel={() => close('')}
          />
        </section>
      ) : (
        <section className="account-card" aria-labelledby="addresses-heading">
          <div className="account-card__header">
            <h2 id="addresses-heading" className="account-card__heading">
              Saved addresses
            </h2>
            <Button
              variant="secondary"
              onClick={() => {
                setSaved('');
                setEditing({ address: null });
              }}
            >
              Add an address
            </Button>
          </div>
          <SavedAddresses
            onEdit={(address) => {
              setSaved('');
              setEditing({ address });
            }}
          />
        </section>
      )}
    </>
  );
}

const isTitle = (value: string | null): value is Title =>
  (TITLES as readonly (string | null)[]).includes(value);

function EditAddress({
  user,
  address,
  onSaved,
  onCancel,
}: {
  user: UserView;
  address: SavedAddressView | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  // A new address starts from the customer's own title and names.
  const [start] = useState(() =>
    address
      ? toFormValues(address)
      : {
          ...EMPTY_ADDRESS,
          title: isTitle(user.title) ? user.title : '',
          first_name: user.first_name,
          last_name: user.last_name,
        },
  );
  return (
    <AddressForm
      prefix="delivery_address_"
      label={address ? 'Edit address' : 'Add an address'}
      defaultValues={start}
      submitLabel="Save address"
      busyLabel="Saving address"
      onSubmit={async (_payload, values) => {
        if (address) await update.mutateAsync({ id: address.id, payload: values });
        else await create.mutateAsync(values);
        onSaved();
      }}
      footer={
        <p className="address-form__toggles">
          <Button variant="link" onClick={onCancel}>
            Cancel
          </Button>
        </p>
      }
    />
  );
}

function SavedAddresses({ onEdit }: { onEdit: (address: SavedAddressView) => void }) {
  const { data: addresses, error, isPending, refetch, isFetching } = useSavedAddresses();
  const defaults = useSetAddressDefaults();
  const [done, setDone] = useState('');

  if (error && !addresses) {
    return (
      <LoadError retrying={isFetching} onRetry={() => void refetch()}>
        Sorry, we could not load your saved addresses. {error.message}
      </LoadError>
    );
  }
  if (isPending) {
    return (
      <p className="account-muted" role="status">
        Loading your addresses…
      </p>
    );
  }

  const makeDefault = (address: SavedAddressView, type: 'delivery' | 'billing') => {
    setDone('');
    defaults.mutate(
      {
        default_delivery_address_id: type === 'delivery' ? address.id : null,
        default_billing_address_id: type === 'billing' ? address.id : null,
      },
      { onSuccess: () => setDone(`Your default ${type} address has been changed.`) },
    );
  };
  const busyWith = (address: SavedAddressView, type: 'delivery' | 'billing') =>
    defaults.isPending &&
    (type === 'delivery'
      ? defaults.variables.default_delivery_address_id
      : defaults.variables.default_billing_address_id) === address.id;

  return (
    <>
      {defaults.error && (
        <Notice tone="error">
          Sorry, we could not change your default address. {defaults.error.message}
        </Notice>
      )}
      <p className="visually-hidden" role="status">
        {done}
      </p>
      {addresses.length === 0 ? (
        <p className="account-muted">
          You have no saved addresses yet. Addresses you save at the checkout will appear here.
        </p>
      ) : (
        <ul className="saved-addresses">
          {addresses.map((address) => {
            const linesId = `address-${address.id}`;
            return (
              <li key={address.id} className="saved-address">
                {(address.default_delivery || address.default_billing) && (
                  <p className="saved-address__badges">
                    {address.default_delivery && (
                      <span className="badge">Default delivery address</span>
                    )}
                    {address.default_billing && (
                      <span className="badge">Default billing address</span>
                    )}
                  </p>
                )}
                <address className="saved-address__lines" id={linesId}>
                  {addressLines(address).map((line, index) => (
                    <span key={index} className="saved-address__line">
                      {line}
                    </span>
                  ))}
                </address>
                <div className="saved-address__actions">
                  <Button variant="link" aria-describedby={linesId} onClick={() => onEdit(address)}>
                    Edit
                  </Button>
                  {!address.default_delivery && (
                    <Button
                      variant="link"
                      aria-describedby={linesId}
                      busy={busyWith(address, 'delivery')}
                      busyLabel="Saving"
                      disabled={defaults.isPending}
                      onClick={() => makeDefault(address, 'delivery')}
                    >
                      Make default delivery address
                    </Button>
                  )}
                  {!address.default_billing && (
                    <Button
                      variant="link"
                      aria-describedby={linesId}
                      busy={busyWith(address, 'billing')}
                      busyLabel="Saving"
                      disabled={defaults.isPending}
                      onClick={() => makeDefault(address, 'billing')}
                    >
                      Make default billing address
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
