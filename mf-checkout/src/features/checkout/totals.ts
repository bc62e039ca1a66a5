import type { AppConfig, Cart, Offer, Usecase } from '@shop/shared/contract';
import type { FlowDef } from '@shop/shared/domain/checkout-flow';
import { withFeeLines, withoutFeeLines, type FeeCharge } from '@shop/shared/domain/fees';
import type { Cents } from '@shop/shared/domain/money';
import { priceCart, type PriceBreakdown } from '@shop/shared/domain/pricing';
import type { TipPercent } from '@shop/shared/domain/tip';

export interface CheckoutTotals {
  /** Goods after offers, before coupons, fees and tip (paymentInfo.itemsTotal). */
  readonly itemsTotal: Cents;
  /** Goods after coupons (a sum of 0 sends the guest back to the cart). */
  readonly subtotal: Cents;
  /** Subtotal plus fees: what the tip is computed on. */
  readonly payerSum: Cents;
  readonly tip: Cents;
  /** What the guest pays (paymentInfo.amount). */
  readonly total: Cents;
  readonly fees: readonly FeeCharge[];
  readonly minOrder: PriceBreakdown['minOrder'];
  readonly breakdown: PriceBreakdown;
}

export interface TotalsInput {
  readonly cart: Cart;
  readonly flow: FlowDef;
  readonly usecase: Usecase;
  readonly config: AppConfig;
  readonly offers: readonly Offer[];
  readonly tipPercent: TipPercent | null;
  readonly now: number;
}

/** Totals of a checkout: the one pricing engine (`priceCart`), as the server recomputes them. */
export function checkoutTotals(input: TotalsInput): CheckoutTotals {
  const breakdown = priceCart({
    lines: withoutFeeLines(input.cart),
    usecase: input.usecase,
    offers: input.offers,
    config: input.config,
    onlinePay: input.flow.onlinePay,
    ...(input.tipPercent !== null ? { tipPercent: input.tipPercent } : {}),
    now: input.now,
  });
  return {
    itemsTotal: breakdown.itemsTotal,
    subtotal: breakdown.subtotal,
    payerSum: breakdown.payerSum,
    tip: breakdown.tip,
    total: breakdown.total,
    fees: breakdown.fees,
    minOrder: breakdown.minOrder,
    breakdown,
  };
}

/** The cart as this flow orders it: with exactly its fee lines (online service fee, delivery fee). */
export function cartWithFlowFees(cart: Cart, totals: Pick<CheckoutTotals, 'fees'>): Cart {
  return withFeeLines(cart, totals.fees);
}
