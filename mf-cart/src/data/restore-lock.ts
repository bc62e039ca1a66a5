import { cartStore, lockCart } from '@shop/shared/stores';

/**
 * A non-empty cart restored from local storage at start (`at`) locks the cart for 3 s
 * (requirements#shop-behaviour). Part of the cart's commands, but loaded with the badge: the lock
 * holds from the first render, so a control is never enabled first and disabled under the guest's finger.
 */
export function lockRestoredCart(at: number): void {
  if (cartStore.savedAt() !== null && cartStore.get().length > 0) lockCart(at);
}
