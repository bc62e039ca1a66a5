import { describe, expect, it } from 'vitest';
import { clampQuantity, isAllowedQuantity, MAX_QUANTITY, MIN_QUANTITY } from './quantity';

describe('quantity rule 1–99 (docs/requirements.md#cart-protection)', () => {
  it('pins the range to 1–99', () => {
    expect(MIN_QUANTITY).toBe(1);
    expect(MAX_QUANTITY).toBe(99);
  });

  it('allows whole numbers from 1 to 99 only', () => {
    expect(isAllowedQuantity(1)).toBe(true);
    expect(isAllowedQuantity(99)).toBe(true);
    expect(isAllowedQuantity(0)).toBe(false);
    expect(isAllowedQuantity(100)).toBe(false);
    expect(isAllowedQuantity(2.5)).toBe(false);
    expect(isAllowedQuantity(Number.NaN)).toBe(false);
  });

  it('clamps into the range', () => {
    expect(clampQuantity(106)).toBe(99);
    expect(clampQuantity(100)).toBe(99);
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-3)).toBe(1);
    expect(clampQuantity(7.9)).toBe(7);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(clampQuantity(Number.POSITIVE_INFINITY)).toBe(99);
  });
});
