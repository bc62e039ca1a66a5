import { emit } from '@shop/shared/bus';
import type { CartCommandHandler, CartCommandParams, CartCommandResult } from '@shop/shared/commands/cart';
import type { Cart } from '@shop/shared/contract';
import { addProductLine, exceedsStock, replaceLine } from '@shop/shared/domain/cart';
import { isCartLocked } from '@shop/shared/domain/cart-lock';
import { withFeeLines, withoutFeeLines } from '@shop/shared/domain/fees';
import { cartLockStore, cartStore, lockCart, untilCartUnlocked } from '@shop/shared/stores';

/**
 * The one writer of the cart store (docs/requirements.md#cart-protection). Every change, from this
 * remote's screens or from another app through `cartCommand` (@shop/shared/commands/cart), goes
 * through the functions of this module; the lint forbids `cartStore.set/update/reset` anywhere else
 * (eslint.config.mjs `storeWriters`). The restore lock lives here once.
 */

function write(next: Cart): boolean {
  const current = cartStore.get();
  if (next === current || JSON.stringify(next) === JSON.stringify(current)) return false;
  cartStore.set(next);
  return true;
}

/**
 * A guest's change on the cart screen (+/-, remove, note, coupon): ignored while the cart is locked
 * after a restore (for 3 s increments, decrements and updates are ignored). Returns whether it applied.
 */
export function updateCart(change: (cart: Cart) => Cart): boolean {
  if (isCartLocked(cartLockStore.getValue(), Date.now())) return false;
  write(change(cartStore.get()));
  return true;
}

/** The cart's own re-pricing after a menu or order mode change (never a guest's change, so not locked). */
export function applyRepricedCart(cart: Cart): void {
  write(cart);
}

/** A restore from a shared server cart: the restored lines, then the 3 s lock. */
export function restoreCart(cart: Cart, at: number): void {
  write(cart);
  lockCart(at);
}

async function add({ line, stockEnabled }: CartCommandParams<'add'>): Promise<CartCommandResult<'add'>> {
  // A guest's own add is not dropped by the restore lock: it waits for the lock to end.
  await untilCartUnlocked();
  const cart = cartStore.get();
  if (stockEnabled && exceedsStock(cart, line, line.count)) return { outcome: 'stock-limit', bestand: line.bestand ?? 0 };
  const result = addProductLine(cart, line);
  if (result.outcome === 'ignored-unikat') return { outcome: 'ignored-unikat' };
  write(result.cart);
  if (result.accepted > 0) emit('cart:item-added', { cartItemId: result.cartItemId, id: line.id, count: result.accepted });
  return { outcome: result.outcome, cartItemId: result.cartItemId, accepted: result.accepted };
}

async function replace({ cartItemId, line }: CartCommandParams<'replace'>): Promise<CartCommandResult<'replace'>> {
  await untilCartUnlocked();
  if (!cartStore.get().some((l) => l.cartItemId === cartItemId)) return { outcome: 'missing' };
  write(replaceLine(cartStore.get(), cartItemId, line));
  emit('cart:item-added', { cartItemId, id: line.id, count: line.count });
  return { outcome: 'updated' };
}

/** The handler registered for other apps (startCartServices). */
export const cartCommandHandler: CartCommandHandler = {
  add,
  replace,
  setFees: async ({ fees }) => ({ changed: write(withFeeLines(cartStore.get(), fees)) }),
  removeFees: async () => ({ changed: write(withoutFeeLines(cartStore.get())) }),
  clear: async () => ({ changed: write([]) }),
};
