/**
 * Demo customer accounts (documented in the README), added to a database that has
 * none of them yet, so older development databases get them too.
 */
import { hash } from '@node-rs/argon2';
import type { Db } from '../client.ts';

const demoAddress = {
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company_name: null,
  line_1: '12 Orchard Lane',
  line_2: null,
  line_3: 'Harrogate',
  line_4: 'North Yorkshire',
  postcode: 'HG1 2AB',
  country_code: 'GBR',
  telephone: '01423 496000',
  mobile: null,
};

export const DEMO_ACCOUNTS = [
  {
    email: 'demo@example.com',
    password: 'plants-demo',
    title: 'Mrs',
    first_name: 'Ada',
    last_name: 'Lovelace',
    prices_exclude_tax: false,
    buds: 1250,
    addresses: [
      { address: demoAddress, default_delivery: true, default_billing: false },
      {
        address: {
          ...demoAddress,
          company_name: 'Analytical Engines Ltd',
          line_1: 'Unit 4, Riverside Works',
          line_2: 'Canal Street',
          line_3: 'Leeds',
          line_4: 'West Yorkshire',
          postcode: 'LS1 4DL',
          telephone: '0113 496 0000',
        },
        default_delivery: false,
        default_billing: true,
      },
    ],
  },
  {
    email: 'trade@example.com',
    password: 'plants-trade',
    title: 'Mr',
    first_name: 'Thomas',
    last_name: 'Chippendale',
    prices_exclude_tax: true,
    buds: 0,
    addresses: [],
  },
] as const;

/** Adds the demo accounts that are missing; returns how many it added. */
export async function seedDemoAccounts(db: Db): Promise<number> {
  let added = 0;
  for (const account of DEMO_ACCOUNTS) {
    const exists = await db
      .selectFrom('users')
      .select('id')
      .where('email_address', '=', account.email)
      .executeTakeFirst();
    if (exists) continue;
    const passwordHash = await hash(account.password);
    await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          email_address: account.email,
          password_hash: passwordHash,
          title: account.title,
          first_name: account.first_name,
          last_name: account.last_name,
          prices_exclude_tax: account.prices_exclude_tax,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const saved of account.addresses) {
        await trx
          .insertInto('user_addresses')
          .values({
            user_id: user.id,
            address: JSON.stringify(saved.address),
            default_delivery: saved.default_delivery,
            default_billing: saved.default_billing,
          })
          .execute();
      }
      if (account.buds > 0) {
        await trx
          .insertInto('loyalty_ledger')
          .values({ user_id: user.id, change: account.buds, reason: 'Welcome buds (demo)' })
          .execute();
      }
    });
    added++;
  }
  return added;
}
