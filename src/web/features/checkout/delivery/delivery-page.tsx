import { usePageTitle } from '../../../lib/page-title.ts';

/** STUB: replaced by the DELIVERY branch's delivery options step at merge. */
export function DeliveryPage() {
  usePageTitle('Delivery options');
  return <h1>Delivery options</h1>;
}
