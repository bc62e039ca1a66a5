import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Coupon, Offer } from '@shop/shared/contract';
import { normalizeCouponCode } from '@shop/shared/domain/coupons';
import type { Db } from '../db/client';
import { couponRedemptions, coupons, offers } from '../db/schema';

export interface StoredCoupon {
  /** The coupon with `redeemed` set from the redemptions (single-use coupons). */
  readonly coupon: Coupon;
  /** The account an individual coupon belongs to. */
  readonly ownerFuid: string | null;
}

/** Whether a user may see and redeem a coupon: individual coupons only by their owner. */
export function mayUse(stored: StoredCoupon, fuid: string | null): boolean {
  return stored.coupon.type !== 'individual' || (stored.ownerFuid !== null && stored.ownerFuid === fuid);
}

/** The server's coupons and offers: the authority for every reduction. */
export function createCouponRepository(db: Db) {
  async function redeemedCodes(codes: readonly string[], exceptOrder?: string): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await db
      .select({ code: couponRedemptions.singleUseKey })
      .from(couponRedemptions)
      .where(
        and(
          isNotNull(couponRedemptions.singleUseKey),
          inArray(couponRedemptions.singleUseKey, [...codes]),
          ...(exceptOrder ? [ne(couponRedemptions.uniqueOrderId, exceptOrder)] : []),
        ),
      );
    return new Set(rows.map((r) => r.code).filter((c): c is string => c !== null));
  }

  function withRedeemed(row: typeof coupons.$inferSelect, redeemed: Set<string>): StoredCoupon {
    return {
      coupon: { ...row.data, couponCode: row.code, redeemed: !row.data.allowMulti && redeemed.has(row.code) },
      ownerFuid: row.ownerFuid,
    };
  }

  return {
    /**
     * Coupons by code (normalised); unknown codes are missing from the map. `exceptOrder`: the
     * redemptions of that order (being changed) do not count as redeemed.
     */
    async findMany(codes: readonly string[], options: { exceptOrder?: string } = {}): Promise<Map<string, StoredCoupon>> {
      const normalized = [...new Set(codes.map(normalizeCouponCode))];
      if (normalized.length === 0) return new Map();
      const rows = await db.select().from(coupons).where(inArray(coupons.code, normalized));
      const redeemed = await redeemedCodes(
        rows.map((r) => r.code),
        options.exceptOrder,
      );
      return new Map(rows.map((r) => [r.code, withRedeemed(r, redeemed)]));
    },
    async find(code: string): Promise<StoredCoupon | undefined> {
      return (await this.findMany([code])).get(normalizeCouponCode(code));
    },
    /** Every coupon, in the restaurant's order. */
    async all(): Promise<StoredCoupon[]> {
      const rows = await db.select().from(coupons).orderBy(asc(coupons.sort), asc(coupons.code));
      const redeemed = await redeemedCodes(rows.filter((r) => !r.data.allowMulti).map((r) => r.code));
      return rows.map((r) => withRedeemed(r, redeemed));
    },
    async activeOffers(now: number): Promise<Offer[]> {
      const rows = await db.select().from(offers).where(eq(offers.active, true)).orderBy(asc(offers.id));
      return rows.map((r) => r.data).filter((o) => o.validUntil === undefined || now <= o.validUntil);
    },
  };
}
export type CouponRepository = ReturnType<typeof createCouponRepository>;
