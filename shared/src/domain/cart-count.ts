import type { Cart, CartLine } from '../contract/cart';

// The cart's item count, apart from the cart's other rules: the cart badge is in every first load
// and needs nothing else (docs/requirements.md#perf-js-budget).

/** Ids of fee and coupon lines start with 'special'; the stamp-card coupon line with 'stempel-'. */
export function isSpecialId(id: string): boolean {
  return id.startsWith('special');
}

export function isStampId(id: string): boolean {
  return id.startsWith('stempel-');
}

/** Lines counted by the badge and the floating cart bar (requirements#screens: ids starting with special or stempel- are not). */
export function isCountedLine(line: CartLine): boolean {
  return !isSpecialId(line.id) && !isStampId(line.id);
}

/** Item count shown by the cart badge and used to show the floating cart bar. */
export function badgeCount(cart: Cart): number {
  let count = 0;
  for (const line of cart) if (isCountedLine(line)) count += line.count;
  return count;
}
