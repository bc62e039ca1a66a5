import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { RECORD_BYTES } from '@shop/shared/contract';
import { couponState } from '@shop/shared/domain/coupons';
import { sanitizeLines } from '@shop/shared/domain/cart-restore';
import { assertRecordSize } from '../collections/record-bounds';
import { carts } from '../db/schema';
import { ApiError } from '../http/api-error';
import { createCouponRepository, mayUse } from '../orders/coupon-repository';
import type { ActionHandler, HandlerMap } from './context';

/**
 * LoadCoupons: without a code the coupons a guest may see (public, usable now, plus the signed-in
 * user's own individual coupons) and the active offers; with a code that one coupon, whatever its
 * state, so the guest learns that it is expired or used. Individual coupons of other accounts
 * are answered like unknown codes.
 */
const LoadCoupons: ActionHandler<'LoadCoupons'> = async (payload, ctx) => {
  const repo = createCouponRepository(ctx.db);
  const now = ctx.now();
  const fuid = ctx.user?.uid ?? null;
  const offers = await repo.activeOffers(now);
  if (payload?.couponCode !== undefined) {
    const found = await repo.find(payload.couponCode);
    if (found && mayUse(found, fuid)) return { coupons: [found.coupon], offers };
    // A personal voucher typed by a guest who is not signed in: they are asked to sign in. For another
    // account it stays an unknown code (docs/requirements.md#coupons-personal).
    return { coupons: [], offers, ...(found && fuid === null && found.coupon.type === 'individual' ? { signInRequired: true } : {}) };
  }
  const shown = (await repo.all()).filter((s) => {
    const own = s.coupon.type === 'individual' && mayUse(s, fuid);
    const listed = s.coupon.visibility === 'public' && s.coupon.type !== 'individual';
    const state = couponState(s.coupon, now);
    return (own || listed) && (state === 'ok' || state === 'not-applicable');
  });
  return { coupons: shown.map((s) => s.coupon), offers };
};

/** LoadCartItems (requirements#calls Restore cart): the saved cart, or 404 for an unknown id. */
const LoadCartItems: ActionHandler<'LoadCartItems'> = async ({ cartId }, ctx) => {
  const row = (await ctx.db.select().from(carts).where(eq(carts.cartId, cartId)))[0];
  if (!row) throw new ApiError(404, 'not_found', `No cart ${cartId}`);
  return { cart: { items: sanitizeLines(row.items), lastModified: row.lastModified, context: { sourceDevice: row.sourceDevice } } };
};

function newCartId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/**
 * SaveCart: saves the cart for a `cartId` link. The browser that saved a cart may update it under
 * the same id; any other browser (or an unknown id) gets a new id, so a link can never be used
 * to overwrite someone else's cart.
 */
const SaveCart: ActionHandler<'SaveCart'> = async ({ items, cartId, sourceDevice }, ctx) => {
  const now = ctx.now();
  const lines = sanitizeLines(items).filter((l) => l.kind !== 'fee');
  if (lines.length === 0) throw new ApiError(400, 'validation', 'The cart has no lines to save');
  assertRecordSize({ items: lines, sourceDevice }, RECORD_BYTES.cart, 'The saved cart');
  if (cartId) {
    const updated = await ctx.db
      .update(carts)
      .set({ items: lines, lastModified: now, ...(sourceDevice !== undefined ? { sourceDevice } : {}) })
      .where(and(eq(carts.cartId, cartId), eq(carts.browserId, ctx.browserId)))
      .returning({ cartId: carts.cartId });
    if (updated[0]) return { cartId, lastModified: now };
  }
  const id = newCartId();
  await ctx.db
    .insert(carts)
    .values({ cartId: id, browserId: ctx.browserId, items: lines, sourceDevice: sourceDevice ?? '', createdAt: now, lastModified: now });
  return { cartId: id, lastModified: now };
};

export const cartHandlers = { LoadCoupons, LoadCartItems, SaveCart } satisfies Pick<HandlerMap, 'LoadCoupons' | 'LoadCartItems' | 'SaveCart'>;
