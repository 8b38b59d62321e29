/** Baskets made through the API for journeys that start past the shopping. */
import { expect, type Page } from '@playwright/test';

/** The delivery address these baskets get. */
export const HARROGATE_ADDRESS = {
  delivery_address_title: 'Ms',
  delivery_address_first_name: 'Gertrude',
  delivery_address_last_name: 'Jekyll',
  delivery_address_line_1: '8 Orchard Lane',
  delivery_address_line_3: 'Harrogate',
  delivery_address_line_4: 'North Yorkshire',
  delivery_address_postcode: 'HG1 2AB',
  delivery_address_country_code: 'GBR',
  delivery_address_telephone: '01423 496123',
};

export interface ReadyBasketOptions {
  /** The product whose first variation goes in (default: the Boston fern). */
  slug?: string;
  /** The basket's email (default gertrude@example.com); null for none. */
  email?: string | null;
  /** Sent with each call (a customer's Authorization). */
  headers?: Record<string, string>;
}

/**
 * Fills the page's basket: `slug`'s first variation, the email, a Harrogate address and
 * the first delivery option, so the checkout opens at its payment step.
 */
export async function readyBasket(page: Page, options: ReadyBasketOptions = {}): Promise<void> {
  const { slug = 'artificial-boston-fern', email = 'gertrude@example.com', headers } = options;
  const product = (await (await page.request.get(`/api/v1/products/${slug}`)).json()) as {
    data: { product: { variations: { id: number }[] } };
  };
  const added = await page.request.post('/api/v1/basket', {
    headers,
    data: { product_id: product.data.product.variations[0]?.id },
  });
  expect(added.ok()).toBe(true);
  const details = await page.request.put('/api/v1/basket/details', {
    headers,
    data: { ...HARROGATE_ADDRESS, ...(email === null ? {} : { email_address: email }) },
  });
  expect(details.ok()).toBe(true);
  const basket = (await details.json()) as {
    data: { available_delivery_options: { id: string }[] };
  };
  const chosen = await page.request.put('/api/v1/basket/delivery', {
    headers,
    data: { option_id: basket.data.available_delivery_options[0]?.id },
  });
  expect(chosen.ok()).toBe(true);
}
