/**
 * Tip of the in-house tip flow (requirements#checkout-screens "In-house with tip", requirements#checkout-behaviour, requirements#checkout-constants): choices 0, 5, 10
 * and 15 percent of the payer sum, default 5 percent, added to the total.
 */
import { CHECKOUT_CONSTANTS } from './checkout-constants';
import { percentOf, type Cents } from './money';

export type TipPercent = (typeof CHECKOUT_CONSTANTS.tipOptionsPercent)[number];

export const TIP_OPTIONS: readonly TipPercent[] = CHECKOUT_CONSTANTS.tipOptionsPercent;
export const DEFAULT_TIP_PERCENT: TipPercent = CHECKOUT_CONSTANTS.defaultTipPercent;

export function isTipPercent(value: unknown): value is TipPercent {
  return typeof value === 'number' && (TIP_OPTIONS as readonly number[]).includes(value);
}

/** The tip in cents: `percent` % of the payer sum, rounded to whole cents. */
export function tipAmount(payerSum: Cents, percent: TipPercent): Cents {
  if (!isTipPercent(percent)) throw new RangeError(`Tip must be one of ${TIP_OPTIONS.join(', ')} percent`);
  return percentOf(Math.max(0, payerSum), percent);
}

/**
 * Where a tip may be given (requirements#checkout-flows, requirements#checkout-screens): only in the in-house online flow with tip, and
 * only when the venue offers tips (enableTip). Every other flow, takeaway included, has no tip step.
 */
export function tipOffered(flow: string, features: { enableTip: boolean }): boolean {
  return flow === 'inhouseWithPayTip' && features.enableTip;
}
