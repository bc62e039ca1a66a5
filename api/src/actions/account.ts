import { and, eq, ne, sql, sum } from 'drizzle-orm';
import type { Address, AppUser } from '@shop/shared/contract';
import { isAccountHolder } from '@shop/shared/domain/account-holder';
import { earnsStamps } from '@shop/shared/domain/order-lifecycle';
import { addressWorthSending, normalizeEmail } from '@shop/shared/domain/person';
import { hasProfileErrors, profileErrors } from '@shop/shared/domain/profile';
import { fullCardPoints, stampPointsForOrder, stampScore } from '@shop/shared/domain/stamps';
import { profile as profileTexts } from '@shop/shared/i18n/profile';
import { deleteAccountData } from '../account/delete-account';
import { claimDeviceOrders } from '../account/claim-device-orders';
import { mergeAnonymousInto } from '../account/merge-anonymous';
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
 * The caller's own account: an anonymous guest session is not one (requirements#checkout-roles: stamps, saved
 * cards and the account record are for account holders).
 */
export function requireAccountHolder(ctx: ActionContext, fuid?: string): VerifiedUser {
  const user = fuid === undefined ? requireUser(ctx) : requireSelf(ctx, fuid);
  if (!isAccountHolder(user)) throw new ApiError(403, 'forbidden', 'An anonymous guest session has no account', profileTexts.accountRequired);
  return user;
}

async function storedUser(db: Db, fuid: string): Promise<AppUser | null> {
  const [row] = await db.select().from(appUsers).where(eq(appUsers.fuid, fuid));
  return row?.data ?? null;
}

async function writeUser(db: Db, next: AppUser): Promise<void> {
  await db
    .insert(appUsers)
    .values({ fuid: next.fuid, email: next.email, createdAt: next.createdAt, updatedAt: next.updatedAt, data: next })
    .onConflictDoUpdate({ target: appUsers.fuid, set: { email: next.email, updatedAt: next.updatedAt, data: next } });
}

/**
 * UpsertAppUser (requirements#calls): creates or updates the caller's account record. Uid, e-mail and
 * its verification come from the verified token, never from the payload; an address is stored
 * only when its street is non-empty (requirements#shop-validation), otherwise the stored one is kept.
 */
const UpsertAppUser: ActionHandler<'UpsertAppUser'> = async (payload, ctx) => {
  const user = requireAccountHolder(ctx, payload.fuid);
  const now = ctx.now();
  const before = (await storedUser(ctx.db, user.uid)) ?? undefined;
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
  await writeUser(ctx.db, next);
  return { user: next };
};

/** LoadAppUser: the caller's account record (requirements#calls "account is reloaded"). */
const LoadAppUser: ActionHandler<'LoadAppUser'> = async ({ fuid }, ctx) => {
  const user = requireAccountHolder(ctx, fuid);
  return { user: await storedUser(ctx.db, user.uid) };
};

/** Given: stored (it has a street, the profile rules checked it); null: removed; absent: kept. */
function nextAddress(given: Address | null | undefined, before: Address | undefined): { address?: Address } {
  if (given === null) return {};
  if (given !== undefined && addressWorthSending(given)) return { address: given };
  return before ? { address: before } : {};
}

/**
 * UpdateAppUserProfile: the Account page's profile. The same rules as the page (shared profile
 * rules); a refusal names the fields in German. E-mail and its verification stay the token's.
 */
const UpdateAppUserProfile: ActionHandler<'UpdateAppUserProfile'> = async (payload, ctx) => {
  const user = requireAccountHolder(ctx, payload.fuid);
  const empty = { company: '', street: '', plz: '', city: '' };
  const errors = profileErrors({
    name: payload.name,
    phone: payload.phone,
    invoiceAddress: payload.invoiceAddress ?? empty,
    deliveryAddress: payload.deliveryAddress ?? empty,
  });
  if (hasProfileErrors(errors)) {
    const issues = Object.entries(errors).map(([path, message]) => ({ path: `payload.${path}`, message: message ?? '' }));
    throw new ApiError(400, 'validation', `Invalid profile: ${issues.map((i) => i.path).join(', ')}`, Object.values(errors)[0], {}, issues);
  }
  const now = ctx.now();
  const before = (await storedUser(ctx.db, user.uid)) ?? undefined;
  const invoice = nextAddress(payload.invoiceAddress, before?.invoiceAddress);
  const delivery = nextAddress(payload.deliveryAddress, before?.deliveryAddress);
  const next: AppUser = {
    fuid: user.uid,
    name: payload.name.trim(),
    email: normalizeEmail(user.email ?? before?.email ?? ''),
    emailVerified: user.emailVerified,
    phone: payload.phone.trim(),
    providerId: user.providerId || before?.providerId || 'password',
    ...(before?.primaryCardId ? { primaryCardId: before.primaryCardId } : {}),
    ...(invoice.address ? { invoiceAddress: invoice.address } : {}),
    ...(delivery.address ? { deliveryAddress: delivery.address } : {}),
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
  await writeUser(ctx.db, next);
  return { user: next };
};

/**
 * DeleteAppUser (GDPR erasure): the caller's own account only; an anonymous guest may erase its
 * orders' personal data too. Everything tied to the account is deleted or anonymised
 * (deleteAccountData) and its ID tokens issued until now are refused from here on. Where the
 * admin API can (Firebase credentials; the emulator), the Firebase user is deleted too, which
 * revokes every session and refresh token; the browser deletes it otherwise (and tolerates a user
 * already gone).
 */
const DeleteAppUser: ActionHandler<'DeleteAppUser'> = async ({ fuid }, ctx) => {
  const user = requireSelf(ctx, fuid);
  const ordersAnonymised = await deleteAccountData(ctx.db, {
    fuid: user.uid,
    email: user.email ? normalizeEmail(user.email) : null,
    deviceId: ctx.browserId,
    card: ctx.payments.card,
    now: ctx.now(),
  });
  await ctx.identity.deleteUser?.(user.uid);
  return { deleted: true as const, ordersAnonymised };
};

/**
 * MergeAnonymousUser: the caller (an account) proves it was the anonymous guest by that guest's ID
 * token; the guest's orders and this device's favourites move to the account, and the guest user
 * is deleted in Firebase.
 */
const MergeAnonymousUser: ActionHandler<'MergeAnonymousUser'> = async ({ anonymousIdToken }, ctx) => {
  const user = requireAccountHolder(ctx);
  const guest = await ctx.identity.verify(anonymousIdToken);
  if (!guest || !guest.isAnonymous) {
    throw new ApiError(403, 'forbidden', 'anonymousIdToken is not a valid ID token of an anonymous user', profileTexts.anonymousProofInvalid);
  }
  if (guest.uid === user.uid) return { movedOrders: 0 };
  const movedOrders = await mergeAnonymousInto(ctx.db, {
    anonymousUid: guest.uid,
    fuid: user.uid,
    email: user.email ? normalizeEmail(user.email) : null,
    deviceId: ctx.browserId,
    now: ctx.now(),
  });
  await ctx.identity.deleteUser?.(guest.uid);
  return { movedOrders };
};

/**
 * ClaimDeviceOrders: the account (not an anonymous session) takes over the orders this browser
 * placed as a guest, among those the device lists; their stamps come with them.
 */
const ClaimDeviceOrders: ActionHandler<'ClaimDeviceOrders'> = async ({ orders: listed }, ctx) => {
  const user = requireAccountHolder(ctx);
  // A staff account signing in on a device (the kitchen's tablet) takes no guest's orders.
  if (user.staff === true) return { claimedOrders: 0 };
  // Only orders whose access token the device holds: an order id is no credential.
  const uniqueOrderIds = listed.filter((o) => ctx.orderTokens.verify(o.uniqueOrderId, o.accessToken)).map((o) => o.uniqueOrderId);
  const claimedOrders = await claimDeviceOrders(ctx.db, { fuid: user.uid, browserId: ctx.browserId, uniqueOrderIds, now: ctx.now() });
  return { claimedOrders };
};

/**
 * The stamp card's score of a user: euros spent on stamp-collecting orders (one stamp per 10 euros,
 * requirements#checkout-constants) minus the points of redeemed cards.
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
 * Redeems a full stamp card for an order (its 'stempel-<fuid>' line, requirements#entities): consumes the
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

/** LoadStempelkarte (requirements#calls). Stamp type and discount come from the app config. */
const LoadStempelkarte: ActionHandler<'LoadStempelkarte'> = async ({ fuid }, ctx) => {
  const user = requireAccountHolder(ctx, fuid);
  const punktestand = await loadStampScore(ctx.db, user.uid);
  const { stamp } = await ctx.menus.appConfig();
  return { stempelkarte: { fuid: user.uid, punktestand, stempelType: stamp.type, discount: stamp.discount } };
};

export const accountHandlers = { UpsertAppUser, LoadAppUser, UpdateAppUserProfile, DeleteAppUser, MergeAnonymousUser, ClaimDeviceOrders, LoadStempelkarte };
