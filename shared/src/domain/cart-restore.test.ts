import { describe, expect, it } from 'vitest';
import type { SavedCart } from '../contract/cart';
import { couponLineOf, product } from './cart-test-fixtures';
import { cartIdClearAt, isCartLocked, isLocalCartFresh, isServerCartFresh, lockUntil } from './cart-lock';
import { decideServerRestore, sanitizeLines } from './cart-restore';
import { SHOP_CONSTANTS } from './shop-constants';

const NOW = 1_800_000_000_000;
const H = 3_600_000;

describe('cart lock after a restore (requirements#shop-behaviour)', () => {
  it('locks for 3 s', () => {
    const until = lockUntil(NOW);
    expect(until - NOW).toBe(3000);
    expect(isCartLocked(until, NOW + 2999)).toBe(true);
    expect(isCartLocked(until, NOW + 3000)).toBe(false);
    expect(isCartLocked(0, NOW)).toBe(false);
  });
});

describe('restore windows', () => {
  it('keeps the local cart for 12 h (ADR 0005)', () => {
    expect(SHOP_CONSTANTS.localCartWindowMs).toBe(43_200_000);
    expect(isLocalCartFresh(NOW - 12 * H, NOW)).toBe(true);
    expect(isLocalCartFresh(NOW - 12 * H - 1, NOW)).toBe(false);
  });

  it('restores a server cart modified less than 4 h ago', () => {
    expect(isServerCartFresh(NOW - 4 * H + 1, NOW)).toBe(true);
    expect(isServerCartFresh(NOW - 4 * H, NOW)).toBe(false);
  });

  it('clears the cart id 20 s after a successful restore', () => {
    expect(cartIdClearAt(NOW)).toBe(NOW + 20_000);
  });
});

describe('decideServerRestore', () => {
  const saved = (over: Partial<SavedCart> = {}): SavedCart => ({
    items: [product({ id: 'a', sizePrice: 100, cartItemId: 'x1' }), couponLineOf({ couponCode: 'C', type: 'amount', title: 'c', amount: 1 })],
    lastModified: NOW - H,
    context: { sourceDevice: 'Desktop' },
    ...over,
  });

  it('restores into an empty cart', () => {
    const decision = decideServerRestore([], saved(), NOW);
    expect(decision.kind).toBe('restore');
    expect(decision.kind === 'restore' && decision.cart.map((l) => l.cartItemId)).toEqual(['x1', 'specialCoupon-C']);
  });

  it('skips when the cart is not empty', () => {
    expect(decideServerRestore([product({ id: 'b', sizePrice: 1 })], saved(), NOW)).toEqual({ kind: 'skip-not-empty' });
  });

  it('refuses a cart modified 4 h ago or earlier', () => {
    expect(decideServerRestore([], saved({ lastModified: NOW - 4 * H }), NOW)).toEqual({ kind: 'expired' });
  });

  it('does not restore fee lines and reports an empty cart', () => {
    const fee = {
      kind: 'fee' as const,
      cartItemId: 'f',
      id: 'specialUniqueDeliveryFee',
      posId: 5007,
      nameToDisplay: 'Liefergebühr',
      count: 1 as const,
      itemTotal: 290,
    };
    expect(decideServerRestore([], saved({ items: [fee] }), NOW)).toEqual({ kind: 'empty' });
  });
});

describe('sanitizeLines', () => {
  it('keeps valid lines once and drops anything else', () => {
    const good = product({ id: 'a', sizePrice: 100, cartItemId: 'same' });
    expect(sanitizeLines([good, { ...good }, { kind: 'product', id: 'broken' }, 42, null])).toEqual([good]);
    expect(sanitizeLines('nope')).toEqual([]);
  });
});
