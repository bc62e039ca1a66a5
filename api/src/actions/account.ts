import { and, eq, ne, sql, sum } from 'drizzle-orm';
import type { AppUser } from '@shop/shared/contract';
import { earnsStamps } from '@shop/shared/domain/order-lifecycle';
import { addressWorthSending, normalizeEmail } from '@shop/shared/domain/person';
import { fullCardPoints, stampPointsForOrder, stampScore } from '@shop/shared/domain/stamps';
import type { Db } from '../db/client';
import { appUsers, orders, stampRedemptions } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { ActionContext, ActionHandler } from './context';
import type { VerifiedUser } from '../auth/verify';

/** The verified caller, or a 401 (the client swallows it; the account remote then re-authenticates). */
export function requireUser(ctx: ActionContext): VerifiedUser {
  if (!ctx.user) {
    throw new ApiError(401, 'unauthenticated', 'This action needs a valid Firebase ID token (Authorization: Bearer <token>)');
  }
  return ctx.user;
}

/** A user may only touch their own account. */
function requireSelf(ctx: ActionContext, fuid: string): VerifiedUser {
  const user = requireUser(ctx);
  if (user.uid !== fuid) throw new ApiError(403, 'forbidden', `fuid ${fuid} is not the signed-in user`);
  return user;
}

/**
 * UpsertAppUser (shop-spec §7): creates or updates the caller's account record. Uid, e-mail and
 * its verification come from the verified token, never from the payload; an address is stored
 * only when its street is non-empty (shop-spec §5), otherwise the stored one is kept.
 */
const UpsertAppUser: ActionHandler<'UpsertAppUser'> = async (payload, ctx) => {
  const user = requireSelf(ctx, payload.fuid);
  const now = ctx.now();
  const [existing] = await ctx.db.select().from(appUsers).where(eq(appUsers.fuid, user.uid));
  const before = existing?.data;
  const next: AppUser = {
    fuid: user.uid,
    name: payload.name || before?.name || user.name || '',
    email: normalizeEmail(user.email ?? (payload.email || before?.email || '')),
    emailVerified: user.emailVerified,
    phone: payload.phone || before?.phone || '',
    providerId: user.providerId || payload.providerId,
    ...(before?.primaryCardId ? { primaryCardId: before.primaryCardId } : {}),
    ...(addressWorthSending(payload.invoiceAddress)
      ? { invoiceAddress: payload.invoiceAddress }
      : before?.invoiceAddress
        ? { invoiceAddress: before.invoiceAddress }
        : {}),
    ...(addressWorthSending(payload.deliveryAddress)
      ? { deliveryAddress: payload.deliveryAddress }
      : before?.deliveryAddress
        ? { deliveryAddress: before.deliveryAddress }
        : {}),
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
  await ctx.db
    .insert(appUsers)
    .values({ fuid: next.fuid, email: next.email, createdAt: next.createdAt, updatedAt: now, data: next })
    .onConflictDoUpdate({ target: appUsers.fuid, set: { email: next.email, updatedAt: now, data: next } });
  return { user: next };
};

/**
 * The stamp card's score of a user: euros spent on stamp-collecting orders (one stamp per 10 euros,
 * checkout-spec §9) minus the points of redeemed cards.
 */
export async function loadStampScore(db: Db, fuid: string, exceptRedemptionOf?: string): Promise<number> {
  const rows = await db.select({ data: orders.data }).from(orders).where(eq(orders.fuid, fuid));
  const earned = rows
    .map((r) => r.data)
    .filter(earnsStamps)
    .reduce((total, o) => total + stampPointsForOrder(o.total), 0);
  const [redeemed] = await db
    .select({ points: sum(stampRedemptions.points) })
    .from(stampRedemptions)
    .where(and(eq(stampRedemptions.fuid, fuid), ...(exceptRedemptionOf ? [ne(stampRedemptions.uniqueOrderId, exceptRedemptionOf)] : [])));
  return stampScore(earned, Number(redeemed?.points ?? 0));
}

/**
 * Redeems a full stamp card for an order (its 'stempel-<fuid>' line, shop-spec §3): consumes the
 * points of 10 stamps. Call it inside the transaction that saves the order (`db.transaction`), so
 * that the redemption and the order commit together; concurrent redemptions of one user are
 * serialised by an advisory lock. Returns false when the card is not full. Idempotent per order.
 */
export async function redeemStampCard(tx: Db, fuid: string, uniqueOrderId: string, now: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stamp-card:${fuid}`}))`);
  const [already] = await tx.select().from(stampRedemptions).where(eq(stampRedemptions.uniqueOrderId, uniqueOrderId));
  if (already) return already.fuid === fuid;
  if ((await loadStampScore(tx, fuid)) < fullCardPoints()) return false;
  await tx.insert(stampRedemptions).values({ uniqueOrderId, fuid, points: fullCardPoints(), createdAt: now });
  return true;
}

/** LoadStempelkarte (shop-spec §7). Stamp type and discount come from the app config. */
const LoadStempelkarte: ActionHandler<'LoadStempelkarte'> = async ({ fuid }, ctx) => {
  const user = requireSelf(ctx, fuid);
  const punktestand = await loadStampScore(ctx.db, user.uid);
  const { stamp } = await ctx.menus.appConfig();
  return { stempelkarte: { fuid: user.uid, punktestand, stempelType: stamp.type, discount: stamp.discount } };
};

export const accountHandlers = { UpsertAppUser, LoadStempelkarte };
