import { SHOP_CONSTANTS } from './shop-constants';

/**
 * The pure timing rules of cart protection and restore (requirements#shop-behaviour): the 3 s lock after a
 * restore, the local and server restore windows, clearing the cart id 20 s after a restore.
 * Free of the contract (zod), so the widgets on every page can use them cheaply.
 */

/** The end of the lock that starts with a restore now. */
export function lockUntil(now: number): number {
  return now + SHOP_CONSTANTS.cartLockMs;
}

/** Whether changes are ignored now (lockedUntil: end of the last restore lock, 0 for none). */
export function isCartLocked(lockedUntil: number, now: number): boolean {
  return now < lockedUntil;
}

/**
 * Whether a locally saved cart (stored at `savedAt`) may still be restored.
 * @public The rule of the local restore window; the cart store keeps it through its ttlMs (shared/src/stores/shop-stores.ts).
 */
export function isLocalCartFresh(savedAt: number, now: number): boolean {
  return now - savedAt <= SHOP_CONSTANTS.localCartWindowMs;
}

/** Whether a server cart may be restored: modified less than 4 h ago. */
export function isServerCartFresh(lastModified: number, now: number): boolean {
  return now - lastModified < SHOP_CONSTANTS.serverCartMaxAgeMs;
}

/** When the cart id of a successful restore is cleared. */
export function cartIdClearAt(restoredAt: number): number {
  return restoredAt + SHOP_CONSTANTS.cartIdClearAfterMs;
}
