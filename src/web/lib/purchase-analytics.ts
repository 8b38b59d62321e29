/**
 * The purchase analytics event (integrations.md section 5), pushed by the thank-you
 * page once per order: GA4's `purchase`, then Universal Analytics' purchase under its
 * own event name ('uaPurchase'), so a GA4 tag listening for 'purchase' fires once.
 * Its own module, so only the thank-you page's chunk carries it.
 */
import type { OrderView } from '../../domain/api/order.ts';
import { CURRENCY_CODE, decimalString, type Pence } from '../../domain/money.ts';
import { BRAND, push } from './analytics.ts';
import { readProductClick, type ProductClick } from './product-clicks.ts';

/** sessionStorage key: the orders whose purchase this tab has already reported. */
export const REPORTED_PURCHASES_KEY = 'analytics_reported_purchases';

/** The most order ids remembered. */
const REMEMBERED = 50;

/** Orders reported by this page load when sessionStorage could not keep them. */
const reportedHere = new Set<string>();

function readReported(): string[] {
  try {
    const stored: unknown = JSON.parse(
      window.sessionStorage.getItem(REPORTED_PURCHASES_KEY) ?? '[]',
    );
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function rememberReported(id: string): void {
  try {
    const ids = [...new Set([...readReported(), id])].slice(-REMEMBERED);
    window.sessionStorage.setItem(REPORTED_PURCHASES_KEY, JSON.stringify(ids));
  } catch {
    // Storage blocked or full: at least this page load does not push it twice.
    reportedHere.add(id);
  }
}

/**
 * Where each bought product was clicked in a list, by variation id, read from the
 * product-clicks cookie and then forgotten there: the sale is reported once, and a later
 * purchase of the same product is credited to its own click. Clicks are kept by product
 * family (the card's id), which a line's variation names as its parent.
 */
function takeClicks(order: OrderView): Map<number, ProductClick> {
  const byFamily = new Map<number, ProductClick | null>();
  const clicks = new Map<number, ProductClick>();
  for (const { product } of order.items) {
    const family = product.parent_id ?? product.id;
    // Two variations of one family share its click, which the first read removes.
    if (!byFamily.has(family)) byFamily.set(family, readProductClick(family, true));
    const click = byFamily.get(family);
    if (click) clicks.set(product.id, click);
  }
  return clicks;
}

/** GA4 takes numbers: pounds, from pence, for the event only. */
const pounds = (amount: Pence) => Number(decimalString(amount));

/**
 * Reports a placed order once: a reload or revisit of its thank-you page in the same
 * tab pushes nothing. A product clicked in a list carries that list and its place in it
 * (product-clicks cookie). GA4's value is what the items cost without VAT and delivery
 * (after discounts); UA's revenue is the amount paid. Returns whether it pushed.
 */
export function trackPurchase(order: OrderView): boolean {
  if (reportedHere.has(order.public_id) || readReported().includes(order.public_id)) {
    return false;
  }
  rememberReported(order.public_id);
  const paid = order.discounted_prices?.total ?? order.prices.total;
  const delivery = order.prices.delivery;
  const value = (paid.excluding_tax.amount - delivery.excluding_tax.amount) as Pence;
  const coupon = order.discounts.map((discount) => discount.label).join(',');
  const clicks = takeClicks(order);
  const lines = order.items.map((item) => ({
    click: clicks.get(item.product.id),
    id: String(item.product.id),
    name: item.name,
    price: (item.discounted_price ?? item.price).amount,
    category: item.product.primary_category.name,
    variant: item.product.variation_name,
    quantity: item.quantity,
  }));
  push({
    event: 'purchase',
    ecommerce: {
      transaction_id: order.order_number,
      affiliation: BRAND,
      value: pounds(value),
      tax: pounds(paid.tax.amount),
      shipping: pounds(delivery.amount),
      currency: CURRENCY_CODE,
      ...(coupon ? { coupon } : {}),
      items: lines.map((line, index) => ({
        item_id: line.id,
        item_name: line.name,
        item_brand: BRAND,
        item_category: line.category,
        item_variant: line.variant,
        price: pounds(line.price),
        quantity: line.quantity,
        // GA4 counts from 0: a clicked product's place in its list, else its place here.
        ...(line.click
          ? { item_list_name: line.click.list, index: line.click.position - 1 }
          : { index }),
      })),
    },
  });
  push({
    event: 'uaPurchase',
    ecommerce: {
      currencyCode: CURRENCY_CODE,
      purchase: {
        actionField: {
          id: order.order_number,
          affiliation: BRAND,
          revenue: decimalString(paid.amount),
          tax: decimalString(paid.tax.amount),
          shipping: decimalString(delivery.amount),
          coupon,
        },
        products: lines.map((line) => ({
          id: line.id,
          name: line.name,
          price: decimalString(line.price),
          brand: BRAND,
          category: line.category,
          variant: line.variant,
          quantity: line.quantity,
          ...(line.click ? { list: line.click.list, position: line.click.position } : {}),
        })),
      },
    },
  });
  return true;
}
