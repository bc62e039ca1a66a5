import type { Coupon } from '@shop/shared/contract';
import { normalizeCouponCode } from '@shop/shared/domain/coupons';
import { createPersistentStore } from '@shop/shared/stores';

const DAY = 24 * 60 * 60 * 1000;

export interface SavedCoupon {
  readonly coupon: Coupon;
  /** Kept on this device until (ms). */
  readonly until: number;
}

/** Coupons a guest opened (code or link) with saveForDays: listed under 'Deine Gutscheine' that long. */
export const savedCouponsStore = createPersistentStore<SavedCoupon[]>('cart:savedCoupons', [], {
  parse: (raw) => (Array.isArray(raw) ? (raw as SavedCoupon[]) : undefined),
});

export function rememberCoupon(coupon: Coupon, now: number): void {
  if (!coupon.saveForDays) return;
  const code = normalizeCouponCode(coupon.couponCode);
  const until = now + coupon.saveForDays * DAY;
  savedCouponsStore.update((list) => [...list.filter((s) => normalizeCouponCode(s.coupon.couponCode) !== code && s.until > now), { coupon, until }]);
}

export function savedCoupons(list: readonly SavedCoupon[], now: number): Coupon[] {
  return list.filter((s) => s.until > now).map((s) => s.coupon);
}
