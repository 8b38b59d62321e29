/**
 * /account/credit: the customer's store credit (ADR 052) and every change to it, newest
 * first (GET /user/credit). Laid out as the buds page is, with its table styles.
 */
import { formatPence, pence } from '../../../domain/money.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useStoreCredit } from './account-api.ts';
import { longDate } from './format.ts';
import { LoadError } from './load-error.tsx';

/** '+£12.50', '−£5.00' (a true minus sign), for the history. */
const creditChange = (change: number) =>
  change > 0 ? `+${formatPence(pence(change))}` : `−${formatPence(pence(Math.abs(change)))}`;

export function CreditPage() {
  usePageTitle('Your store credit');
  return (
    <>
      <h1 className="account-page__heading">Your store credit</h1>
      <section className="account-card" aria-labelledby="credit-heading">
        <h2 id="credit-heading" className="visually-hidden">
          Balance and history
        </h2>
        <CreditHistory />
      </section>
    </>
  );
}

function CreditHistory() {
  const { data, error, isPending, isFetching, refetch } = useStoreCredit();
  if (error && !data) {
    return (
      <LoadError retrying={isFetching} onRetry={() => void refetch()}>
        Sorry, we could not load your store credit. {error.message}
      </LoadError>
    );
  }
  if (isPending) {
    return (
      <p className="account-muted" role="status">
        Loading your store credit…
      </p>
    );
  }
  return (
    <>
      <p className="buds-balance">
        You have{' '}
        <strong className="buds-balance__amount">{formatPence(pence(data.balance))}</strong> of
        store credit to spend.
      </p>
      <p className="account-muted">
        Refunds given as credit and credit from our customer care team show here. Choose “Use my
        store credit” at the checkout to spend it.
      </p>
      {data.entries.length === 0 ? (
        <p className="account-muted buds-empty">You have no store credit history yet.</p>
      ) : (
        // Keyboard users can scroll the table when it is wider than a small screen.
        <div
          className="buds-table-wrap"
          role="region"
          aria-label="Store credit history"
          tabIndex={0}
        >
          <table className="buds-table">
            <caption className="visually-hidden">Store credit history, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Details</th>
                <th scope="col" className="buds-table__change">
                  Change
                </th>
                <th scope="col" className="buds-table__change">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry, index) => (
                <tr key={index}>
                  <td className="buds-table__date">{longDate(entry.date)}</td>
                  <td>{entry.reason}</td>
                  <td className="buds-table__change">{creditChange(entry.change)}</td>
                  <td className="buds-table__change">{formatPence(pence(entry.balance_after))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
