/** Title choices used by the checkout address forms (spec section 3). */
export const TITLES = ['Mr', 'Mrs', 'Miss', 'Ms', 'Dr'] as const;
export type Title = (typeof TITLES)[number];

/** The titles as choices for a select. */
export const TITLE_OPTIONS: readonly { value: Title; label: Title }[] = TITLES.map((title) => ({
  value: title,
  label: title,
}));
