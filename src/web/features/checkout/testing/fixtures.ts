/** Checkout baskets for component tests. */
import type { AddressView, BasketView } from '../../../../domain/api/basket.ts';
import { makeBasket, oliveTreeLine, type BasketOptions } from '../../basket/testing/fixtures.ts';

export const harrogate = (): AddressView => ({
  title: 'Mrs',
  full_name: 'Mrs Ada Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company_name: null,
  line_1: '12 Station Parade',
  line_2: null,
  line_3: 'Harrogate',
  line_4: 'North Yorkshire',
  postcode: 'HG1 2AB',
  country_code: 'GBR',
  telephone: '01423 500600',
  mobile: null,
});

/** An olive tree in the basket, with whatever else the test needs. */
export const checkoutBasket = (options: BasketOptions = {}): BasketView =>
  makeBasket({ items: [oliveTreeLine()], ...options });

/** Address and delivery option chosen: every step is open. */
export const readyToPay = (options: BasketOptions = {}) =>
  checkoutBasket({ delivery_address: harrogate(), deliveryOptionId: 'uk-standard', ...options });
