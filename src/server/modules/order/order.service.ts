/**
 * Orders (ADR 019): placing an order from the browser's basket exactly once, and reading
 * it back. Placing one:
 * 1. one transaction with the basket row locked (concurrent requests for the basket
 *    queue there): read the basket with its voucher read fresh, price it as its view is
 *    priced, check it is complete, take the stock, write the order pending;
 * 2. charge it through the payment gateway (outside any transaction);
 * 3. complete it: paid, buds, basket ordered, email (order-completion.ts); or fail it,
 *    stock put back and the basket left open for another try.
 * A request that finds the basket's order already being paid waits for its outcome and
 * answers that; the same Idempotency-Key answers the same result.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { AddressView, BasketView } from '../../../domain/api/basket.ts';
import { alpha2Of } from '../../../domain/countries.ts';
import { deliveryEstimate } from '../../../domain/delivery-estimate.ts';
import { AppError, errorCatalogue, validationError } from '../../../domain/errors.ts';
import { budsEarned } from '../../../domain/loyalty.ts';
import { addressSchema } from '../../../domain/schemas/address.ts';
import { amountToPay } from '../../../domain/store-credit.ts';
import { fieldErrorsFromZod } from '../../../domain/schemas/field-errors.ts';
import type { OrderView, PlaceOrderRequest } from '../../../domain/api/order.ts';
import {
  GatewayUnavailableError,
  type GatewayAddress,
  type GatewayTransaction,
  type PaidWith,
  type ThreeDSecureOutcome,
  type PaymentGateway,
  type SaleResult,
} from '../../adapters/payments/port.ts';
import type { StockReservation } from '../../db/schema.ts';
import type { BasketRepository } from '../basket/basket.repository.ts';
import type { BasketViewer, BasketViews, Reference } from '../basket/basket-view.ts';
import type { CatalogueSnapshot, Variation } from '../catalogue/catalogue.service.ts';
import type { ShipmentRepository } from '../dispatch/shipment.repository.ts';
import type { OrderCompletion } from './order-completion.ts';
import type { PaymentAttempts } from './payment-attempts.ts';
import { refusalError, UNCONFIRMED_FAILURE } from './order-completion.ts';
import {
  orderClash,
  type BasketForOrder,
  type OrderOutcome,
  type OrderQueries,
  type OrderRecord,
  type OrderRepository,
  type StockDemand,
  type StockTaken,
} from './order.repository.ts';
import { orderView, snapshotOf } from './order-view.ts';

/** The signed-in customer placing or reading an order. */
export interface OrderCustomer {
  id: number;
  email_address: string;
  prices_exclude_tax: boolean;
}

export interface PlaceOrderCommand {
  /** The browser's basket (signed cookie), if any. */
  basketId: string | null;
  customer: OrderCustomer | null;
  input: PlaceOrderRequest;
  idempotencyKey: string | null;
  /** The client's IP address, one of the keys payment failures are counted under (ADR 040). */
  clientIp?: string | null;
}

/** Characters of order numbers: no 0/O, 1/I/L or U/V look-alikes. */
const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';

/** 'EB-' and 8 random characters: about 4×10¹¹ numbers, not guessable in sequence. */
export function newOrderNumber(): string {
  let code = '';
  for (let i = 0; i < 8; i++)
    code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `EB-${code}`;
}

const emptyBasket = () =>
  new AppError('order_failed', {
    detail: 'Your basket is empty, please add something to it before paying.',
  });

/** An Idempotency-Key already used for another basket's order: never that order's answer. */
const keyUsedElsewhere = () =>
  new AppError('bad_request', {
    message: 'This Idempotency-Key was already used for another order.',
  });

/** What the shopper is told when no sale can be found for their attempt. */
const TRY_AGAIN = 'We were unable to take your payment, please try again.';

/** How a failed attempt is recorded and answered. */
type Refusal = { type: string; message: string; transactionId: string | null };

const stillProcessing = () =>
  new AppError('order_failed', {
    detail:
      'Your payment is still being processed. Please wait a minute and check your email before trying again.',
  });

function gatewayAddress(address: AddressView): GatewayAddress {
  return {
    firstName: address.first_name,
    lastName: address.last_name,
    ...(address.company_name ? { company: address.company_name } : {}),
    streetAddress: address.line_1,
    ...(address.line_2 ? { extendedAddress: address.line_2 } : {}),
    locality: address.line_3,
    region: address.line_4,
    postalCode: address.postcode,
    countryCodeAlpha2: alpha2Of(address.country_code) ?? 'GB',
  };
}

/** Stock ids and quantities a line takes: bundles take their parts. */
function expand(
  snapshot: CatalogueSnapshot,
  variation: Variation,
  quantity: number,
  soft: boolean,
  into: StockDemand[],
): void {
  if (variation.components.length === 0) {
    into.push({ product_id: variation.row.id, quantity, soft });
    return;
  }
  for (const component of variation.components) {
    const part = snapshot.variation(component.variationId);
    if (part) expand(snapshot, part, quantity * component.quantity, soft, into);
  }
}

/** One demand per product: quantities add up; soft only when every part of it is. */
function merge(demands: readonly StockDemand[]): StockDemand[] {
  const byId = new Map<number, StockDemand>();
  for (const d of demands) {
    const seen = byId.get(d.product_id);
    byId.set(
      d.product_id,
      seen ? { ...seen, quantity: seen.quantity + d.quantity, soft: seen.soft && d.soft } : d,
    );
  }
  return [...byId.values()].sort((a, b) => a.product_id - b.product_id);
}

function stockMessage(snapshot: CatalogueSnapshot, short: StockTaken): string {
  const variation = snapshot.variation(short.product_id);
  const name = variation ? snapshot.displayName(variation) : 'an item in your basket';
  return short.before === 0
    ? `Sorry, ${name} is out of stock.`
    : `Sorry, only ${short.before} of ${name} ${short.before === 1 ? 'is' : 'are'} available.`;
}

/** Stock the basket's lines and gifts want; pre-orders and gifts are soft. */
function stockWanted(
  snapshot: CatalogueSnapshot,
  basket: BasketForOrder,
  priced: BasketView,
): StockDemand[] {
  const wanted: StockDemand[] = [];
  for (const item of basket.items) {
    const variation = snapshot.variation(item.product_id);
    if (!variation || variation.row.discontinued) continue;
    expand(snapshot, variation, item.quantity, variation.row.is_preorder, wanted);
  }
  for (const gift of priced.promotion_items) {
    const variation = snapshot.variation(gift.product.id);
    // A gift goes out while stock lasts: it never stops an order.
    if (variation) expand(snapshot, variation, gift.quantity, true, wanted);
  }
  return merge(wanted);
}

/** The items with pre-order quantities as the stock really stood, not as the cached catalogue had it. */
function withPreorders(
  items: BasketView['items'],
  snapshot: CatalogueSnapshot,
  reservations: readonly StockReservation[],
): BasketView['items'] {
  const preorderOf = new Map(reservations.map((r) => [r.product_id, r.preorder]));
  return items.map((item) => {
    const variation = snapshot.variation(item.product.id);
    if (!variation?.row.is_preorder || variation.components.length > 0) return item;
    const preorder = Math.min(item.quantity, preorderOf.get(item.product.id) ?? 0);
    return {
      ...item,
      preorder: preorder > 0,
      preorder_quantity: preorder,
      preorder_restock_date: preorder > 0 ? variation.row.restock_date : null,
    };
  });
}

type Reserved =
  | { kind: 'created'; order: OrderRecord }
  | { kind: 'existing'; order: OrderOutcome }
  | { kind: 'ordered' }
  | { kind: 'unusable' }
  /** The basket's catalogue families are not all at hand: read these, then try again. */
  | { kind: 'catalogue'; ids: number[] };

export function orderService(deps: {
  orders: OrderRepository;
  /** The order's parcels, as its customer sees them (ADR 050). */
  shipments: Pick<ShipmentRepository, 'ofOrder'>;
  baskets: Pick<BasketRepository, 'latestOpenOf'>;
  views: BasketViews;
  completion: OrderCompletion;
  gateway: PaymentGateway;
  /** Card testing defences (ADR 040). */
  paymentAttempts: PaymentAttempts;
  log: { error(object: object, message: string): void };
  /** How long a request waits for another request's charge of the same basket. */
  waitForPendingMs?: number;
  /**
   * Pauses before asking the gateway again about a sale it could not confirm (a
   * just-made Braintree sale takes a moment to appear in search).
   */
  lookupRetryMs?: readonly number[];
  now?: () => Date;
}) {
  const { orders, views, completion, gateway } = deps;
  const waitMs = deps.waitForPendingMs ?? 30_000;
  const lookupRetryMs = deps.lookupRetryMs ?? [1_000, 3_000];
  const now = deps.now ?? (() => new Date());

  /** Waits (bounded) until a pending order is paid or failed, and answers its outcome. */
  async function outcomeOf(existing: OrderOutcome): Promise<string> {
    let current = existing;
    const deadline = Date.now() + waitMs;
    let pause = 20;
    while (current.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 250);
      current = (await orders.outcome(current.id)) ?? current;
    }
    if (current.status === 'pending') throw stillProcessing();
    if (current.status === 'failed' || current.status === 'cancelled') {
      throw refusalError(current.failure_type, current.failure_message);
    }
    return current.public_id;
  }

  /**
   * Locks the basket; answers what stands in the way of a new order for it (an order
   * already made for it or with this key, the basket ordered or not the shopper's), or
   * the basket, open and ready to be priced.
   */
  async function openBasket(
    repository: OrderQueries,
    basketId: string,
    command: PlaceOrderCommand,
  ): Promise<Exclude<Reserved, { kind: 'created' }> | { kind: 'open'; basket: BasketForOrder }> {
    const { customer, idempotencyKey } = command;
    const basket = await repository.lockBasket(basketId, customer?.id ?? null, idempotencyKey);
    if (!basket) return { kind: 'unusable' };
    if (basket.keyed_order) {
      if (basket.keyed_order.basket_id !== basket.id) throw keyUsedElsewhere();
      return { kind: 'existing', order: basket.keyed_order };
    }
    if (basket.active_order) return { kind: 'existing', order: basket.active_order };
    if (basket.status === 'ordered') return { kind: 'ordered' };
    if (basket.status !== 'open') return { kind: 'unusable' };
    if (basket.user_id !== null && basket.user_id !== (customer?.id ?? null)) {
      return { kind: 'unusable' };
    }
    return { kind: 'open', basket };
  }

  /**
   * Prices the basket as its view is priced, with its voucher as it is now (not as this
   * process's copy of the offers has it), checks it is complete, and checks the total is
   * the one the shopper was shown: charged that, or nothing (ADR 037).
   */
  function priceAsShown(basket: BasketForOrder, command: PlaceOrderCommand, ref: Reference) {
    const { customer } = command;
    const viewer: BasketViewer = {
      userId: customer?.id ?? null,
      pricesExcludeTax: customer?.prices_exclude_tax ?? false,
      loyaltyAvailable: basket.buds,
      creditAvailable: basket.credit,
    };
    const fresh: Reference = {
      ...ref,
      offers: {
        ...ref.offers,
        vouchers: new Map(basket.voucher ? [[basket.voucher.code, basket.voucher]] : []),
      },
    };
    // The code's uses (in all, or this customer's) were spent by other orders: priced
    // without it. A shopper shown the discount sent that total and is refused below
    // (order_total_changed); one who sent none is refused while this process still
    // shows the code, so nobody is charged more than shown (ADR 064).
    if (
      basket.voucher_spent &&
      command.input.expected_total === undefined &&
      basket.voucher_code &&
      ref.offers.vouchers.has(basket.voucher_code)
    ) {
      throw new AppError('order_total_changed');
    }
    const priced = views.price(basket, viewer, fresh);
    const checked = check(basket, priced, customer, ref);
    if (priced.payment_required && !command.input.payment_method_nonce) {
      throw new AppError('missing_payment_parameters');
    }
    // What the payment takes: the total less any store credit (ADR 052).
    const amount = amountToPay(priced);
    const expected = command.input.expected_total;
    if (expected !== undefined && expected !== amount) throw new AppError('order_total_changed');
    return { priced, checked, amount };
  }

  /** Takes the stock the priced basket needs, or throws insufficient_stock naming it. */
  async function takeStock(
    repository: OrderQueries,
    snapshot: CatalogueSnapshot,
    basket: BasketForOrder,
    priced: BasketView,
  ): Promise<StockReservation[]> {
    const taken = await repository.reserveStock(stockWanted(snapshot, basket, priced));
    const short = taken.find((t) => !t.ok);
    if (short) {
      throw new AppError('insufficient_stock', { message: stockMessage(snapshot, short) });
    }
    return taken.map((t) => ({
      product_id: t.product_id,
      quantity: t.taken,
      preorder: t.quantity - t.taken,
    }));
  }

  /**
   * Prices and checks the locked basket, takes its stock and writes the order pending
   * (one transaction: any refusal rolls it all back).
   */
  async function reserve(
    repository: OrderQueries,
    basketId: string,
    command: PlaceOrderCommand,
    ref: Reference,
    /**
     * The product ids `ref.catalogue` was read for (ids read but missing from it are
     * gone), or null when it was not read for this basket.
     */
    readIds: ReadonlySet<number> | null,
  ): Promise<Reserved> {
    const opened = await openBasket(repository, basketId, command);
    if (opened.kind !== 'open') return opened;
    const { basket } = opened;
    const { customer, idempotencyKey } = command;
    // The basket's families are read outside the transaction (PGlite has one connection,
    // which the transaction holds): when they are not all at hand, ask for them.
    // The basket may have changed since they were read (a line added from another tab
    // before this transaction locked it): then what was read does not cover it.
    const ids = views.catalogueIds(ref, basket);
    if (!readIds || ids.some((id) => !readIds.has(id))) {
      const kept = await views.keptForBasket(ref, basket);
      if (!kept) return { kind: 'catalogue', ids };
      ref = kept;
    }
    const { priced, checked, amount } = priceAsShown(basket, command, ref);
    const reservations = await takeStock(repository, ref.catalogue, basket, priced);
    const items = withPreorders(priced.items, ref.catalogue, reservations);
    const itemsPaid = items
      .filter((item) => !item.discontinued)
      .reduce((sum, item) => sum + (item.discounted_total_price ?? item.total_price).amount, 0);
    const earned = customer ? budsEarned(itemsPaid) : 0;
    const order = await repository.insert({
      public_id: randomUUID(),
      order_number: newOrderNumber(),
      basket_id: basket.id,
      user_id: customer?.id ?? null,
      email_address: checked.email,
      amount: priced.payment_required ? amount : 0,
      snapshot: snapshotOf(
        { ...priced, items },
        {
          deliveryOption: checked.option,
          deliveryAddress: checked.address,
          estimate: deliveryEstimate(now(), checked.timing, ref.delivery.calendar),
          budsEarned: earned,
        },
      ),
      reservations,
      idempotency_key: idempotencyKey,
      buds_used: priced.loyalty_points.using ? priced.loyalty_points.discount.amount : 0,
      buds_earned: earned,
      credit_used: priced.credit.using ? priced.credit.discount.amount : 0,
      // A use of the code when it applied (ADR 064).
      voucher_code: priced.voucher?.valid ? priced.voucher.code : null,
      voucher_discount: priced.voucher?.valid
        ? priced.discounts.reduce((sum, d) => sum + d.amount, 0)
        : 0,
    });
    // The credit was spent meanwhile (another order, ADR 052): nothing is charged.
    if (order === 'credit_spent') throw new AppError('order_total_changed');
    // The option was deleted after this process read the delivery rules (ADR 082).
    if (order === 'option_gone') throw new AppError('invalid_delivery_option');
    return { kind: 'created', order };
  }

  /** What an order needs that a basket may lack; each gap is its own clear error. */
  function check(
    basket: BasketForOrder,
    priced: BasketView,
    customer: OrderCustomer | null,
    ref: Reference,
  ) {
    const ordered = priced.items.filter((item) => !item.discontinued);
    if (priced.items.length === 0) throw emptyBasket();
    if (ordered.length === 0) {
      throw new AppError('product_unavailable', {
        message:
          'Sorry, the items in your basket have been discontinued and are no longer available to purchase.',
      });
    }
    const email = basket.email_address ?? customer?.email_address ?? null;
    if (!email) throw validationError({ email_address: ['Required'] });
    const parsed = addressSchema.safeParse(basket.delivery_address ?? {});
    if (!parsed.success || !priced.delivery_address) {
      throw validationError(
        parsed.success
          ? { delivery_address_line_1: ['Please enter the first line of your address'] }
          : fieldErrorsFromZod(parsed.error, 'delivery_address_'),
      );
    }
    const option = priced.available_delivery_options.find(
      (o) => o.id === priced.delivery_option?.id,
    );
    const timing = ref.delivery.options.find((o) => o.id === option?.id);
    if (!option || !timing) throw new AppError('invalid_delivery_option');
    return {
      email,
      address: priced.delivery_address,
      option: {
        id: option.id,
        name: option.name,
        description: option.description,
        price: option.price,
      },
      timing: {
        minDays: timing.min_days,
        maxDays: timing.max_days,
        cutoffHour: timing.cutoff_hour,
        deliveryWeekday: timing.delivery_weekday,
      },
    };
  }

  /**
   * The gateway's transaction for an order, asked again after each pause while it finds
   * none; 'unknown' when it could not be asked at all.
   */
  async function lookUp(orderId: string): Promise<GatewayTransaction | null | 'unknown'> {
    let answered = false;
    for (const pause of [0, ...lookupRetryMs]) {
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      try {
        const found = await gateway.findByOrderId(orderId);
        answered = true;
        if (found) return found;
      } catch (error) {
        deps.log.error({ err: error, order: orderId }, 'payment gateway lookup failed');
      }
    }
    return answered ? null : 'unknown';
  }

  /**
   * Ends the order paid with `sale`, answering its public id. When something else ended
   * it first (a webhook paid it; or reconciliation, finding no sale while this one was
   * still in flight, failed it and put its stock back), its outcome answers — and a sale
   * for an order failed meanwhile is reversed at once rather than at the next
   * reconciliation, so the shopper is told to try again and charged nothing.
   */
  async function settle(
    order: OrderRecord,
    sale: {
      transactionId: string;
      paidWith: PaidWith | null;
      threeDSecure?: ThreeDSecureOutcome | null;
    },
  ): Promise<string> {
    if (await completion.paid(order, sale)) return order.public_id;
    const current = await orders.outcome(order.id);
    if (current?.status === 'failed') {
      try {
        const reversal = await gateway.reverse(sale.transactionId);
        if (reversal.ok) await orders.recordReversal(order.id, sale.transactionId);
        deps.log.error(
          { order: order.order_number, transaction: sale.transactionId, kind: reversal.kind },
          'reversed a sale that ended after its order had failed',
        );
      } catch (error) {
        // Reconciliation reverses it later (a sale found for an order failed unconfirmed).
        deps.log.error({ err: error, order: order.order_number }, 'reversal of a late sale failed');
      }
    }
    return outcomeOf(current ?? order);
  }

  /**
   * Ends the order failed with the refusal the shopper is told, and throws it: the one
   * place a payment attempt ends refused. When something else ended the order first
   * (the sweep, a webhook), its outcome answers instead.
   */
  async function refuse(order: OrderRecord, refusal: Refusal): Promise<string> {
    if (!(await completion.failed(order, refusal))) {
      return outcomeOf((await orders.outcome(order.id)) ?? order);
    }
    throw refusalError(refusal.type, refusal.message);
  }

  /**
   * The sale's outcome is unknown (it threw: a timeout, a lost connection, a bug): asks
   * the gateway before deciding. When it cannot say either, the order stays pending and
   * the pending-order sweep settles it within a minute (ADR 038).
   */
  async function settleUnknown(order: OrderRecord): Promise<string> {
    const found = await lookUp(order.public_id);
    if (found === 'unknown') throw stillProcessing();
    if (found?.succeeded)
      return settle(order, { transactionId: found.id, paidWith: found.paidWith });
    // No sale found: most likely none was made. Should one appear later,
    // reconciliation reverses it (the stock is back and the basket open again).
    return refuse(order, {
      type: found ? 'order_failed' : UNCONFIRMED_FAILURE,
      message: TRY_AGAIN,
      transactionId: found?.id ?? null,
    });
  }

  /** Charges a pending order and ends it; answers its public id or throws the refusal. */
  async function charge(order: OrderRecord, command: PlaceOrderCommand): Promise<string> {
    if (order.amount === 0) {
      await completion.paid(order, null);
      return order.public_id;
    }
    const billing = order.snapshot.billing_address ?? order.snapshot.delivery_address;
    const customerId = command.customer ? String(command.customer.id) : null;
    // Card testing (ADR 040): no charge once this shopper's payments have failed too often.
    const attempt = await deps.paymentAttempts.begin({
      basketId: order.basket_id,
      customerId: order.user_id,
      email: order.email_address,
      clientIp: command.clientIp ?? null,
    });
    if (!attempt) {
      const limited = errorCatalogue.rate_limit.message;
      return refuse(order, { type: 'rate_limit', message: limited, transactionId: null });
    }
    let result: SaleResult;
    try {
      result = await gateway.sale({
        amount: order.amount,
        nonce: command.input.payment_method_nonce,
        deviceData: command.input.device_data,
        orderId: order.public_id,
        billing: gatewayAddress(billing),
        customerId,
        storeInVault: customerId !== null && command.input.save_payment_method === true,
        screenCard: attempt.screenCard,
      });
    } catch (error) {
      await attempt.finish('unknown');
      // Whatever was thrown, the sale may have happened: never leave the order to guess.
      const unavailable = error instanceof GatewayUnavailableError;
      deps.log.error(
        { err: error, order: order.order_number },
        unavailable ? 'payment gateway unavailable' : 'payment gateway sale threw',
      );
      return settleUnknown(order);
    }
    await attempt.finish(result);
    if (result.ok) {
      return settle(order, {
        transactionId: result.sale.transactionId,
        paidWith: result.sale.paidWith,
        threeDSecure: result.sale.threeDSecure ?? null,
      });
    }
    return refuse(order, result.refusal);
  }

  return {
    /** Places the browser's basket as an order (see the module comment); its public id. */
    async place(command: PlaceOrderCommand): Promise<{ publicId: string; created: boolean }> {
      const { customer, idempotencyKey } = command;
      let ref = await views.reference();
      let readIds: ReadonlySet<number> | null = null;
      let basketId = command.basketId;
      let triedOwn = false;
      for (let attempt = 0; attempt < 5; attempt++) {
        if (!basketId && customer && !triedOwn) {
          triedOwn = true;
          basketId = (await deps.baskets.latestOpenOf(customer.id)) ?? null;
        }
        if (!basketId) throw emptyBasket();
        let reserved: Reserved;
        try {
          const id = basketId;
          reserved = await orders.transaction((trx) => reserve(trx, id, command, ref, readIds));
        } catch (error) {
          // Another request got its order in first (it committed after this one's read).
          const clash = orderClash(error);
          if (clash === 'order_number') continue;
          const other =
            clash === 'basket'
              ? await orders.activeOf(basketId)
              : clash === 'idempotency_key' && idempotencyKey
                ? await orders.byIdempotencyKey(idempotencyKey)
                : undefined;
          if (!other) throw error;
          // A key clash with another basket's order (a concurrent request with the same
          // key from another browser) is refused as above, never answered with that order.
          if (other.basket_id !== basketId) throw keyUsedElsewhere();
          return { publicId: await outcomeOf(other), created: false };
        }
        switch (reserved.kind) {
          case 'created':
            return { publicId: await charge(reserved.order, command), created: true };
          case 'existing':
            return { publicId: await outcomeOf(reserved.order), created: false };
          case 'ordered': {
            const other = await orders.activeOf(basketId);
            if (other) return { publicId: await outcomeOf(other), created: false };
            basketId = null;
            break;
          }
          case 'unusable':
            basketId = null;
            break;
          case 'catalogue':
            ref = await views.withCatalogue(ref, reserved.ids);
            readIds = new Set(reserved.ids);
            break;
        }
      }
      throw emptyBasket();
    },

    /**
     * The order, for the browser that placed it (`visibleIds`: its order cookie; or its
     * basket) or its customer; anyone else gets order_not_found.
     */
    async get(
      publicId: string,
      viewer: { customerId: number | null; visibleIds: readonly string[]; basketId: string | null },
    ): Promise<OrderView> {
      const order = await orders.findByPublicId(publicId);
      const visible =
        order !== undefined &&
        (viewer.visibleIds.includes(order.public_id) ||
          (viewer.customerId !== null && order.user_id === viewer.customerId) ||
          (viewer.basketId !== null && order.basket_id === viewer.basketId));
      if (!order || !visible) throw new AppError('order_not_found');
      const [shipments, creditNotes] = await Promise.all([
        deps.shipments.ofOrder(order.id),
        orders.creditNotesOf(order.id),
      ]);
      return { ...orderView(order), shipments, credit_notes: creditNotes };
    },
  };
}

export type OrderService = ReturnType<typeof orderService>;
