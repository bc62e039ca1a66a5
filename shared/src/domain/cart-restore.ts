import { cartLine, type Cart, type CartLine, type SavedCart } from '../contract/cart';
import { isServerCartFresh } from './cart-lock';

export { cartIdClearAt } from './cart-lock';

/**
 * Cart protection and restore (requirements#shop-behaviour):
 * - After restoring items from saved storage (the local copy when a page starts, or a server cart
 *   from a `cartId` link) the cart is locked for 3 s: increments, decrements and updates are
 *   ignored meanwhile.
 * - A restore is skipped when the cart is not empty.
 * - The local copy is kept for 12 h (ADR 0005 decides the spec's "12 h (432000000 ms)").
 * - A server cart is restored only if it was modified less than 4 h ago; after a successful
 *   restore the cart id is cleared after 20 s.
 */

/** Keeps the lines that are valid cart lines; anything else in stored or received data is dropped. */
export function sanitizeLines(raw: unknown): Cart {
  if (!Array.isArray(raw)) return [];
  const lines: CartLine[] = [];
  const seen = new Set<string>();
  for (const entry of raw) {
    const parsed = cartLine.safeParse(entry);
    if (!parsed.success || seen.has(parsed.data.cartItemId)) continue;
    seen.add(parsed.data.cartItemId);
    lines.push(parsed.data);
  }
  return lines;
}

export type ServerRestoreDecision =
  { readonly kind: 'restore'; readonly cart: Cart } | { readonly kind: 'skip-not-empty' } | { readonly kind: 'expired' } | { readonly kind: 'empty' };

/**
 * What to do with a server cart for a `cartId` link: restore it into an empty cart when it is
 * fresh and has lines; fee lines are not restored (the checkout adds them).
 */
export function decideServerRestore(current: Cart, saved: SavedCart, now: number): ServerRestoreDecision {
  if (current.length > 0) return { kind: 'skip-not-empty' };
  if (!isServerCartFresh(saved.lastModified, now)) return { kind: 'expired' };
  const lines = sanitizeLines(saved.items).filter((l) => l.kind !== 'fee');
  if (lines.length === 0) return { kind: 'empty' };
  return { kind: 'restore', cart: lines };
}
