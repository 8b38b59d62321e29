/**
 * The API's replies as zod schemas (ADR 031): what each route declares it answers, and
 * what GET /api/v1/openapi.json is generated from. Each schema is checked at compile
 * time against the TypeScript type the server builds and the browser reads (the types
 * beside this file), so the two cannot drift apart. Server-only: no browser chunk
 * imports this file (the web code imports the types).
 */
import { z } from 'zod/mini';
import { errorCatalogue, type ErrorBody } from '../errors.ts';
import { CURRENCY_CODE, type Pence } from '../money.ts';
import type { AmountView, PriceView } from '../price-view.ts';
import type { Discount } from '../pricing.ts';
import { TITLES } from '../titles.ts';
import type { AddressLookupConfig } from '../address-lookup.ts';
import type { AddressView, BasketItemView, BasketView, DeliveryOptionView } from './basket.ts';
import type { CategoryView, FamilyView, ProductView } from './catalogue.ts';
import type { OrderView, StoredCardView } from './order.ts';
import type { PaymentsConfigView } from './payments-config.ts';
import type { StockNotificationView } from './stock-alert.ts';
import type { LoginResult, LoyaltyView, SavedAddressView, UserView } from './user.ts';
import type { SharedWishlistView, WishlistView } from './wishlist.ts';

/** The named schemas: components of the OpenAPI document, referenced where used. */
export const namedSchemas = new Map<z.ZodMiniType, { id: string; description?: string }>();

function named<S extends z.ZodMiniType>(id: string, schema: S, description?: string): S {
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
type Same<A, B> = [A] extends [Wire<B>] ? ([Wire<B>] extends [A] ? true : false) : false;
const fits = <A, B>(same: Same<A, B>) => same;

/** `{ data: … }`: every success reply's envelope. */
export const data = <S extends z.ZodMiniType>(schema: S) => z.object({ data: schema });

const int = z.int();
const text = z.string();
const nullableText = z.nullable(z.string());
/** yyyy-MM-dd */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const isoDate = z.iso.datetime();

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

export const amountSchema = named('Amount', z.object({ amount: int, label: text }));
fits<z.output<typeof amountSchema>, AmountView>(true);

export const priceSchema = named(
  'Price',
  z.object({
    currency_code: z.literal(CURRENCY_CODE),
    amount: int,
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
  z.object({ label: text, amount: int, amount_label: text }),
);
fits<z.output<typeof discountSchema>, Discount>(true);

const pricesSchema = z.object({ items: priceSchema, delivery: priceSchema, total: priceSchema });

// ---------- catalogue

const optionPair = z.object({
  option: z.object({ id: int, name: text, slug: text }),
  value: z.object({ id: int, name: text, slug: text }),
});

const productFields = {
  id: int,
  parent_id: z.nullable(int),
  sku: text,
  name: text,
  url: text,
  preview_image: z.object({ src: text, srcset: text, alt: text }),
  prices: z.object({ price: priceSchema }),
  weight: int,
  length: int,
  height: int,
  volume: int,
  quantity_available: int,
  quantity_on_hand: int,
  is_bundle: z.boolean(),
  bundle_components: z.array(
    z.object({ id: int, sku: text, name: text, url: text, quantity: int }),
  ),
  discontinued: z.boolean(),
  preorder: z.boolean(),
  restock_date: z.nullable(day),
  primary_category: z.object({ name: text, slug: text }),
};

export const productSchema = named(
  'Product',
  z.object({ ...productFields, variation_name: text, options: z.array(optionPair) }),
  'One sellable variation (spec section 3, Product).',
);
fits<z.output<typeof productSchema>, ProductView>(true);

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
fits<z.output<typeof familySchema>, FamilyView>(true);

export const categorySchema = named(
  'Category',
  z.object({ id: int, slug: text, name: text, description: text, product_count: int }),
);
fits<z.output<typeof categorySchema>, CategoryView>(true);

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
fits<z.output<typeof addressViewSchema>, AddressView>(true);

export const basketItemSchema = named(
  'BasketItem',
  z.object({
    id: z.union([int, text]),
    name: text,
    quantity: int,
    preorder: z.boolean(),
    preorder_quantity: int,
    preorder_restock_date: z.nullable(day),
    is_promotion_item: z.boolean(),
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
fits<z.output<typeof basketItemSchema>, BasketItemView>(true);

const deliveryOptionSchema = z.object({
  id: text,
  name: text,
  description: text,
  price: priceSchema,
});
fits<z.output<typeof deliveryOptionSchema>, DeliveryOptionView>(true);

export const basketSchema = named(
  'Basket',
  z.object({
    items: z.array(basketItemSchema),
    promotion_items: z.array(basketItemSchema),
    prices: pricesSchema,
    discounted_prices: z.nullable(z.object({ total: priceSchema })),
    discounts: z.array(discountSchema),
    loyalty_points: z.object({ using: z.boolean(), available: int, discount: amountSchema }),
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
    item_count: int,
  }),
  'The browser’s basket, priced (spec section 3).',
);
fits<z.output<typeof basketSchema>, BasketView>(true);

export const basketShareSchema = z.object({ id: z.uuid(), url: text });

// ---------- orders and payments

const paymentMethodType = z.enum(['credit_card', 'paypal', 'apple_pay', 'android_pay_card']);

export const orderSchema = named(
  'Order',
  z.object({
    public_id: z.uuid(),
    order_number: text,
    status: z.enum(['pending', 'paid', 'failed', 'cancelled', 'dispatched']),
    date: isoDate,
    email_address: text,
    items: z.array(basketItemSchema),
    promotionItems: z.array(basketItemSchema),
    prices: pricesSchema,
    discounted_prices: z.nullable(z.object({ total: priceSchema })),
    discounts: z.array(discountSchema),
    loyalty_points: z.object({ used: int, discount: amountSchema, earned: int }),
    delivery_address: addressViewSchema,
    billing_address: z.nullable(addressViewSchema),
    delivery_option: z.object({ id: text, name: text, description: text, price: priceSchema }),
    delivery_safe_place: nullableText,
    delivery_estimate: z.object({ earliest: day, latest: day, label: text }),
    payment_method: z.object({
      type: z.nullable(paymentMethodType),
      label: text,
      description: nullableText,
    }),
    prices_exclude_tax: z.boolean(),
    tax_exempt: z.boolean(),
    cancellation: z.optional(
      z.nullable(z.object({ date: isoDate, payment: z.nullable(z.enum(['void', 'refund'])) })),
    ),
  }),
  'A placed order (spec section 3, Order shape).',
);
fits<z.output<typeof orderSchema>, OrderView>(true);

export const storedCardSchema = named(
  'StoredCard',
  z.object({
    id: text,
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
fits<z.output<typeof storedCardSchema>, StoredCardView>(true);

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
    loyalty_points: z.object({ available: int }),
  }),
);
fits<z.output<typeof userSchema>, UserView>(true);

export const loginResultSchema = z.object({ token: text, redirect_uri: z.optional(text) });
fits<z.output<typeof loginResultSchema>, LoginResult>(true);

export const messageSchema = z.object({ message: text });

export const savedAddressSchema = named(
  'SavedAddress',
  z.extend(addressViewSchema, {
    id: int,
    default_delivery: z.boolean(),
    default_billing: z.boolean(),
  }),
);
fits<z.output<typeof savedAddressSchema>, SavedAddressView>(true);

export const savedAddressesSchema = z.object({ addresses: z.array(savedAddressSchema) });
export const savedAddressChangeSchema = z.object({
  address: z.nullable(savedAddressSchema),
  addresses: z.array(savedAddressSchema),
});

export const loyaltySchema = z.object({
  balance: int,
  history: z.array(z.object({ change: int, reason: text, date: isoDate })),
});
fits<z.output<typeof loyaltySchema>, LoyaltyView>(true);

// ---------- wishlists and stock alerts

const wishlistItemSchema = z.object({ id: int, product: productSchema, added_at: isoDate });

export const wishlistSchema = named(
  'Wishlist',
  z.object({ share_id: z.nullable(text), items: z.array(wishlistItemSchema) }),
);
fits<z.output<typeof wishlistSchema>, WishlistView>(true);

export const sharedWishlistSchema = named(
  'SharedWishlist',
  z.object({ owner_first_name: text, items: z.array(wishlistItemSchema) }),
);
fits<z.output<typeof sharedWishlistSchema>, SharedWishlistView>(true);

export const stockNotificationSchema = z.object({ product_id: int, email_address: text });
fits<z.output<typeof stockNotificationSchema>, StockNotificationView>(true);

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
    shop_name: z.literal('Everbloom'),
  }),
});
fits<z.output<typeof configSchema>['address_lookup'], AddressLookupConfig>(true);
fits<z.output<typeof configSchema>['payments'], PaymentsConfigView>(true);
