import { SHOP_CONSTANTS } from './shop-constants';

/**
 * The one quantity rule of a cart line (docs/requirements.md#cart-protection): whole numbers from
 * 1 to 99, the same on the item page, in the cart and on the server. Nothing outside the range is
 * ever stored, so no line is dropped later for an impossible count.
 */
export const MIN_QUANTITY = SHOP_CONSTANTS.minLineCount;
export const MAX_QUANTITY = SHOP_CONSTANTS.maxLineCount;

/** Whether `count` is an allowed quantity of one line. */
export function isAllowedQuantity(count: number): boolean {
  return Number.isInteger(count) && count >= MIN_QUANTITY && count <= MAX_QUANTITY;
}

/** The nearest allowed quantity (not a number: the minimum). */
export function clampQuantity(count: number): number {
  if (!Number.isFinite(count)) return count === Number.POSITIVE_INFINITY ? MAX_QUANTITY : MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.floor(count)));
}
