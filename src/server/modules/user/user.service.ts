/**
 * A signed-in customer's profile, preferences, saved addresses and buds.
 */
import type { output } from 'zod/v4/core';
import type { LoyaltyView, SavedAddressView, UserView } from '../../../domain/api/user.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import { addressSchema, fullName } from '../../../domain/schemas/address.ts';
import type {
  basketRemindersSchema,
  changePasswordSchema,
  newsletterSchema,
  personalSchema,
  taxPreferenceSchema,
} from '../../../domain/schemas/auth.ts';
import type { AuthRepository, UserRecord } from '../auth/auth.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { AddressRepository, SavedAddressRecord } from './address.repository.ts';
import type { LoyaltyRepository } from './loyalty.repository.ts';
import type { defaultsSchema, savedAddressSchema } from './user.schema.ts';

function addressView(record: SavedAddressRecord): SavedAddressView | null {
  const parsed = addressSchema.safeParse(record.address);
  if (!parsed.success) return null;
  return {
    id: record.id,
    ...parsed.data,
    full_name: fullName(parsed.data),
    default_delivery: record.default_delivery,
    default_billing: record.default_billing,
  };
}

export function userService(deps: {
  users: AuthRepository;
  addresses: AddressRepository;
  loyalty: LoyaltyRepository;
  auth: AuthService;
}) {
  const { users, addresses, loyalty } = deps;

  async function view(user: UserRecord): Promise<UserView> {
    return {
      full_name: fullName({
        title: user.title as never,
        first_name: user.first_name,
        last_name: user.last_name,
      }),
      email_address: user.email_address,
      title: user.title,
      first_name: user.first_name,
      last_name: user.last_name,
      prices_exclude_tax: user.prices_exclude_tax,
      newsletter: user.newsletter,
      basket_reminders: user.basket_reminders,
      loyalty_points: { available: await loyalty.balance(user.id) },
    };
  }

  async function update(user: UserRecord, changes: Parameters<AuthRepository['updateUser']>[1]) {
    const updated = await users.updateUser(user.id, changes);
    if (!updated) throw new AppError('not_found');
    return view(updated);
  }

  async function listAddresses(user: UserRecord): Promise<{ addresses: SavedAddressView[] }> {
    const records = await addresses.list(user.id);
    return { addresses: records.flatMap((r) => addressView(r) ?? []) };
  }

  return {
    view,

    updatePersonal: (user: UserRecord, input: output<typeof personalSchema>) => {
      return update(user, {
        title: input.title ?? null,
        first_name: input.first_name,
        last_name: input.last_name,
      });
    },
    updateTax: (user: UserRecord, input: output<typeof taxPreferenceSchema>) => update(user, input),
    updateNewsletter: (user: UserRecord, input: output<typeof newsletterSchema>) =>
      update(user, input),

    /** Abandoned-basket reminders on or off; off stops any reminder still waiting. */
    async updateBasketReminders(user: UserRecord, input: output<typeof basketRemindersSchema>) {
      const updated = await users.setBasketReminders(user.id, input.basket_reminders);
      if (!updated) throw new AppError('not_found');
      return view(updated);
    },

    changePassword: (user: UserRecord, input: output<typeof changePasswordSchema>) => {
      return deps.auth.changePassword(user, input.current_password, input.password);
    },

    listAddresses,

    /** The customer's buds balance and ledger, newest first. */
    async loyalty(user: UserRecord): Promise<LoyaltyView> {
      const [balance, history] = await Promise.all([
        loyalty.balance(user.id),
        loyalty.history(user.id),
      ]);
      return {
        balance,
        history: history.map((entry) => ({
          change: entry.change,
          reason: entry.reason,
          date: entry.date.toISOString(),
        })),
      };
    },

    async createAddress(user: UserRecord, input: output<typeof savedAddressSchema>) {
      const { default_delivery, default_billing, ...address } = input;
      const existing = await addresses.list(user.id);
      // A first address becomes both defaults.
      const first = existing.length === 0;
      const created = await addresses.create(user.id, address, {
        delivery: default_delivery ?? first,
        billing: default_billing ?? first,
      });
      return { address: addressView(created), ...(await listAddresses(user)) };
    },

    async updateAddress(user: UserRecord, id: number, input: output<typeof savedAddressSchema>) {
      const { default_delivery, default_billing, ...address } = input;
      const updated = await addresses.update(user.id, id, address);
      if (!updated) throw new AppError('not_found');
      if (default_delivery || default_billing) {
        await addresses.setDefaults(
          user.id,
          default_delivery ? id : null,
          default_billing ? id : null,
        );
      }
      return {
        address: addressView({
          ...updated,
          default_delivery: updated.default_delivery || !!default_delivery,
          default_billing: updated.default_billing || !!default_billing,
        }),
        ...(await listAddresses(user)),
      };
    },

    async setDefaults(user: UserRecord, input: output<typeof defaultsSchema>) {
      const delivery = input.default_delivery_address_id ?? null;
      const billing = input.default_billing_address_id ?? null;
      const owned = new Set((await addresses.list(user.id)).map((a) => a.id));
      const errors: Record<string, string[]> = {};
      if (delivery !== null && !owned.has(delivery)) {
        errors.default_delivery_address_id = ['Please choose one of your saved addresses'];
      }
      if (billing !== null && !owned.has(billing)) {
        errors.default_billing_address_id = ['Please choose one of your saved addresses'];
      }
      if (Object.keys(errors).length) throw validationError(errors);
      await addresses.setDefaults(user.id, delivery, billing);
      return listAddresses(user);
    },
  };
}

export type UserService = ReturnType<typeof userService>;
