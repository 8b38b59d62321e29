import { usePageTitle } from '../../../lib/page-title.ts';

/** STUB: replaced by the ADDRESS branch's delivery address step at merge. */
export function AddressPage() {
  usePageTitle('Delivery address');
  return <h1>Delivery address</h1>;
}
