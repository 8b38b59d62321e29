/** Baskets made through the API for journeys that start past the shopping. */
import type { Page } from '@playwright/test';

/**
 * Fills the page's basket: a fern, `email`, a Harrogate address and the first delivery
 * option, so the checkout opens at its payment step.
 */
export async function readyBasket(page: Page, email: string): Promise<void> {
  const product = (await (
    await page.request.get('/api/v1/products/artificial-boston-fern')
  ).json()) as { data: { product: { variations: { id: number }[] } } };
  await page.request.post('/api/v1/basket', {
    data: { product_id: product.data.product.variations[0]?.id },
  });
  const details = await page.request.put('/api/v1/basket/details', {
    data: {
      email_address: email,
      delivery_address_title: 'Ms',
      delivery_address_first_name: 'Gertrude',
      delivery_address_last_name: 'Jekyll',
      delivery_address_line_1: '8 Orchard Lane',
      delivery_address_line_3: 'Harrogate',
      delivery_address_line_4: 'North Yorkshire',
      delivery_address_postcode: 'HG1 2AB',
      delivery_address_country_code: 'GBR',
      delivery_address_telephone: '01423 496123',
    },
  });
  const basket = (await details.json()) as {
    data: { available_delivery_options: { id: string }[] };
  };
  await page.request.put('/api/v1/basket/delivery', {
    data: { option_id: basket.data.available_delivery_options[0]?.id },
  });
}
