/**
 * The delivery address step (/checkout/address, spec sections 2 and 4): the UK address
 * form pre-filled from the basket, or for a signed-in customer with no address yet,
 * their title and names and saved addresses. Continue saves it on the basket and goes
 * to the delivery options.
 */
import { Link, useNavigate } from 'react-router';
import type { UserView } from '../../../../domain/api/user.ts';
import type { AddressView } from '../../../../domain/schemas/address.ts';
import { TITLES } from '../../../../domain/titles.ts';
import { useBasket } from '../../../api/basket.ts';
import { useSavedAddresses, useUser } from '../../../api/user.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { AddressForm } from '../../../shared/address-form/address-form.tsx';
import { toFormValues, type AddressFormValues } from '../../../shared/address-form/values.ts';
import { LoadingOverlay } from '../../../ui/loading-overlay.tsx';
import { useSaveDeliveryAddress } from './use-save-delivery-address.ts';
import './address-page.css';

/** The form's start: the basket's address, else the profile's title and names. */
export function deliveryFormValues(
  address: AddressView | null,
  user: UserView | undefined,
): AddressFormValues {
  if (address?.line_1 || !user) return toFormValues(address);
  const title = (TITLES as readonly string[]).includes(user.title ?? '') ? user.title : null;
  return toFormValues({ title, first_name: user.first_name, last_name: user.last_name });
}

export function AddressPage() {
  usePageTitle('Delivery address');
  const navigate = useNavigate();
  const basket = useBasket({ refetchOnWindowFocus: true });
  // Both are idle for guests; for a customer the form waits for them, as it starts
  // from the profile's names or a saved address.
  const user = useUser();
  const saved = useSavedAddresses();
  const save = useSaveDeliveryAddress();

  if (basket.isPending || user.isLoading || saved.isLoading) {
    return <LoadingOverlay message="Fetching order details" />;
  }
  if (!basket.data) return null;

  return (
    <section className="checkout-address" aria-labelledby="checkout-address-heading">
      <h1 id="checkout-address-heading" className="checkout-address__heading">
        Delivery address
      </h1>
      <AddressForm
        prefix="delivery_address_"
        label="Delivery address"
        defaultValues={deliveryFormValues(basket.data.delivery_address, user.data)}
        savedAddresses={saved.data}
        submitLabel="Continue"
        busyLabel="Updating basket"
        onSubmit={async (payload) => {
          await save.mutateAsync(payload);
          await navigate('/checkout/delivery');
        }}
        footer={
          <p className="checkout-address__terms">
            By placing an order with us, you are accepting our{' '}
            <Link to="/terms-and-conditions">terms &amp; conditions</Link> and{' '}
            <Link to="/privacy-notice">privacy policy</Link>
          </p>
        }
      />
    </section>
  );
}
