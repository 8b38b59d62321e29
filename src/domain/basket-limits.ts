/**
 * Basket limits without the validation library, so the basket lines a page shows
 * (the basket, the checkout's order summary) do not pull zod into its first download
 * (ADR 079). The basket schemas (schemas/basket.ts) check the same limit.
 */

/** Most of one variation a basket line may hold. */
export const MAX_LINE_QUANTITY = 99;
