import type { AppConfig, CouponLine } from '@shop/shared/contract';
import { STAMP_LINE_PREFIX, stampCouponLine } from '@shop/shared/domain/coupons';
import { formatEuro } from '@shop/shared/domain/money';
import { fullCardPoints } from '@shop/shared/domain/stamps';
import { de, fill } from '@shop/shared/i18n';
import { loadStampScore } from '../actions/account';
import type { Db } from '../db/client';
import { ApiError } from '../http/api-error';

const t = de.cart;

/** The stamp line of a user's full card (requirements#entities), as the server builds it: its amount is the app config's. */
export function serverStampLine(fuid: string, config: AppConfig, now: number): CouponLine {
  return stampCouponLine(fuid, fill(t.stampCouponTitle, { amount: formatEuro(config.stamp.discount) }), config.stamp.discount, now);
}

/**
 * Checks the stamp-card line ('stempel-' + user id) of an order before it is saved: only the
 * signed-in owner of a full card may redeem it, for the config's discount. The points are
 * consumed in the order's transaction (`redeemStampCard`, persist-order.ts), which refuses a card
 * that a concurrent order emptied meanwhile.
 */
export async function verifyStampReward(
  line: CouponLine,
  ctx: { db: Db; fuid: string | null; config: AppConfig; stampsEnabled: boolean; now: number; exceptOrder?: string },
): Promise<CouponLine> {
  if (!ctx.fuid) throw new ApiError(409, 'coupon_invalid', 'A stamp line needs a signed-in user', t.couponNeedsLogin);
  if (line.id !== `${STAMP_LINE_PREFIX}${ctx.fuid}`) {
    throw new ApiError(409, 'coupon_invalid', `Stamp line ${line.id} does not belong to the signed-in user`, t.couponForeign);
  }
  if (!ctx.stampsEnabled) throw new ApiError(409, 'coupon_invalid', 'The stamp card is switched off', t.stampUnavailable);
  if (line.amount !== ctx.config.stamp.discount || line.type !== 'amount') {
    throw new ApiError(409, 'total_mismatch', `Stamp line amount ${line.amount} instead of ${ctx.config.stamp.discount}`, t.pricesChanged);
  }
  if ((await loadStampScore(ctx.db, ctx.fuid, ctx.exceptOrder)) < fullCardPoints()) {
    throw new ApiError(409, 'coupon_invalid', 'The stamp card is not full', t.stampNotFull);
  }
  return serverStampLine(ctx.fuid, ctx.config, ctx.now);
}
