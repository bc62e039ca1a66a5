import { beforeEach, describe, expect, it } from 'vitest';
import { isCartLocked } from '@shop/shared/domain/cart-lock';
import { cartLockStore, cartStore } from '@shop/shared/stores';
import { testLine } from '@shop/shared/testing/orders';
import { lockRestoredCart } from './restore-lock';

const NOW = 1_800_000_000_000;

describe('the restore lock at start (requirements#shop-behaviour)', () => {
  beforeEach(() => {
    cartStore.reset();
    cartLockStore.next(0);
  });

  it('a restored cart with lines is locked at once, for 3 s from the start', () => {
    cartStore.set([testLine({ name: 'Tacos al Pastor' })]);
    lockRestoredCart(NOW);
    expect(isCartLocked(cartLockStore.getValue(), NOW)).toBe(true);
    expect(isCartLocked(cartLockStore.getValue(), NOW + 2_999)).toBe(true);
    expect(isCartLocked(cartLockStore.getValue(), NOW + 3_000)).toBe(false);
  });

  it('an empty cart is not locked', () => {
    lockRestoredCart(NOW);
    expect(isCartLocked(cartLockStore.getValue(), NOW)).toBe(false);
  });
});
