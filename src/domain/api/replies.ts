/**
 * The API's replies as zod schemas (ADR 031): what each route declares it answers, and
 * what GET /api/v1/openapi.json is generated from. The reply types the server builds
 * and the browser reads (the files beside this one) are inferred from these schemas,
 * so each shape is written once (ADR 046); the domain's own shapes they embed (prices,
 * discounts, the config's parts) are checked against them at compile time. Only the
 * server imports this file at run time: the web code imports the inferred types, which
 * compile away.
 */
import { ORDER_STATUSES } from '../order-status.ts';
import { z } from 'zod/mini';
import { errorCatalogue, type ErrorBody } from '../errors.ts';
import { CURRENCY_CODE, type Pence } from '../money.ts';
import type { AmountView, PriceView } from '../price-view.ts';
import type { Discount } from '../pricing.ts';
import { TITLES } from '../titles.ts';
import type { AddressLookupConfig } from '../address-lookup.ts';
import { SHOP_NAME } from './payments-config.ts';

/** The named schemas: components of the OpenAPI document, referenced where used. */
export const namedSchemas = new Map<z.ZodMiniType, { id: string; description?: string }>();

export function named<S extends z.ZodMiniType>(id: string, schema: S, description?: string): S {
  namedSchemas.set(schema, description ? { id, description } : { id });
  return schema;
}

/** A type as JSON carries it: pence are plain numbers on the wire. */
type Wire<T> = T extends Pence
  ? number
  : T extends readonly unknown[] | object
    ? { [K in keyof T]: Wire<T[K]> }
    : T;
/** Whether A and B accept each other (a compile-time check that a schema fits its type). */
type Same<A, B> = [Wire<A>] extends [Wire<B>]
  ? [Wire<B>] extends [Wire<A>]
    ? true
    : false
  : false;
const fits = <A, B>(same: Same<A, B>) => same;

/** `{ data: … }`: every success reply's envelope. */
export const data = <S extends z.ZodMiniType>(schema: S) => z.object({ data: schema });

const int = z.int();
/**
 * An amount in pence: an integer on the wire, typed `Pence` so the inferred views keep
 * the brand the pricing code gives it (the cast changes the type only, not the check).
 */
const pence = z.int() as unknown as z.ZodMiniType<Pence>;
const text = z.string();
const nullableText = z.nullable(z.string());
/** yyyy-MM-dd */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const isoDate = z.iso.datetime();
/** The building blocks, for the back office's reply schemas (src/domain/api/admin-*.ts). */
export const wire = { int, pence, text, nullableText, day, isoDate };

// ---------- errors (spec section 8)

export const ERROR_TYPES = Object.keys(errorCatalogue) as (keyof typeof errorCatalogue)[];

/** The body of every non-2xx reply, for the given catalogue error types. */
export function errorReply(types: readonly (keyof typeof errorCatalogue)[] = ERROR_TYPES) {
  return z.object({
    error_type: z.enum(types as [string, ...string[]]),
    message: z.string(),
    errors: z.optional(z.record(z.string(), z.array(z.string()))),
    detail: z.optional(z.string()),
  });
}
fits<
  z.output<ReturnType<typeof errorReply>>,
  Omit<ErrorBody, 'error_type'> & { error_type: string }
>(true);

// ---------- prices

export const amountSchema = named('Amount', z.object({ amount: pence, label: text }));
fits<z.output<typeof amountSchema>, AmountView>(true);

export const priceSchema = named(
  'Price',
  z.object({
    currency_code: z.literal(CURRENCY_CODE),
    amount: pence,
    price: text,
    label: text,
    excluding_tax: amountSchema,
    tax: amountSchema,
  }),
  'An amount in pence with its labels (spec section 3, design/api-shapes.md).',
);
fits<z.output<typeof priceSchema>, PriceView>(true);

const discountSchema = named(
  'Discount',
  z.object({ label: text, amount: pence, amount_label: text }),
);
fits<z.output<typeof discountSchema>, Discount>(true);

const pricesSchema = z.object({ items: priceSchema, delivery: priceSchema, total: priceSchema });

// ---------- catalogue

const optionPair = z.object({
  option: z.object({ id: int, name: text, slug: text }),
  value: z.object({ id: int, name: text, slug: text }),
});

/**
 * A product's picture. `src` and `srcset` name WebP files (or the demo's one SVG);
 * `sources` are a `<picture>`'s sources, best format first (AVIF, then WebP), and empty
 * for the demo's drawings (ADR 063). The server always sends it; optional so a picture
 * built without it (a test's fixture) still reads as one.
 */
const imageSchema = z.object({
  src: text,
  srcset: text,
  alt: text,
  sources: z.optional(z.array(z.object({ type: text, srcset: text }))),
});

const productFields = {
  id: int,
  parent_id: z.nullable(int),
  sku: text,
  name: text,
  url: text,
  preview_image: imageSchema,
  prices: z.object({ price: priceSchema }),
  /** Grams. */
  weight: int,
  /** Millimetres. */
  length: int,
  /** Millimetres. */
  height: int,
  /** Cubic centimetres. */
  volume: int,
  quantity_available: int,
  quantity_on_hand: int,
  is_bundle: z.boolean(),
  bundle_components: z.array(
    z.object({ id: int, sku: text, name: text, url: text, quantity: int }),
  ),
  discontinued: z.boolean(),
  preorder: z.boolean(),
  /** yyyy-MM-dd, or null when not known. */
  restock_date: z.nullable(day),
  primary_category: z.object({ name: text, slug: text }),
};

export const productSchema = named(
  'Product',
  z.object({
    ...productFields,
    /** The chosen options as text, e.g. '120cm, Grey pot' ('' when none). */
    variation_name: text,
    options: z.array(optionPair),
  }),
  'One sellable variation (spec section 3, Product).',
);

export const familySchema = named(
  'ProductFamily',
  z.object({
    ...productFields,
    slug: text,
    description: text,
    option_groups: z.array(
      z.object({ option: optionPair.shape.option, values: z.array(optionPair.shape.value) }),
    ),
    variations: z.array(productSchema),
  }),
  'A product family with its variations.',
);

export const categorySchema = named(
  'Category',
  z.object({ id: int, slug: text, name: text, description: text, product_count: int }),
);

const facetValue = z.object({ slug: text, name: text, count: int });

export const productListSchema = z.object({
  products: z.array(familySchema),
  /** Families matching the query and filters, over all pages. */
  total: int,
  page: int,
  per_page: int,
  /** The query's facets: each value with how many families match it (and the rest of the query). */
  facets: z.object({
    categories: z.array(facetValue),
    colour: z.array(facetValue),
    size: z.array(facetValue),
    /** Cheapest and dearest family price among the matches, pence incl. VAT (0 when none). */
    price: z.object({ min: pence, max: pence }),
    in_stock: int,
    preorder: int,
  }),
  /** A corrected search text when the one given found little or nothing, else null. */
  did_you_mean: z.nullable(text),
});

export const suggestionSchema = named(
  'SearchSuggestion',
  z.object({
    kind: z.enum(['product', 'category']),
    name: text,
    slug: text,
    /** Where choosing it goes: the product page, or the category page. */
    url: text,
    /** The product's picture; null for a category. */
    image: z.nullable(imageSchema),
  }),
  'A product or category matching what has been typed so far.',
);

// ---------- basket

export const addressViewSchema = named(
  'Address',
  z.object({
    title: z.enum(TITLES),
    first_name: text,
    last_name: text,
    company_name: nullableText,
    line_1: text,
    line_2: nullableText,
    line_3: text,
    line_4: text,
    postcode: text,
    country_code: text,
    telephone: text,
    mobile: nullableText,
    full_name: text,
  }),
);

export const basketItemSchema = named(
  'BasketItem',
  z.object({
    /** A number for shopper items (PATCH/DELETE take it); 'promotion-N' for gifts. */
    id: z.union([int, text]),
    name: text,
    quantity: int,
    preorder: z.boolean(),
    preorder_quantity: int,
    preorder_restock_date: z.nullable(day),
    is_promotion_item: z.boolean(),
    /** Shown on promotion items, e.g. 'Free gift'. */
    badge: nullableText,
    discontinued: z.boolean(),
    related_item_id: z.nullable(int),
    product: productSchema,
    price: priceSchema,
    discounted_price: z.nullable(priceSchema),
    total_price: priceSchema,
    discounted_total_price: z.nullable(priceSchema),
  }),
);

export const deliveryOptionSchema = z.object({
  id: text,
  name: text,
  description: text,
  price: priceSchema,
  /**
   * When an order placed now would arrive (ADR 065): working days skipping weekends,
   * England and Wales bank holidays and the shop's closing days.
   */
  estimate: z.optional(z.object({ earliest: day, latest: day, label: text })),
});

export const basketSchema = named(
  'Basket',
  z.object({
    items: z.array(basketItemSchema),
    promotion_items: z.array(basketItemSchema),
    prices: pricesSchema,
    discounted_prices: z.nullable(z.object({ total: priceSchema })),
    discounts: z.array(discountSchema),
    loyalty_points: z.object({ using: z.boolean(), available: int, discount: amountSchema }),
    /**
     * Store credit (spec section 3, Credit; ADR 052): spent after discounts and buds, it
     * pays `discount.amount` of the total; what is left is paid by card or wallet.
     */
    credit: z.object({ using: z.boolean(), available: int, discount: amountSchema }),
    voucher: z.nullable(z.object({ code: text, valid: z.boolean(), message: nullableText })),
    delivery_address: z.nullable(addressViewSchema),
    billing_address: z.nullable(addressViewSchema),
    delivery_option: z.nullable(z.object({ id: text })),
    available_delivery_options: z.array(deliveryOptionSchema),
    delivery_safe_place: nullableText,
    delivery_safe_place_option: nullableText,
    delivery_safe_place_option_note: nullableText,
    preorder_restock_dates: z.record(text, z.object({ name: text, date: z.nullable(day) })),
    tax_exempt: z.boolean(),
    prices_exclude_tax: z.boolean(),
    email_address: nullableText,
    payment_required: z.boolean(),
    /** How many items will be ordered (sum of quantities; gifts and discontinued lines excluded). */
    item_count: int,
  }),
  'The browser’s basket, priced (spec section 3).',
);

export const basketShareSchema = z.object({ id: z.uuid(), url: text });

// ---------- orders and payments

export const paymentMethodTypeSchema = z.enum([
  'credit_card',
  'paypal',
  'apple_pay',
  'android_pay_card',
]);

/** A parcel of an order as its customer sees it (ADR 050). */
export const orderShipmentSchema = named(
  'OrderShipment',
  z.object({
    carrier_name: text,
    tracking_number: text,
    /** The carrier's tracking page, or null (no number, or a carrier without one). */
    tracking_url: nullableText,
    /** When it was sent (ISO 8601). */
    date: isoDate,
    items: z.array(z.object({ name: text, quantity: int })),
  }),
);

export const orderSchema = named(
  'Order',
  z.object({
    public_id: z.uuid(),
    /** Shown to the shopper, e.g. 'EB-7K3Q9M2X'; not guessable in sequence. */
    order_number: text,
    status: z.enum(ORDER_STATUSES),
    /** When it was placed (ISO 8601). */
    date: isoDate,
    email_address: text,
    items: z.array(basketItemSchema),
    promotionItems: z.array(basketItemSchema),
    prices: pricesSchema,
    discounted_prices: z.nullable(z.object({ total: priceSchema })),
    discounts: z.array(discountSchema),
    loyalty_points: z.object({ used: int, discount: amountSchema, earned: int }),
    /** Store credit the order spent (ADR 052); the payment took the rest. Optional: issue 20. */
    credit: z.optional(z.object({ used: int, discount: amountSchema })),
    delivery_address: addressViewSchema,
    billing_address: z.nullable(addressViewSchema),
    delivery_option: z.object({ id: text, name: text, description: text, price: priceSchema }),
    delivery_safe_place: nullableText,
    /** Dates as yyyy-MM-dd; label e.g. 'Thursday 26 November – Monday 30 November'. */
    delivery_estimate: z.object({ earliest: day, latest: day, label: text }),
    /** How the order was paid, as the thank-you page and emails show it. */
    payment_method: z.object({
      /** null for a free order (no payment taken). */
      type: z.nullable(paymentMethodTypeSchema),
      /** PAYMENT_METHOD_LABELS[type], or 'No payment required'. */
      label: text,
      /** Cards only: e.g. 'Visa ending 1111'. */
      description: nullableText,
    }),
    prices_exclude_tax: z.boolean(),
    tax_exempt: z.boolean(),
    /**
     * Set once the order is cancelled (ADR 023): when, and how the payment went back —
     * 'void' (the charge was released before it was taken), 'refund', or null (nothing
     * was charged). Optional: added by issue 11.
     */
    cancellation: z.optional(
      z.nullable(z.object({ date: isoDate, payment: z.nullable(z.enum(['void', 'refund'])) })),
    ),
    /**
     * The parcels sent so far, oldest first (ADR 050). Optional: added by issue 20, and
     * only in replies about one order (reading, tracking, cancelling).
     */
    shipments: z.optional(z.array(orderShipmentSchema)),
    /**
     * The order's credit notes' numbers (completed refunds, a cancellation's among them;
     * ADR 071/078), oldest first, each a PDF at /orders/{public_id}/credit-notes/{number}.
     * Optional: added by issue 23, and only in replies about one order.
     */
    credit_notes: z.optional(z.array(text)),
  }),
  'A placed order (spec section 3, Order shape).',
);

export const storedCardSchema = named(
  'StoredCard',
  z.object({
    /** Opaque id for DELETE /api/v1/payments/methods/{id}. */
    id: text,
    /** A single-use nonce for paying with this card now. */
    nonce: text,
    default: z.boolean(),
    details: z.object({
      cardType: text,
      lastFour: text,
      expirationMonth: text,
      expirationYear: text,
      bin: text,
    }),
  }),
);

export const storedCardsSchema = z.object({ payment_methods: z.array(storedCardSchema) });

// ---------- accounts

export const userSchema = named(
  'User',
  z.object({
    full_name: text,
    email_address: text,
    title: nullableText,
    first_name: text,
    last_name: text,
    prices_exclude_tax: z.boolean(),
    newsletter: z.boolean(),
    /** An email a while after leaving items in the basket (opt-in; ADR 077). */
    basket_reminders: z.boolean(),
    loyalty_points: z.object({ available: int }),
  }),
);

export const loginResultSchema = z.object({ token: text, redirect_uri: z.optional(text) });

export const messageSchema = z.object({ message: text });

export const savedAddressSchema = named(
  'SavedAddress',
  z.extend(addressViewSchema, {
    id: int,
    default_delivery: z.boolean(),
    default_billing: z.boolean(),
  }),
);

export const savedAddressesSchema = z.object({ addresses: z.array(savedAddressSchema) });
export const savedAddressChangeSchema = z.object({
  address: z.nullable(savedAddressSchema),
  addresses: z.array(savedAddressSchema),
});

export const loyaltySchema = z.object({
  balance: int,
  /** Buds earned (positive) or spent (negative), newest first; dates ISO 8601. */
  history: z.array(z.object({ change: int, reason: text, date: isoDate })),
});

// ---------- wishlists and stock alerts

export const wishlistItemSchema = z.object({
  id: int,
  /** The Product shape of spec section 3, with today's price and stock. */
  product: productSchema,
  /** ISO 8601. */
  added_at: isoDate,
});

export const wishlistSchema = named(
  'Wishlist',
  z.object({
    /** The id of its share link (/wishlists/{share_id}), or null when not shared. */
    share_id: z.nullable(text),
    items: z.array(wishlistItemSchema),
  }),
);

export const sharedWishlistSchema = named(
  'SharedWishlist',
  z.object({ owner_first_name: text, items: z.array(wishlistItemSchema) }),
);

export const stockNotificationSchema = z.object({
  /** The variation signed up for (a one-variation family's id becomes its variation's). */
  product_id: int,
  /** Lower-cased. */
  email_address: text,
});

// ---------- operations and configuration

export const statusOkSchema = z.object({ status: z.literal('ok') });

export const configSchema = z.object({
  captcha: z.object({ mode: z.enum(['turnstile', 'test']), site_key: text }),
  address_lookup: z.object({
    mode: z.enum(['postcoder', 'test']),
    base_url: text,
    identifier: text,
  }),
  payments: z.object({
    mode: z.enum(['braintree', 'test']),
    paypal_client_id: nullableText,
    google_pay: z.object({
      merchant_id: nullableText,
      environment: z.enum(['TEST', 'PRODUCTION']),
    }),
    shop_name: z.literal(SHOP_NAME),
  }),
});
fits<z.output<typeof configSchema>['address_lookup'], AddressLookupConfig>(true);
