import type { Cart } from '@shop/shared/contract';
import { isCartLocked } from '@shop/shared/domain/cart-lock';
import { cartLockStore, cartStore } from '@shop/shared/stores';

/**
 * Changes the cart unless it is locked after a restore (shop-spec §4: for 3 s increments,
 * decrements and updates are ignored). Returns whether the change was applied.
 */
export function updateCart(change: (cart: Cart) => Cart): boolean {
  if (isCartLocked(cartLockStore.getValue(), Date.now())) return false;
  cartStore.update(change);
  return true;
}
