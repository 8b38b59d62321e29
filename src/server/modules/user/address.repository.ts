/** The only code that reads and writes customers' saved addresses. */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { StoredAddress } from '../../db/schema.ts';

export interface SavedAddressRecord {
  id: number;
  user_id: number;
  address: StoredAddress;
  default_delivery: boolean;
  default_billing: boolean;
}

const columns = ['id', 'user_id', 'address', 'default_delivery', 'default_billing'] as const;

export function addressRepository(db: Db) {
  return {
    async list(userId: number): Promise<SavedAddressRecord[]> {
      return db
        .selectFrom('user_addresses')
        .select(columns)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** The address when it belongs to this user; undefined otherwise. */
    async find(userId: number, id: number): Promise<SavedAddressRecord | undefined> {
      return db
        .selectFrom('user_addresses')
        .select(columns)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async create(
      userId: number,
      address: StoredAddress,
      defaults: { delivery: boolean; billing: boolean },
    ) {
      return db.transaction().execute(async (trx) => {
        if (defaults.delivery) {
          await trx
            .updateTable('user_addresses')
            .set({ default_delivery: false })
            .where('user_id', '=', userId)
            .execute();
        }
        if (defaults.billing) {
          await trx
            .updateTable('user_addresses')
            .set({ default_billing: false })
            .where('user_id', '=', userId)
            .execute();
        }
        return trx
          .insertInto('user_addresses')
          .values({
            user_id: userId,
            address: JSON.stringify(address),
            default_delivery: defaults.delivery,
            default_billing: defaults.billing,
          })
          .returning(columns)
          .executeTakeFirstOrThrow();
      });
    },

    async update(
      userId: number,
      id: number,
      address: StoredAddress,
    ): Promise<SavedAddressRecord | undefined> {
      return db
        .updateTable('user_addresses')
        .set({ address: JSON.stringify(address), updated_at: sql<string>`now()` })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirst();
    },

    /** Makes the given addresses (this user's) the defaults; null leaves that default alone. */
    async setDefaults(
      userId: number,
      delivery: number | null,
      billing: number | null,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (delivery !== null) {
          await trx
            .updateTable('user_addresses')
            .set({ default_delivery: sql<boolean>`id = ${delivery}` })
            .where('user_id', '=', userId)
            .execute();
        }
        if (billing !== null) {
          await trx
            .updateTable('user_addresses')
            .set({ default_billing: sql<boolean>`id = ${billing}` })
            .where('user_id', '=', userId)
            .execute();
        }
      });
    },
  };
}

export type AddressRepository = ReturnType<typeof addressRepository>;
