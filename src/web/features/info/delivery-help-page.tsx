import { InfoPage } from './info-page.tsx';

const zones: [string, string, string][] = [
  ['UK mainland', 'Standard delivery, 3–5 working days', '£4.95, FREE on orders over £50'],
  ['UK mainland', 'Next working day (order by 2pm)', '£7.95'],
  ['UK mainland', 'Saturday delivery (order by 2pm Friday)', '£12.95'],
  [
    'Scottish Highlands and Islands, Isle of Man, Isle of Wight, Isles of Scilly',
    'Standard delivery, 5–7 working days',
    '£9.95, FREE on orders over £100',
  ],
  [
    'Scottish Highlands and Islands, Isle of Man, Isle of Wight, Isles of Scilly',
    'Express delivery, 2–3 working days',
    '£19.95',
  ],
  ['Northern Ireland', 'Standard delivery, 4–6 working days', '£7.95, FREE on orders over £75'],
  ['Channel Islands', 'Standard delivery, 5–8 working days', '£14.95 (charged without UK VAT)'],
  [
    'France, Germany, Ireland, Netherlands, Belgium, Spain, Italy, Portugal, Denmark, Luxembourg, Austria',
    'International standard, 7–10 working days',
    '£19.95 (charged without UK VAT)',
  ],
  [
    'France, Germany, Ireland, Netherlands, Belgium, Spain, Italy, Portugal, Denmark, Luxembourg, Austria',
    'International tracked, 5–7 working days',
    '£29.95 (charged without UK VAT)',
  ],
];

export function DeliveryHelpPage() {
  return (
    <InfoPage title="Delivery information">
      <section>
        <h2>Where we deliver</h2>
        <p>
          We deliver across the UK, to the Channel Islands and to the European countries listed
          below. The options you can choose at checkout depend on your delivery address.
        </p>
        <div
          className="table-scroll"
          tabIndex={0}
          role="region"
          aria-label="Delivery options and prices"
        >
          <table>
            <caption className="visually-hidden">Delivery options and prices by area</caption>
            <thead>
              <tr>
                <th scope="col">Area</th>
                <th scope="col">Option</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              {zones.map(([area, option, price]) => (
                <tr key={`${area}-${option}`}>
                  <td>{area}</td>
                  <td>{option}</td>
                  <td>{price}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section>
        <h2>No delivery options for your address?</h2>
        <p>
          We cannot yet deliver outside the areas above. If you think your address should be
          covered, check the country and postcode, or contact us at help@everbloom.example and we
          will see what we can do.
        </p>
      </section>
      <section>
        <h2>Pre-orders</h2>
        <p>
          Items on pre-order are sent as soon as they arrive with us. If your order also has items
          in stock, we send everything together when the pre-order items arrive, unless you ask us
          to split it.
        </p>
      </section>
      <section>
        <h2>Safe places</h2>
        <p>
          At checkout you can tell us where to leave your parcel if you are out: with a neighbour,
          in your porch, shed, greenhouse or back garden, or somewhere else you describe.
        </p>
      </section>
    </InfoPage>
  );
}
