import { describe, expect, it } from 'vitest';
import { coupon } from '@shop/shared/contract';
import { couponValueText } from './redeem';
import { rememberCoupon, savedCoupons, savedCouponsStore } from './saved-coupons';

const NOW = 1_800_000_000_000;
const DAY = 86_400_000;

describe('coupons kept on the device (saveForDays)', () => {
  it('keeps a coupon for saveForDays days, once per code; coupons without saveForDays are not kept', () => {
    savedCouponsStore.reset();
    rememberCoupon(coupon.parse({ couponCode: 'WILLKOMMEN5', type: 'amount', title: 'W', amount: 500, saveForDays: 14 }), NOW);
    rememberCoupon(coupon.parse({ couponCode: 'willkommen5', type: 'amount', title: 'W', amount: 500, saveForDays: 14 }), NOW + DAY);
    rememberCoupon(coupon.parse({ couponCode: 'OHNE', type: 'amount', title: 'O', amount: 100 }), NOW);
    expect(savedCoupons(savedCouponsStore.get(), NOW + 14 * DAY).map((c) => c.couponCode)).toEqual(['willkommen5']);
    expect(savedCoupons(savedCouponsStore.get(), NOW + 15 * DAY)).toEqual([]);
  });
});

describe('couponValueText', () => {
  it('says what each coupon type gives, in German', () => {
    expect(couponValueText({ type: 'amount', amount: 500, discount: 0 })).toBe('5,00\u00a0€ Rabatt');
    expect(couponValueText({ type: 'discount', amount: 0, discount: 10 })).toBe('10 % Rabatt');
    expect(couponValueText({ type: 'bundle', amount: 0, discount: 0, fixedprice: 990 })).toBe('Bundle für 9,90\u00a0€');
    expect(couponValueText({ type: 'individual', amount: 800, discount: 0 })).toBe('Persönlicher Gutschein über 8,00\u00a0€');
  });
});
