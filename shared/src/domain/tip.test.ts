import { describe, expect, it } from 'vitest';
import { DEFAULT_TIP_PERCENT, TIP_OPTIONS, isTipPercent, tipAmount, totalWithTip } from './tip';

describe('tip (checkout-spec §2, §9)', () => {
  it('offers 0, 5, 10 and 15 percent with 5 percent as default', () => {
    expect(TIP_OPTIONS).toEqual([0, 5, 10, 15]);
    expect(DEFAULT_TIP_PERCENT).toBe(5);
  });
  it('computes the tip from the payer sum, rounded to cents', () => {
    expect(tipAmount(2390, 10)).toBe(239);
    expect(tipAmount(2395, 5)).toBe(120); // 119.75 -> 120
    expect(tipAmount(1999, 15)).toBe(300); // 299.85 -> 300
    expect(tipAmount(2390, 0)).toBe(0);
  });
  it('adds the tip to the total', () => {
    expect(totalWithTip(2390, 10)).toBe(2629);
    expect(totalWithTip(1000, 5)).toBe(1050);
  });
  it('refuses a percentage that is not offered', () => {
    expect(isTipPercent(7)).toBe(false);
    expect(() => tipAmount(1000, 7 as never)).toThrow(RangeError);
  });
});
