/**
 * Realistic BasketView objects for component tests, shaped like the server's
 * replies (design/api-shapes.md): full Price objects with VAT at 20%, totals that
 * add up, and the demo catalogue's products.
 */
import type {
  BasketItemView,
  BasketView,
  DeliveryOptionView,
} from '../../../../domain/api/basket.ts';
import type { ProductView } from '../../../../domain/api/catalogue.ts';
import {
  formatDeliveryPrice,
  formatPence,
  pence,
  STANDARD_VAT_BP,
  vatIncluded,
} from '../../../../domain/money.ts';
import { priceView, type PriceView } from '../../../../domain/price-view.ts';
import { TRIO_BUNDLE_COMPONENTS } from '../../../testing/demo-products.ts';

/** A VAT-inclusive price of `amount` pence at the standard rate. */
export function gbp(amount: number): PriceView {
  const gross = pence(amount);
  return priceView(gross, vatIncluded(gross, STANDARD_VAT_BP));
}

function media(slug: string) {
  const base = `/media/products/${slug}.svg`;
  return {
    src: `${base}?w=400`,
    srcset: `${base}?w=200 200w, ${base}?w=400 400w, ${base}?w=800 800w`,
  };
}

/** A sellable variation; defaults to the 120cm olive tree in a grey pot. */
export function product(overrides: Partial<ProductView> = {}): ProductView {
  const name = overrides.name ?? 'Artificial Olive Tree';
  const variationName = overrides.variation_name ?? '120cm, Grey pot';
  const sku = overrides.sku ?? 'OLV-120-GRY';
  return {
    id: 5,
    parent_id: 1,
    sku,
    name,
    variation_name: variationName,
    url: '/products/artificial-olive-tree?variation=5',
    preview_image: {
      ...media(`artificial-olive-tree-${sku.toLowerCase()}`),
      alt: variationName ? `${name} — ${variationName}` : name,
    },
    options: [
      {
        option: { id: 1, name: 'Size', slug: 'size' },
        value: { id: 5, name: '120cm', slug: '120cm' },
      },
      {
        option: { id: 3, name: 'Pot', slug: 'pot' },
        value: { id: 16, name: 'Grey pot', slug: 'grey-pot' },
      },
    ],
    prices: { price: gbp(7999) },
    weight: 3900,
    length: 350,
    height: 1250,
    volume: 153125,
    quantity_available: 14,
    quantity_on_hand: 14,
    is_bundle: false,
    bundle_components: [],
    discontinued: false,
    preorder: false,
    restock_date: null,
    primary_category: { name: 'Trees', slug: 'trees' },
    ...overrides,
  };
}

/** A basket line priced from its product: unit price × quantity, no discount. */
export function basketItem(
  overrides: Partial<BasketItemView> & { product?: ProductView } = {},
): BasketItemView {
  const item = overrides.product ?? product();
  const quantity = overrides.quantity ?? 1;
  const unit = item.prices.price.amount;
  return {
    id: 101,
    name: item.variation_name ? `${item.name} — ${item.variation_name}` : item.name,
    quantity,
    preorder: false,
    preorder_quantity: 0,
    preorder_restock_date: null,
    is_promotion_item: false,
    badge: null,
    discontinued: item.discontinued,
    related_item_id: null,
    price: gbp(unit),
    discounted_price: null,
    total_price: gbp(unit * quantity),
    discounted_total_price: null,
    ...overrides,
    product: item,
  };
}

/** Two 120cm olive trees (£79.99 each, 14 in stock). */
export const oliveTreeLine = (overrides: Partial<BasketItemView> = {}) =>
  basketItem({ id: 101, quantity: 2, ...overrides });

/** One Boston fern (£34.99). */
export const fernLine = (overrides: Partial<BasketItemView> = {}) =>
  basketItem({
    id: 102,
    product: product({
      id: 40,
      parent_id: 39,
      sku: 'FERN-BOS',
      name: 'Artificial Boston Fern',
      variation_name: '',
      url: '/products/artificial-boston-fern?variation=40',
      options: [],
      prices: { price: gbp(3499) },
      quantity_available: 60,
      quantity_on_hand: 60,
      primary_category: { name: 'House Plants', slug: 'house-plants' },
    }),
    ...overrides,
  });

/** The Living Room Trio bundle: a fern, two eucalyptus sprays and three peony stems. */
export const bundleLine = (overrides: Partial<BasketItemView> = {}) =>
  basketItem({
    id: 103,
    product: product({
      id: 60,
      parent_id: 59,
      sku: 'BUNDLE-TRIO',
      name: 'Living Room Trio Bundle',
      variation_name: '',
      url: '/products/living-room-trio-bundle?variation=60',
      options: [],
      prices: { price: gbp(5999) },
      quantity_available: 50,
      quantity_on_hand: 0,
      is_bundle: true,
      bundle_components: TRIO_BUNDLE_COMPONENTS,
      primary_category: { name: 'House Plants', slug: 'house-plants' },
    }),
    ...overrides,
  });

/** The 120cm fiddle leaf fig, discontinued after it was put in the basket. */
export const discontinuedLine = (overrides: Partial<BasketItemView> = {}) =>
  basketItem({
    id: 104,
    product: product({
      id: 10,
      parent_id: 8,
      sku: 'FIG-120',
      name: 'Artificial Fiddle Leaf Fig',
      variation_name: '120cm',
      url: '/products/artificial-fiddle-leaf-fig?variation=10',
      options: [
        {
          option: { id: 1, name: 'Size', slug: 'size' },
          value: { id: 5, name: '120cm', slug: '120cm' },
        },
      ],
      prices: { price: gbp(8999) },
      quantity_available: 0,
      quantity_on_hand: 22,
      discontinued: true,
    }),
    ...overrides,
  });

/** The wisteria arch: out of stock, on pre-order until 15/01/2027. */
export const preorderLine = (overrides: Partial<BasketItemView> = {}) =>
  basketItem({
    id: 105,
    preorder: true,
    preorder_quantity: 1,
    preorder_restock_date: '2027-01-15',
    product: product({
      id: 62,
      parent_id: 61,
      sku: 'WIS-ARCH',
      name: 'Artificial Wisteria Arch',
      variation_name: '',
      url: '/products/artificial-wisteria-arch?variation=62',
      options: [],
      prices: { price: gbp(14999) },
      quantity_available: 0,
      quantity_on_hand: 0,
      preorder: true,
      restock_date: '2027-01-15',
      primary_category: { name: 'Trees', slug: 'trees' },
    }),
    ...overrides,
  });

/** The free mini succulent earned at £75 or more. */
export const freeGiftLine = (overrides: Partial<BasketItemView> = {}) =>
  basketItem({
    id: 'promotion-1',
    is_promotion_item: true,
    badge: 'Free gift',
    price: gbp(0),
    total_price: gbp(0),
    product: product({
      id: 99,
      parent_id: 98,
      sku: 'GIFT-SUCC',
      name: 'Mini Succulent in Pot',
      variation_name: '',
      url: '/products/mini-succulent-in-pot?variation=99',
      options: [],
      prices: { price: gbp(699) },
      quantity_available: 500,
      quantity_on_hand: 500,
      primary_category: { name: 'Succulents', slug: 'succulents' },
    }),
    ...overrides,
  });

function deliveryOption(
  id: string,
  name: string,
  description: string,
  amount: number,
): DeliveryOptionView {
  const price = gbp(amount);
  return {
    id,
    name,
    description,
    price: {
      ...price,
      label: formatDeliveryPrice(price.amount),
      excluding_tax: {
        ...price.excluding_tax,
        label: formatDeliveryPrice(price.excluding_tax.amount),
      },
    },
  };
}

/** UK mainland options; standard delivery is free on £50 or more of items. */
export function deliveryOptions(itemsTotal: number): DeliveryOptionView[] {
  return [
    deliveryOption(
      'uk-standard',
      'Standard delivery',
      '3–5 working days. FREE on orders over £50.',
      itemsTotal >= 5000 ? 0 : 495,
    ),
    deliveryOption(
      'uk-next-day',
      'Next working day',
      'Order by 2pm for delivery the next working day.',
      795,
    ),
  ];
}

export interface BasketOptions extends Partial<BasketView> {
  /** A voucher discount in pence, shown as a discount line and a discounted total. */
  discount?: { label: string; amount: number };
  /** The chosen delivery option's id. */
  deliveryOptionId?: string;
}

/**
 * A basket whose totals follow from its lines (discontinued lines count for
 * nothing), like the server computes them.
 */
export function makeBasket({
  discount,
  deliveryOptionId,
  ...overrides
}: BasketOptions = {}): BasketView {
  const items = overrides.items ?? [];
  const counted = items.filter((item) => !item.discontinued);
  const itemsTotal = counted.reduce((sum, item) => sum + item.total_price.amount, 0);
  const options = overrides.available_delivery_options ?? deliveryOptions(itemsTotal);
  const chosen = options.find((option) => option.id === deliveryOptionId) ?? null;
  const delivery = chosen ? chosen.price.amount : 0;
  const restockDates: BasketView['preorder_restock_dates'] = {};
  for (const item of items) {
    if (item.preorder) {
      restockDates[String(item.product.id)] = {
        name: item.name,
        date: item.preorder_restock_date,
      };
    }
  }
  return {
    items,
    promotion_items: [],
    prices: { items: gbp(itemsTotal), delivery: gbp(delivery), total: gbp(itemsTotal + delivery) },
    discounted_prices: discount ? { total: gbp(itemsTotal + delivery - discount.amount) } : null,
    discounts: discount
      ? [
          {
            label: discount.label,
            amount: pence(discount.amount),
            amount_label: formatPence(pence(-discount.amount)),
          },
        ]
      : [],
    loyalty_points: { using: false, available: 0, discount: { amount: pence(0), label: '£0.00' } },
    credit: { using: false, available: 0, discount: { amount: pence(0), label: '£0.00' } },
    voucher: null,
    delivery_address: null,
    billing_address: null,
    delivery_option: chosen ? { id: chosen.id } : null,
    available_delivery_options: options,
    delivery_safe_place: null,
    delivery_safe_place_option: null,
    delivery_safe_place_option_note: null,
    preorder_restock_dates: restockDates,
    tax_exempt: false,
    prices_exclude_tax: false,
    email_address: null,
    payment_required: itemsTotal + delivery - (discount?.amount ?? 0) > 0,
    item_count: counted.reduce((sum, item) => sum + item.quantity, 0),
    ...overrides,
  };
}

/** An empty basket, as GET /api/v1/basket returns before anything is added. */
export const emptyBasket = (): BasketView => makeBasket();

/** The API's `{ data }` envelope. */
export const reply = (basket: BasketView) => ({ body: { data: basket } });
