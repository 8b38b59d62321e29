import type { AddressView } from './basket.ts';

/** GET /api/v1/user (spec section 3, User). */
export interface UserView {
  full_name: string;
  email_address: string;
  title: string | null;
  first_name: string;
  last_name: string;
  prices_exclude_tax: boolean;
  newsletter: boolean;
  loyalty_points: { available: number };
}

/** A saved address (spec section 3). */
export type SavedAddressView = AddressView & {
  id: number;
  default_delivery: boolean;
  default_billing: boolean;
};

/** POST /api/v1/auth/login and register (spec section 3, Login response). */
export interface LoginResult {
  token: string;
  redirect_uri?: string;
}

/** One entry of the buds history: buds earned (positive) or spent (negative). */
export interface LoyaltyEntryView {
  change: number;
  reason: string;
  /** When it happened, ISO 8601. */
  date: string;
}

/** GET /api/v1/user/loyalty: the customer's buds and their history, newest first. */
export interface LoyaltyView {
  balance: number;
  history: LoyaltyEntryView[];
}
