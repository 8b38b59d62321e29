/**
 * /account/buds: the customer's buds balance and every change to it, newest first
 * (GET /user/loyalty).
 */
import { useLoyalty } from './account-api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { LoadError } from './load-error.tsx';
import { budsChange, budsLabel, longDate } from './format.ts';

export function BudsPage() {
  usePageTitle('Your buds');
  return (
    <>
      <h1 className="account-page__heading">Your buds</h1>
      <section className="account-card" aria-labelledby="buds-heading">
        <h2 id="buds-heading" className="visually-hidden">
          Balance and history
        </h2>
        <BudsHistory />
      </section>
    </>
  );
}

function BudsHistory() {
  const { data, error, isPending, isFetching, refetch } = useLoyalty();
  if (error && !data) {
    return (
      <LoadError retrying={isFetching} onRetry={() => void refetch()}>
        Sorry, we could not load your buds. {error.message}
      </LoadError>
    );
  }
  if (isPending) {
    return (
      <p className="account-muted" role="status">
        Loading your buds…
      </p>
    );
  }
  return (
    <>
      <p className="buds-balance">
        You have <strong className="buds-balance__amount">{budsLabel(data.balance)}</strong> to
        spend.
      </p>
      <p className="account-muted">
        You earn buds on every order and can spend them at the checkout.
      </p>
      {data.history.length === 0 ? (
        <p className="account-muted buds-empty">You have no buds history yet.</p>
      ) : (
        // Keyboard users can scroll the table when it is wider than a small screen.
        <div className="buds-table-wrap" role="region" aria-label="Buds history" tabIndex={0}>
          <table className="buds-table">
            <caption className="visually-hidden">Buds history, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Details</th>
                <th scope="col" className="buds-table__change">
                  Buds
                </th>
              </tr>
            </thead>
            <tbody>
              {data.history.map((entry, index) => (
                <tr key={index}>
                  <td className="buds-table__date">{longDate(entry.date)}</td>
                  <td>{entry.reason}</td>
                  <td className="buds-table__change">{budsChange(entry.change)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
