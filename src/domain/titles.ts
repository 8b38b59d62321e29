/** Title choices used by the checkout address forms (spec section 3). */
export const TITLES = ['Mr', 'Mrs', 'Miss', 'Ms', 'Dr'] as const;
export type Title = (typeof TITLES)[number];
