import { afterEach, describe, expect, it } from 'vitest';
import { makeOrder } from '../features/order/testing/fixtures.ts';
import { fernLine, oliveTreeLine, product } from '../features/basket/testing/fixtures.ts';
import { readProductClick, saveProductClick } from './product-clicks.ts';
import { trackPurchase } from './purchase-analytics.ts';

/** The pushed events, without the `{ecommerce: null}` cleared before each. */
const pushed = () =>
  (window.dataLayer ?? []).filter(
    (entry) => (entry as { ecommerce: unknown }).ecommerce !== null,
  ) as { event: string; ecommerce: Record<string, unknown> }[];

afterEach(() => {
  window.sessionStorage.clear();
  delete window.dataLayer;
});

describe('trackPurchase', () => {
  it('credits a product clicked in a list to that list and place, and forgets the click', () => {
    // The olive tree family (1) was clicked third in a category; the fern never was.
    saveProductClick(1, { list: 'Category: Trees', position: 3 });
    saveProductClick(8, { list: 'Home page', position: 1 });
    const order = makeOrder({
      items: [
        oliveTreeLine(),
        fernLine(),
        // Another variation of the clicked olive tree family.
        oliveTreeLine({
          id: 103,
          quantity: 1,
          product: product({ id: 6, parent_id: 1, sku: 'OLV-150-GRY' }),
        }),
      ],
    });

    expect(trackPurchase(order)).toBe(true);

    const [ga4, ua] = pushed();
    expect(ga4?.event).toBe('purchase');
    const items = ga4?.ecommerce.items as Record<string, unknown>[];
    // GA4 counts from 0; an unclicked product keeps its place in the order.
    expect(items[0]).toMatchObject({ item_id: '5', item_list_name: 'Category: Trees', index: 2 });
    expect(items[1]).toMatchObject({ item_id: '40', index: 1 });
    expect(items[1]).not.toHaveProperty('item_list_name');
    expect(items[2]).toMatchObject({ item_id: '6', item_list_name: 'Category: Trees', index: 2 });

    expect(ua?.event).toBe('uaPurchase');
    const products = (ua?.ecommerce.purchase as { products: Record<string, unknown>[] }).products;
    expect(products[0]).toMatchObject({ id: '5', list: 'Category: Trees', position: 3 });
    expect(products[1]).toMatchObject({ id: '40' });
    expect(products[1]).not.toHaveProperty('list');
    expect(products[1]).not.toHaveProperty('position');
    expect(products[2]).toMatchObject({ id: '6', list: 'Category: Trees', position: 3 });

    // The sold product's click is used up; a click on something not bought stays.
    expect(readProductClick(1)).toBeNull();
    expect(readProductClick(8)).toEqual({ list: 'Home page', position: 1 });
  });
});
