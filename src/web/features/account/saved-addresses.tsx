/** The customer's saved addresses, each as a postal address with its default badges. */
import type { SavedAddressView } from '../../../domain/api/user.ts';
import { useSavedAddresses } from '../../api/user.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { addressLines } from '../../shared/address-lines.ts';

export function SavedAddresses() {
  const { data: addresses, error, isPending, refetch, isFetching } = useSavedAddresses();
  if (error && !addresses) {
    return (
      <Notice tone="error">
        <p>Sorry, we could not load your saved addresses. {error.message}</p>
        <Button
          variant="secondary"
          busy={isFetching}
          busyLabel="Loading"
          onClick={() => void refetch()}
        >
          Try again
        </Button>
      </Notice>
    );
  }
  if (isPending) {
    return (
      <p className="account-muted" role="status">
        Loading your addresses…
      </p>
    );
  }
  if (addresses.length === 0) {
    return (
      <p className="account-muted">
        You have no saved addresses yet. Addresses you save at the checkout will appear here.
      </p>
    );
  }
  return (
    <ul className="saved-addresses">
      {addresses.map((address) => (
        <li key={address.id} className="saved-address">
          <SavedAddress address={address} />
        </li>
      ))}
    </ul>
  );
}

function SavedAddress({ address }: { address: SavedAddressView }) {
  const lines = addressLines(address);
  return (
    <>
      {(address.default_delivery || address.default_billing) && (
        <p className="saved-address__badges">
          {address.default_delivery && <span className="badge">Default delivery address</span>}
          {address.default_billing && <span className="badge">Default billing address</span>}
        </p>
      )}
      <address className="saved-address__lines">
        {lines.map((line, index) => (
          <span key={index} className="saved-address__line">
            {line}
          </span>
        ))}
      </address>
    </>
  );
}
