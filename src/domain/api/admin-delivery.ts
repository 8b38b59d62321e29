/**
 * The back office's delivery settings (ADR 065): zones with the countries and UK postcode
 * areas they cover and their options; the shop's closing days; the UK bank holidays.
 * The server declares its routes with these schemas; the browser imports the types and
 * the limits its forms check before sending.
 */
import { z } from 'zod/mini';

const int = z.int();
const day = z.string();

/** Largest delivery price or free-over threshold staff can set, in pence (£1,000). */
export const MAX_DELIVERY_PENCE = 100_000;
/** Most working days an option can take. */
export const MAX_DELIVERY_DAYS = 60;
/** Longest closure staff can enter at once, in days (a typo guard). */
export const MAX_CLOSURE_DAYS = 62;
export const MAX_OPTION_NAME = 80;
export const MAX_OPTION_DESCRIPTION = 200;
export const MAX_CLOSURE_REASON = 200;
export const MAX_ZONE_NAME = 80;

/**
 * The VAT rates (basis points) a delivery option can carry: standard, reduced, zero. A
 * delivery's VAT follows the goods it carries, so nearly every option is standard-rated.
 * Fixed once the option is made (ADR 082): the reports look up an option's current rate
 * for every order that used it, so a new rate is a new option.
 */
export const DELIVERY_VAT_RATES_BP = [2000, 500, 0] as const;

export const adminDeliveryOptionSchema = z.object({
  id: z.string(),
  zone_id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Pence, VAT included. */
  price: int,
  /** Free when the items reach this many pence; null: never free. */
  free_over: z.nullable(int),
  /** Working days from dispatch to delivery. */
  min_days: int,
  max_days: int,
  /** UK hour (0–23) before which an order leaves the same working day; null: no cut-off. */
  cutoff_hour: z.nullable(int),
  /** ISO weekday (1 Monday … 7 Sunday) of options delivered on one day only, or null. */
  delivery_weekday: z.nullable(int),
  /** False: shoppers are not offered it (e.g. Next Day closed for Christmas). */
  active: z.boolean(),
  /** VAT rate in basis points (2000 = 20%), fixed once made. */
  tax_rate_bp: int,
  /**
   * When staff retired it (ISO timestamp), else null (ADR 082): a retired option is closed,
   * offered to nobody and not editable, kept for the orders that used it until brought back.
   */
  retired_at: z.nullable(z.string()),
  /** Whether any order used it: such an option can be retired but never deleted. */
  used: z.boolean(),
});

export const adminDeliveryZoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  tax_exempt: z.boolean(),
  /** Three-letter codes of the countries the zone covers whole. */
  countries: z.array(z.string()),
  /** UK postcode areas ('BT') and districts ('PA20') it covers. */
  postcode_areas: z.array(z.string()),
  /** Rules written as other patterns (before ADR 065): kept, shown, not editable here. */
  other_rules: z.array(z.object({ country: z.string(), pattern: z.string() })),
  options: z.array(adminDeliveryOptionSchema),
});

export const deliveryClosureSchema = z.object({
  id: int,
  /** yyyy-MM-dd, both included. */
  starts_on: day,
  ends_on: day,
  reason: z.string(),
});

export const bankHolidaySchema = z.object({
  division: z.string(),
  date: day,
  title: z.string(),
});

export const adminDeliverySchema = z.object({
  zones: z.array(adminDeliveryZoneSchema),
  /** Closures that have not ended yet, soonest first. */
  closures: z.array(deliveryClosureSchema),
  /** Bank holidays from this year on, every division. */
  bank_holidays: z.array(bankHolidaySchema),
  /** The division whose holidays stop dispatch: 'england-and-wales'. */
  dispatch_division: z.string(),
});

export type AdminDeliveryOption = z.infer<typeof adminDeliveryOptionSchema>;
export type AdminDeliveryZone = z.infer<typeof adminDeliveryZoneSchema>;
export type DeliveryClosure = z.infer<typeof deliveryClosureSchema>;
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;
