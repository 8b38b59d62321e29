/**
 * Prices a basket: lines, promotions, voucher discounts, buds, delivery, VAT and
 * totals. Pure and deterministic; the server calls it for every basket it returns
 * and every order it creates, so nothing the browser sends can change a price.
 *
 * Rounding rules:
 * - Prices are VAT-inclusive. The VAT in an amount is round-half-up of
 *   amount × rate / (1 + rate), taken once per charge line (an item line or delivery),
 *   after that line's share of any discount.
 * - A tax-exempt basket (delivery outside the UK VAT area) charges each line its
 *   excluding-VAT amount, computed the same way, and no VAT.
 * - A percentage discount is rounded half up once on the total it applies to, then
 *   shared across lines in proportion to their amounts (largest remainder), so line
 *   figures always add up to the basket figures.
 * - Store credit (ADR 052) is spent after every discount and buds, on what is left of
 *   the total, delivery included. It pays for the order rather than discounting it:
 *   lines and VAT stay as they are, and `discounted_prices.total` stays the order's
 *   total; `credit.discount` is what the credit pays and `total` what is left to pay.
 */
import {
  clampPence,
  divideRoundHalfUp,
  pence,
  sumPence,
  vatIncluded,
  type Pence,
} from './money.ts';
import { amountView, priceView, type AmountView, type PriceView } from './price-view.ts';
import { formatDeliveryPrice, formatPence } from './money.ts';

export type VoucherKind = 'percent_items' | 'fixed_items' | 'free_delivery' | 'percent_order';

/** A voucher as the pricing needs it. */
export interface VoucherRule {
  code: string;
  kind: VoucherKind;
  /** Percent for percent_* kinds, pence for fixed_items, unused for free_delivery. */
  value: number;
  /** The items total (before discounts) needed for the voucher to apply. */
  minSpend: Pence;
}

export interface PricingLine<K> {
  key: K;
  /** VAT-inclusive unit price. */
  unitPrice: Pence;
  quantity: number;
  taxRateBp: number;
  /** Excluded lines (discontinued variations) are shown but not charged. */
  excluded?: boolean;
}

export interface PricingDelivery {
  /** VAT-inclusive price before any free-over threshold. */
  price: Pence;
  /** Free when the items total after item discounts reaches this. */
  freeOver: Pence | null;
  taxRateBp: number;
}

export interface PricingInput<K> {
  lines: readonly PricingLine<K>[];
  voucher: VoucherRule | null;
  delivery: PricingDelivery | null;
  /** Buds the customer holds (1 bud = 1p) and whether to spend them. */
  loyalty: { available: number; use: boolean };
  /** Store credit the customer can spend (pence) and whether to spend it (ADR 052). */
  credit?: { available: number; use: boolean };
  taxExempt: boolean;
}

export interface PricedLine<K> {
  key: K;
  excluded: boolean;
  price: PriceView;
  total_price: PriceView;
  /** Present when a discount reduces this line. */
  discounted_price: PriceView | null;
  discounted_total_price: PriceView | null;
}

export interface Discount {
  label: string;
  amount: Pence;
  amount_label: string;
}

export interface VoucherOutcome {
  code: string;
  /** Whether the voucher applies to this basket. */
  applies: boolean;
  /** Why it does not apply, when it does not. */
  reason: string | null;
}

export interface PricedBasket<K> {
  lines: PricedLine<K>[];
  prices: { items: PriceView; delivery: PriceView; total: PriceView };
  /** Present only when something reduces the total. */
  discounted_prices: { total: PriceView } | null;
  discounts: Discount[];
  voucher: VoucherOutcome | null;
  loyalty_points: { using: boolean; available: number; discount: AmountView };
  /** Store credit: whether it is spent, how much there is, and what it pays. */
  credit: { using: boolean; available: number; discount: AmountView };
  /** The items total after item discounts, which delivery thresholds are measured against. */
  itemsAfterDiscounts: Pence;
  /** What is left to pay (by card or wallet) after discounts, buds and store credit. */
  total: Pence;
  tax: Pence;
  payment_required: boolean;
}

/** The amount a line or delivery is charged before discounts: VAT-inclusive, or ex-VAT when exempt. */
function chargeOf(gross: Pence, rateBp: number, taxExempt: boolean): Pence {
  return taxExempt ? ((gross - vatIncluded(gross, rateBp)) as Pence) : gross;
}

function taxOf(amount: Pence, rateBp: number, taxExempt: boolean): Pence {
  return taxExempt ? (0 as Pence) : vatIncluded(amount, rateBp);
}

/**
 * Shares `total` across `weights` in proportion, by largest remainder, so the parts
 * are whole pence, never exceed their weight, and add up to `total` exactly.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const capped = Math.min(total, sum);
  const exact = weights.map((weight) => (capped * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = capped - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    if ((parts[index] ?? 0) < (weights[index] ?? 0)) {
      parts[index] = (parts[index] ?? 0) + 1;
      left -= 1;
    }
  }
  return parts;
}

function percentOf(amount: Pence, percent: number): Pence {
  return clampPence(divideRoundHalfUp(amount * percent, 100), amount);
}

/** The delivery price after its free-over threshold. */
export function effectiveDeliveryPrice(
  delivery: Pick<PricingDelivery, 'price' | 'freeOver'>,
  itemsAfterDiscounts: Pence,
): Pence {
  if (delivery.freeOver !== null && itemsAfterDiscounts >= delivery.freeOver) return pence(0);
  return delivery.price;
}

/** A shopper-facing label for a voucher discount, e.g. 'WELCOME10: 10% off'. */
export function voucherLabel(voucher: VoucherRule): string {
  switch (voucher.kind) {
    case 'percent_items':
      return `${voucher.code}: ${voucher.value}% off`;
    case 'fixed_items':
      return `${voucher.code}: ${formatPence(voucher.value as Pence)} off`;
    case 'free_delivery':
      return `${voucher.code}: free delivery`;
    case 'percent_order':
      return `${voucher.code}: ${voucher.value}% off your order`;
  }
}

/** Prices a basket. See the module comment for the rounding rules. */
export function priceBasket<K>(input: PricingInput<K>): PricedBasket<K> {
  const { taxExempt } = input;
  const lines = input.lines.map((line) => {
    const gross = pence(line.unitPrice * line.quantity);
    const excluded = line.excluded === true || line.quantity <= 0;
    return {
      line,
      excluded,
      unitCharge: chargeOf(line.unitPrice, line.taxRateBp, taxExempt),
      charge: chargeOf(gross, line.taxRateBp, taxExempt),
    };
  });
  const charged = lines.filter((l) => !l.excluded);
  const itemsCharge = sumPence(charged.map((l) => l.charge));

  // Voucher.
  const voucher = input.voucher;
  let voucherApplies = false;
  let reason: string | null = null;
  if (voucher) {
    if (itemsCharge < voucher.minSpend) {
      reason = `Spend ${formatPence(voucher.minSpend)} or more on items to use this code.`;
    } else {
      voucherApplies = true;
    }
  }
  let itemDiscount = pence(0);
  if (voucher && voucherApplies) {
    if (voucher.kind === 'percent_items' || voucher.kind === 'percent_order') {
      itemDiscount = percentOf(itemsCharge, voucher.value);
    } else if (voucher.kind === 'fixed_items') {
      itemDiscount = clampPence(voucher.value, itemsCharge);
    }
  }
  const itemsAfterVoucher = pence(itemsCharge - itemDiscount);

  // Delivery, after any free-over threshold.
  const deliveryRate = input.delivery?.taxRateBp ?? 0;
  const deliveryCharge = input.delivery
    ? chargeOf(effectiveDeliveryPrice(input.delivery, itemsAfterVoucher), deliveryRate, taxExempt)
    : pence(0);
  let deliveryDiscount = pence(0);
  if (voucher && voucherApplies) {
    if (voucher.kind === 'free_delivery') deliveryDiscount = deliveryCharge;
    if (voucher.kind === 'percent_order')
      deliveryDiscount = percentOf(deliveryCharge, voucher.value);
  }

  // Buds: 1 bud = 1p, never more than the items left to pay for.
  const budsAvailable = Math.max(0, Math.floor(input.loyalty.available));
  const budsDiscount = input.loyalty.use ? clampPence(budsAvailable, itemsAfterVoucher) : pence(0);

  // Share item discounts across lines so each line's VAT follows what it really costs.
  const weights = charged.map((l) => l.charge);
  const voucherShares = allocate(itemDiscount, weights);
  const budShares = allocate(
    budsDiscount,
    weights.map((w, i) => w - (voucherShares[i] ?? 0)),
  );

  let chargedIndex = 0;
  const pricedLines: PricedLine<K>[] = lines.map(({ line, excluded, unitCharge, charge }) => {
    const unitTax = taxOf(unitCharge, line.taxRateBp, taxExempt);
    const lineTax = taxOf(charge, line.taxRateBp, taxExempt);
    const base = {
      key: line.key,
      excluded,
      price: priceView(unitCharge, unitTax),
      total_price: priceView(charge, lineTax),
    };
    if (excluded) return { ...base, discounted_price: null, discounted_total_price: null };
    const index = chargedIndex++;
    const lineDiscount = (voucherShares[index] ?? 0) + (budShares[index] ?? 0);
    if (lineDiscount === 0)
      return { ...base, discounted_price: null, discounted_total_price: null };
    const net = pence(charge - lineDiscount);
    const unitNet = pence(divideRoundHalfUp(net, line.quantity));
    return {
      ...base,
      discounted_price: priceView(unitNet, taxOf(unitNet, line.taxRateBp, taxExempt)),
      discounted_total_price: priceView(net, taxOf(net, line.taxRateBp, taxExempt)),
    };
  });

  // Totals: VAT is the sum of each charge line's VAT.
  const itemsTax = sumPence(charged.map((l) => taxOf(l.charge, l.line.taxRateBp, taxExempt)));
  const deliveryTax = taxOf(deliveryCharge, deliveryRate, taxExempt);
  const totalBefore = pence(itemsCharge + deliveryCharge);
  const discountTotal = pence(itemDiscount + deliveryDiscount + budsDiscount);
  const total = pence(totalBefore - discountTotal);
  const netTax = sumPence([
    ...charged.map((l, i) =>
      taxOf(
        pence(l.charge - (voucherShares[i] ?? 0) - (budShares[i] ?? 0)),
        l.line.taxRateBp,
        taxExempt,
      ),
    ),
    taxOf(pence(deliveryCharge - deliveryDiscount), deliveryRate, taxExempt),
  ]);

  // Store credit pays what is left, delivery included; VAT is the sale's, unchanged.
  const creditAvailable = Math.max(0, Math.floor(input.credit?.available ?? 0));
  const creditUsed = input.credit?.use === true ? clampPence(creditAvailable, total) : pence(0);
  const toPay = pence(total - creditUsed);

  const discounts: Discount[] = [];
  const voucherDiscount = pence(itemDiscount + deliveryDiscount);
  if (voucher && voucherApplies && voucherDiscount > 0) {
    discounts.push({
      label: voucherLabel(voucher),
      amount: voucherDiscount,
      amount_label: formatPence(pence(-voucherDiscount)),
    });
  }

  return {
    lines: pricedLines,
    prices: {
      items: priceView(itemsCharge, itemsTax),
      delivery: priceView(deliveryCharge, deliveryTax),
      total: priceView(totalBefore, pence(itemsTax + deliveryTax)),
    },
    discounted_prices: discountTotal > 0 ? { total: priceView(total, netTax) } : null,
    discounts,
    voucher: voucher ? { code: voucher.code, applies: voucherApplies, reason } : null,
    loyalty_points: {
      using: input.loyalty.use && budsAvailable > 0,
      available: budsAvailable,
      discount: amountView(budsDiscount),
    },
    credit: {
      using: input.credit?.use === true && creditAvailable > 0,
      available: creditAvailable,
      discount: amountView(creditUsed),
    },
    itemsAfterDiscounts: itemsAfterVoucher,
    total: toPay,
    tax: netTax,
    payment_required: toPay > 0,
  };
}

/** A threshold promotion, e.g. a free gift on baskets over £75. */
export interface ThresholdPromotion {
  id: number;
  threshold: Pence;
}

/** The promotions a basket earns: those whose threshold its items total reaches. */
export function earnedPromotions<P extends ThresholdPromotion>(
  promotions: readonly P[],
  itemsTotal: Pence,
): P[] {
  return promotions.filter((promotion) => itemsTotal >= promotion.threshold);
}

/**
 * The price shown for a delivery option on a basket: after its free-over threshold
 * (measured against the items after discounts), ex-VAT when the basket is tax exempt,
 * and labelled 'Free' when nothing is charged.
 */
export function deliveryOptionPrice(
  option: PricingDelivery,
  itemsAfterDiscounts: Pence,
  taxExempt: boolean,
): PriceView {
  const amount = chargeOf(
    effectiveDeliveryPrice(option, itemsAfterDiscounts),
    option.taxRateBp,
    taxExempt,
  );
  const view = priceView(amount, taxOf(amount, option.taxRateBp, taxExempt));
  return {
    ...view,
    label: formatDeliveryPrice(amount),
    excluding_tax: { ...view.excluding_tax, label: formatDeliveryPrice(view.excluding_tax.amount) },
  };
}
