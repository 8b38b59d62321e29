/**
 * An order's returns on its back-office page (ADR 070): shown once it has any, each
 * linking to its return page.
 */
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../lib/session.ts';
import { fetchReturns, returnListKey } from './returns-api.ts';
import { ReturnsTable } from './returns-table.tsx';

export function OrderReturns({ orderNumber }: { orderNumber: string }) {
  const allowed = useCan('returns.manage');
  const params = { order_number: orderNumber };
  const list = useQuery({
    queryKey: returnListKey(params),
    queryFn: () => fetchReturns(params),
    enabled: allowed,
  });
  const returns = list.data?.returns ?? [];
  if (returns.length === 0) return null;
  return (
    <section className="order-section order-section--wide" aria-labelledby="order-returns">
      <h2 id="order-returns">Returns</h2>
      <ReturnsTable returns={returns} caption={`Returns of order ${orderNumber}`} />
    </section>
  );
}
