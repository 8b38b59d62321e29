import { z } from 'zod/mini';

/** Safe-place choices on the delivery step (spec section 5). */
export const SAFE_PLACE_OPTIONS = [
  'With a neighbour',
  'Back garden',
  'Greenhouse',
  'Porch',
  'Shed',
  'Other',
] as const;
export type SafePlaceOption = (typeof SAFE_PLACE_OPTIONS)[number];

/** The note field's label and length limit, for the options that have one. */
export const SAFE_PLACE_NOTES: Partial<Record<SafePlaceOption, { label: string; max: number }>> = {
  'With a neighbour': { label: 'Please specify a house name or number', max: 16 },
  Other: { label: 'Let us know where we can leave the items', max: 25 },
};

/**
 * The safe-place fields: nothing is required; the note is kept only for options
 * that show it, within their limit.
 */
export const safePlaceSchema = z.pipe(
  z
    .object({
      delivery_safe_place_option: z.pipe(
        z.nullish(z.enum(SAFE_PLACE_OPTIONS, { error: 'Please select an option' })),
        z.transform((value: SafePlaceOption | null | undefined) => value ?? null),
      ),
      delivery_safe_place_option_note: z.pipe(
        z.nullish(z.string({ error: 'Please enter a note' }).check(z.trim())),
        z.transform((value: string | null | undefined) => (value ? value : null)),
      ),
    })
    .check(
      z.superRefine((value, ctx) => {
        const note = value.delivery_safe_place_option
          ? SAFE_PLACE_NOTES[value.delivery_safe_place_option]
          : undefined;
        if (
          note &&
          value.delivery_safe_place_option_note &&
          value.delivery_safe_place_option_note.length > note.max
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['delivery_safe_place_option_note'],
            message: `Please enter no more than ${note.max} characters`,
          });
        }
      }),
    ),
  z.transform(
    (value: {
      delivery_safe_place_option: SafePlaceOption | null;
      delivery_safe_place_option_note: string | null;
    }) => ({
      ...value,
      delivery_safe_place_option_note:
        value.delivery_safe_place_option && SAFE_PLACE_NOTES[value.delivery_safe_place_option]
          ? value.delivery_safe_place_option_note
          : null,
    }),
  ),
);

/**
 * The composed delivery_safe_place text the server receives (spec section 5).
 */
export function composeSafePlace(option: SafePlaceOption | null, note: string | null): string {
  const trimmed = note?.trim() ?? '';
  if (option === 'With a neighbour') {
    return trimmed ? `Leave at ${trimmed}` : 'If out leave with neighbour';
  }
  if (option === 'Other') return trimmed || 'Safe place not set';
  if (!option) return 'Safe place not set';
  return `Leave in ${option.toLowerCase()}`;
}
