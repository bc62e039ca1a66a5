import type { AppConfig } from '../contract/appconfig';
import type { Cart, CartLine, CouponLine, Offer, ProductLine } from '../contract/cart';
import type { OrderMode, Usecase } from '../contract/common';
import { minimumOrderAmount } from './checkout-validation';
import { couponState, normalizeCouponCode, type CouponState } from './coupons';
import { feeCharges, feeConfigOf, type FeeCharge } from './fees';
import { clampToZero, percentOf, sumCents, type Cents } from './money';
import { bestOffer } from './offers';
import { tipAmount, type TipPercent } from './tip';

/**
 * The pricing engine: the one computation of what an order costs (requirements#sums,
 * requirements#order-entities fees, requirements#checkout-behaviour tip). The cart screen, the floating bar, the checkout and the
 * server's SaveNewOrder all call `priceCart`; the server with its own menu, coupons, offers and
 * config, and refuses an order whose claimed amounts differ.
 *
 * API
 * ----
 *   priceCart(input: PricingInput): PriceBreakdown
 *
 * PricingInput
 * - lines: the cart lines. Product lines carry the prices `priceSelection` (line-pricing.ts) gave
 *   them for the order mode: sizePrice, sumOfExtras, itemTotal = (sizePrice + sumOfExtras) x count.
 *   Offers and bundles are applied here, never stored into the lines. Coupon lines carry the
 *   coupon's data (server: taken from its own coupon table). Fee lines are ignored: fees come from
 *   the config (`breakdown.fees`; put them into orderData with `withFeeLines`, fees.ts).
 * - usecase: the order's usecase (use `usecaseOfMode` for the cart screen's order mode).
 * - offers: the active offers (LoadCoupons answer); optional.
 * - config: the app config's takeAway, delivery and onlineServiceFee blocks (minimum order,
 *   delivery fee, online service fee). `area` overrides the delivery fee and minimum of a delivery
 *   area when one applies.
 * - onlinePay: the order is paid online (online service fee); default false.
 * - tipPercent: one of 0, 5, 10, 15 (tip.ts); default none.
 * - now: ms, for coupon and offer validity.
 *
 * The computation, in cents, rounding each percentage to whole cents:
 * 1. Each product line: unit = sizePrice + sumOfExtras. The best applicable offer (offers.ts)
 *    lowers the line (a percent offer rounded once on the line total). A line bound to a bundle coupon (appliedCode) gets no offer and its
 *    size price (one unit) is covered by the bundle.
 * 2. Coupons in cart order: an inactive, expired, redeemed or not applicable coupon, a second
 *    coupon with the same code, a coupon next to a non-combinable one, and a bundle whose
 *    articles are not all in the cart are not applied (each reported in `problems`).
 * 3. itemsTotal = sum of the product lines + the fixed prices of applied bundles ("bundle coupons add").
 * 4. Discount coupons reduce by their percent of itemsTotal, then amount, individual and stamp
 *    coupons by their amount; each reduction is capped at what is left, so the subtotal never
 *    goes below 0 (a coupon bigger than the total makes it 0).
 * 5. Fees (online service fee when paid online, delivery fee for delivery) are added; coupons
 *    never reduce them. payerSum = subtotal + fees.
 * 6. Tip = tipPercent % of payerSum. total = payerSum + tip.
 * 7. Minimum order (takeaway: takeAway.minOrderAmount, delivery: delivery.minOrderAmount, not
 *    in-house, not digital) is compared with itemsTotal; `minOrder.missing` is what is lacking
 *    (0 at or above the minimum).
 */

export interface PricingInput {
  readonly lines: readonly CartLine[];
  readonly usecase: Usecase;
  readonly offers?: readonly Offer[] | undefined;
  readonly config: Pick<AppConfig, 'takeAway' | 'delivery' | 'onlineServiceFee'>;
  readonly area?: { readonly fee?: Cents; readonly minOrderAmount?: Cents } | undefined;
  readonly onlinePay?: boolean | undefined;
  readonly tipPercent?: TipPercent | undefined;
  readonly now: number;
}

export interface PricedProductLine {
  readonly cartItemId: string;
  readonly id: string;
  readonly count: number;
  /** sizePrice + sumOfExtras. */
  readonly regularUnitPrice: Cents;
  /** Unit price after an offer. */
  readonly unitPrice: Cents;
  /** regularUnitPrice x count. */
  readonly regularTotal: Cents;
  /** What the line adds to itemsTotal (after offer, without the part a bundle covers). */
  readonly itemTotal: Cents;
  readonly offer?: { readonly id: string; readonly name: string; readonly usecase: Offer['usecase'] } | undefined;
  /** Code of the bundle coupon this line belongs to. */
  readonly bundleCode?: string | undefined;
  /** Cents of this line covered by its bundle's fixed price. */
  readonly coveredByBundle: Cents;
}

export type CouponProblem = Exclude<CouponState, 'ok'> | 'duplicate' | 'not-combinable' | 'bundle-incomplete';

export interface CouponApplication {
  readonly cartItemId: string;
  readonly couponCode: string;
  readonly type: CouponLine['type'];
  readonly title: string;
  readonly applied: boolean;
  /** Signed effect on the sum: negative reduces (amount, discount, individual), positive adds (bundle). */
  readonly effect: Cents;
  readonly problem?: CouponProblem | undefined;
}

export interface PriceBreakdown {
  readonly lines: readonly PricedProductLine[];
  /** Goods after offers plus the fixed prices of applied bundles, before coupons, fees and tip. */
  readonly itemsTotal: Cents;
  /** What the offers saved. */
  readonly offerSavings: Cents;
  readonly coupons: readonly CouponApplication[];
  /** Fixed prices added by bundles (included in itemsTotal). */
  readonly bundleTotal: Cents;
  /** Reductions by discount, amount, individual and stamp coupons (positive cents). */
  readonly discountTotal: Cents;
  /** itemsTotal - discountTotal, never below 0. */
  readonly subtotal: Cents;
  readonly fees: readonly FeeCharge[];
  readonly feesTotal: Cents;
  /** subtotal + fees: what the tip is computed on. */
  readonly payerSum: Cents;
  readonly tipPercent: TipPercent | undefined;
  readonly tip: Cents;
  /** payerSum + tip: what the guest pays. */
  readonly total: Cents;
  readonly minOrder: { readonly amount: Cents; readonly applies: boolean; readonly missing: Cents };
  /** Coupons that could not be applied. Empty for an order the server accepts. */
  readonly problems: readonly CouponApplication[];
}

/** Price mode of a usecase: in-house prices at the table, takeaway prices for takeaway and tickets. */
export function modeOfUsecase(usecase: Usecase): OrderMode {
  if (usecase === 'delivery') return 'delivery';
  if (usecase === 'takeaway' || usecase === 'digital') return 'takeaway';
  return 'inhouse';
}

/** The usecase the cart screen prices with for an order mode (in-house: table ordering). */
export function usecaseOfMode(mode: OrderMode): Usecase {
  if (mode === 'delivery') return 'delivery';
  if (mode === 'takeaway') return 'takeaway';
  return 'tableordering';
}

function bundleKey(id: string, vol: string): string {
  return `${id}\u0000${vol}`;
}

/** Whether the bound lines are exactly the bundle's articles, one unit each. */
function bundleComplete(coupon: CouponLine, bound: readonly ProductLine[]): boolean {
  const wanted = (coupon.bundle ?? []).map((b) => bundleKey(b.id, b.vol)).sort();
  const have = bound.flatMap((l) => Array.from({ length: l.count }, () => bundleKey(l.id, l.vol))).sort();
  return wanted.length > 0 && wanted.length === have.length && wanted.every((k, i) => k === have[i]);
}

/** Which coupons apply, in cart order (step 2). */
function screenCoupons(coupons: readonly CouponLine[], products: readonly ProductLine[], now: number): Map<string, CouponProblem | null> {
  const result = new Map<string, CouponProblem | null>();
  const accepted: CouponLine[] = [];
  for (const coupon of coupons) {
    const state = couponState(coupon, now);
    const code = normalizeCouponCode(coupon.couponCode);
    let problem: CouponProblem | null = null;
    if (state !== 'ok') problem = state;
    else if (accepted.some((c) => normalizeCouponCode(c.couponCode) === code)) problem = 'duplicate';
    else if (accepted.length > 0 && (!coupon.combinable || accepted.some((c) => !c.combinable))) problem = 'not-combinable';
    else if (
      coupon.type === 'bundle' &&
      !bundleComplete(
        coupon,
        products.filter((l) => l.appliedCode === code),
      )
    )
      problem = 'bundle-incomplete';
    if (problem === null) accepted.push(coupon);
    result.set(coupon.cartItemId, problem);
  }
  return result;
}

export function priceCart(input: PricingInput): PriceBreakdown {
  const mode = modeOfUsecase(input.usecase);
  const offers = input.offers ?? [];
  const products = input.lines.filter((l): l is ProductLine => l.kind === 'product');
  const coupons = input.lines.filter((l): l is CouponLine => l.kind === 'coupon');
  const screened = screenCoupons(coupons, products, input.now);
  const appliedBundles = new Set(
    coupons.filter((c) => c.type === 'bundle' && screened.get(c.cartItemId) === null).map((c) => normalizeCouponCode(c.couponCode)),
  );

  // 1. product lines
  const lines: PricedProductLine[] = products.map((line) => {
    const regularUnitPrice = line.sizePrice + line.sumOfExtras;
    const regularTotal = regularUnitPrice * line.count;
    const bundleCode = line.appliedCode !== undefined && appliedBundles.has(line.appliedCode) ? line.appliedCode : undefined;
    if (bundleCode !== undefined) {
      const covered = Math.min(line.sizePrice, regularTotal);
      return {
        cartItemId: line.cartItemId,
        id: line.id,
        count: line.count,
        regularUnitPrice,
        unitPrice: regularUnitPrice,
        regularTotal,
        itemTotal: regularTotal - covered,
        bundleCode,
        coveredByBundle: covered,
      };
    }
    const best = bestOffer(
      offers,
      { id: line.id, vol: line.vol, count: line.count, sizePrice: line.sizePrice, sumOfExtras: line.sumOfExtras },
      mode,
      input.now,
    );
    const unitPrice = best ? best.unitPrice : regularUnitPrice;
    return {
      cartItemId: line.cartItemId,
      id: line.id,
      count: line.count,
      regularUnitPrice,
      unitPrice,
      regularTotal,
      itemTotal: best ? best.lineTotal : regularTotal,
      offer: best ? { id: best.offer.id, name: best.offer.name, usecase: best.offer.usecase } : undefined,
      coveredByBundle: 0,
    };
  });

  // 3. items total
  const goods = sumCents(lines.map((l) => l.itemTotal));
  const offerSavings = sumCents(lines.map((l) => (l.offer ? l.regularTotal - l.itemTotal : 0)));
  const bundleTotal = sumCents(coupons.filter((c) => c.type === 'bundle' && screened.get(c.cartItemId) === null).map((c) => c.fixedprice ?? 0));
  const itemsTotal = goods + bundleTotal;

  // 4. reductions: percent first, then amounts, each capped at what is left
  let left = itemsTotal;
  const effects = new Map<string, Cents>();
  for (const c of coupons) {
    if (screened.get(c.cartItemId) !== null || c.type !== 'discount') continue;
    const reduction = Math.min(left, percentOf(itemsTotal, c.discount));
    left -= reduction;
    effects.set(c.cartItemId, -reduction);
  }
  for (const c of coupons) {
    if (screened.get(c.cartItemId) !== null || (c.type !== 'amount' && c.type !== 'individual')) continue;
    const reduction = Math.min(left, c.amount);
    left -= reduction;
    effects.set(c.cartItemId, -reduction);
  }
  const subtotal = clampToZero(left);
  const discountTotal = itemsTotal - subtotal;

  const applications: CouponApplication[] = coupons.map((c) => {
    const problem = screened.get(c.cartItemId) ?? null;
    const effect = problem !== null ? 0 : c.type === 'bundle' ? (c.fixedprice ?? 0) : (effects.get(c.cartItemId) ?? 0);
    return {
      cartItemId: c.cartItemId,
      couponCode: c.couponCode,
      type: c.type,
      title: c.title,
      applied: problem === null,
      effect,
      ...(problem !== null ? { problem } : {}),
    };
  });

  // 5. fees, 6. tip
  const fees = feeCharges({ usecase: input.usecase, onlinePay: input.onlinePay ?? false, fees: feeConfigOf(input.config, input.area) });
  const feesTotal = sumCents(fees.map((f) => f.amount));
  const payerSum = subtotal + feesTotal;
  const tip = input.tipPercent !== undefined ? tipAmount(payerSum, input.tipPercent) : 0;

  // 7. minimum order
  const minAmount =
    input.usecase === 'delivery' && input.area?.minOrderAmount !== undefined ? input.area.minOrderAmount : minimumOrderAmount(input.usecase, input.config);

  return {
    lines,
    itemsTotal,
    offerSavings,
    coupons: applications,
    bundleTotal,
    discountTotal,
    subtotal,
    fees,
    feesTotal,
    payerSum,
    tipPercent: input.tipPercent,
    tip,
    total: payerSum + tip,
    minOrder: { amount: minAmount, applies: minAmount > 0, missing: clampToZero(minAmount - itemsTotal) },
    problems: applications.filter((a) => !a.applied),
  };
}

/** The priced line of a cart line, if it is a product line. */
export function pricedLine(breakdown: PriceBreakdown, cartItemId: string): PricedProductLine | undefined {
  return breakdown.lines.find((l) => l.cartItemId === cartItemId);
}

/**
 * The order's lines as the server saves them: product lines with what they are charged
 * (itemTotal after offer and bundle, originalItemTotal before), offer fields and the part a
 * bundle covers (amountFree); coupon lines as given.
 */
export function linesAsCharged(cart: Cart, breakdown: PriceBreakdown): Cart {
  return cart.map((line) => {
    if (line.kind !== 'product') return line;
    const priced = pricedLine(breakdown, line.cartItemId);
    if (!priced) return line;
    const { isOffer: _isOffer, offerId: _offerId, offerName: _offerName, offerUsecase: _offerUsecase, ...rest } = line;
    return {
      ...rest,
      itemTotal: priced.itemTotal,
      originalItemTotal: priced.regularTotal,
      ...(priced.offer ? { isOffer: true, offerId: priced.offer.id, offerName: priced.offer.name, offerUsecase: priced.offer.usecase } : {}),
      ...(priced.coveredByBundle > 0 ? { amountFree: 1, amountFreeTotal: priced.coveredByBundle } : {}),
    };
  });
}
