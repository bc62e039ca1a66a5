import { describe, expect, it } from 'vitest';
import type { SavedOrder } from '@shop/shared/contract';
import { arrivalSignal } from './arrival-signal';

const orderOf = (...types: ('food' | 'drink')[]) => ({ orderData: types.map((type) => ({ kind: 'product', type })) }) as unknown as SavedOrder;

describe('the board signal for new arrivals (requirements#sounds)', () => {
  it('plays the order sound when a new order has food, the drinks sound for drinks only', () => {
    expect(arrivalSignal([orderOf('food', 'drink')])).toBe('order');
    expect(arrivalSignal([orderOf('drink'), orderOf('food')])).toBe('order');
    expect(arrivalSignal([orderOf('drink'), orderOf('drink', 'drink')])).toBe('drinks');
  });
  it('a waiter call (no new order) uses the order sound', () => {
    expect(arrivalSignal([])).toBe('order');
  });
});
