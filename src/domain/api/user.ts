/**
 * Wire shapes of the customer's endpoints (spec section 3: User, Login response, saved
 * addresses; ours: buds), inferred from their reply schemas (replies.ts, ADR 046).
 */
import type { z } from 'zod/mini';
import type {
  loginResultSchema,
  loyaltySchema,
  savedAddressSchema,
  userSchema,
} from './replies.ts';

/** GET /api/v1/user (spec section 3, User). */
export type UserView = z.output<typeof userSchema>;

/** A saved address (spec section 3). */
export type SavedAddressView = z.output<typeof savedAddressSchema>;

/** POST /api/v1/auth/login and register (spec section 3, Login response). */
export type LoginResult = z.output<typeof loginResultSchema>;

/** GET /api/v1/user/loyalty: the customer's buds and their history, newest first. */
export type LoyaltyView = z.output<typeof loyaltySchema>;

/** One entry of the buds history: buds earned (positive) or spent (negative). */
export type LoyaltyEntryView = LoyaltyView['history'][number];
