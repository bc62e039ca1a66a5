/**
 * Tip of the in-house tip flow (checkout-spec §2 "In-house with tip", §4, §9): choices 0, 5, 10
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

/** The total with the tip added. */
export function totalWithTip(payerSum: Cents, percent: TipPercent): Cents {
  return payerSum + tipAmount(payerSum, percent);
}
