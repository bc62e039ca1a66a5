import { CHECKOUT_CONSTANTS } from './checkout-constants';

/**
 * Stamps shown on the stamp card for a score (requirements#stamp-display "Stamp display"): 0 when the score
 * is 0, 1 when it is below 20, otherwise floor(score / 10), capped at the 10 slots.
 * The score counts euros of spend (one stamp per 10 euros, requirements#checkout-constants).
 */
export function stampsShown(score: number): number {
  if (!Number.isFinite(score) || score <= 0) return 0;
  const stamps = Math.floor(score / CHECKOUT_CONSTANTS.euroPerStamp);
  return Math.min(CHECKOUT_CONSTANTS.stampSlots, Math.max(1, stamps));
}

/** The 10 slots of the card, filled from the left (true = stamped). */
export function stampSlots(score: number): boolean[] {
  const filled = stampsShown(score);
  return Array.from({ length: CHECKOUT_CONSTANTS.stampSlots }, (_, i) => i < filled);
}

/** True when the card is full: 10 stamps give a discount on the next order. */
export function isStampCardFull(score: number): boolean {
  return stampsShown(score) >= CHECKOUT_CONSTANTS.stampsForDiscount;
}

/** Score points an order earns: its total in whole euros (cents rounded down). */
export function stampPointsForOrder(totalCents: number): number {
  if (!Number.isFinite(totalCents) || totalCents <= 0) return 0;
  return Math.floor(totalCents / 100);
}

/** Score points a full card stands for, consumed when its discount is redeemed: 10 stamps of 10 euros. */
export function fullCardPoints(): number {
  return CHECKOUT_CONSTANTS.stampsForDiscount * CHECKOUT_CONSTANTS.euroPerStamp;
}

/** The score left after redemptions (never below 0). */
export function stampScore(earnedPoints: number, redeemedPoints: number): number {
  return Math.max(0, earnedPoints - redeemedPoints);
}
