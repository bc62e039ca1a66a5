import { describe, expect, it } from 'vitest';
import { DEFAULT_TIP_PERCENT, TIP_OPTIONS, isTipPercent, tipAmount, tipOffered } from './tip';

describe('tip (requirements#checkout-screens, requirements#checkout-constants)', () => {
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
  it('refuses a percentage that is not offered', () => {
    expect(isTipPercent(7)).toBe(false);
    expect(() => tipAmount(1000, 7 as never)).toThrow(RangeError);
  });
  it('is offered only in the in-house online flow with tip, and only when the venue offers tips', () => {
    expect(tipOffered('inhouseWithPayTip', { enableTip: true })).toBe(true);
    expect(tipOffered('inhouseWithPayTip', { enableTip: false })).toBe(false);
    for (const flow of ['takeawayWithPay', 'takeaway', 'deliveryWithPay', 'inhouseWithPay', 'mobilePayment', 'digital']) {
      expect(tipOffered(flow, { enableTip: true }), flow).toBe(false);
    }
  });
});
