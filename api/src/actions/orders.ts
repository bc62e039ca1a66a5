import { and, desc, eq, gte, isNull, notInArray, sql } from 'drizzle-orm';
import type { SavedOrder } from '@shop/shared/contract';
import { STAFF_CHANNEL } from '@shop/shared/contract';
import { resolveFeatures } from '@shop/shared/domain/features';
import { UNPAID_STATES } from '@shop/shared/domain/order-lifecycle';
import { isCancelledOrFinished } from '@shop/shared/domain/orders';
import { isMuted, repeatsLastCall, tablePagedEnough, WAITER_CALL_LIMITS } from '@shop/shared/domain/waiter-call';
import { orders as orderTexts } from '@shop/shared/i18n/orders';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { orders, signals } from '../db/schema';
import { ApiError } from '../http/api-error';
import { orderDocument, orderForCaller } from '../orders/access';
import { publishOrder } from '../orders/lifecycle';
import { mutedUntil } from '../orders/waiter-mutes';
import type { ActionHandler } from './context';

/** Orders served at or collected from the restaurant: only these have an all-ready step. */
const IN_HOUSE_USECASES: readonly SavedOrder['usecase'][] = ['tableordering', 'inhouseMobilePayment', 'selfservice'];

/**
 * GetLastSelfOrders (requirements#checkout-calls): the caller's last orders, newest first, each with its access
 * token. A signed-in user (verified token) gets the orders of the account from any device; a guest
 * gets the orders this browser saved without an account (the browser id is a secret). Unpaid and
 * expired online orders are not orders yet (or any more): they are not listed.
 */
const GetLastSelfOrders: ActionHandler<'GetLastSelfOrders'> = async (_payload, ctx) => {
  const owner = ctx.user ? eq(orders.fuid, ctx.user.uid) : and(eq(orders.browserId, ctx.browserId), isNull(orders.fuid));
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(owner, notInArray(orders.state, [...UNPAID_STATES, 'Expired'])))
    .orderBy(desc(orders.createdAt))
    .limit(SHOP_CONSTANTS.lastOrdersMax);
  return { orders: rows.map((r) => orderDocument(r, ctx, { withToken: true })) };
};

/**
 * ConfirmAllReady: marks an in-house order allReady (the group is done) and tells the staff and the
 * user channel. Confirming twice answers with the same order.
 */
const ConfirmAllReady: ActionHandler<'ConfirmAllReady'> = async ({ uniqueOrderId, accessToken }, ctx) => {
  const row = await orderForCaller(ctx, uniqueOrderId, accessToken);
  const order = row.data;
  if (order.allReady) return { order: orderDocument(row, ctx, { withToken: true }) };
  if (!IN_HOUSE_USECASES.includes(order.usecase)) {
    throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} (${order.usecase}) is not an in-house order`);
  }
  if (isCancelledOrFinished(order) || UNPAID_STATES.includes(order.state)) {
    throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} is ${order.storno ? 'cancelled' : order.state}`);
  }
  // One atomic jsonb update, so a concurrent change of other fields (kitchen, payment) is kept.
  const [written] = await ctx.db
    .update(orders)
    .set({ data: sql`jsonb_set(${orders.data}, '{allReady}', 'true'::jsonb)`, updatedAt: ctx.now() })
    .where(eq(orders.uniqueOrderId, uniqueOrderId))
    .returning();
  await publishOrder(ctx.events, written!.data);
  return { order: orderDocument(written!, ctx, { withToken: true }) };
};

/**
 * Kellnerruf (requirements#calls "Signal"): a guest at a table calls the waiter. The call is stored
 * (idempotent on signalId) and sent to the staff channel. A call from the same table of this
 * branch within a minute of the last one, or from a table that paged WAITER_CALL_LIMITS.pagesPerTable
 * times in its window, answers with the last call and pages nobody again; a table the staff muted
 * is refused (409, the guest is asked to speak to the staff). Per browser and IP: rate limit "waiter".
 */
const Kellnerruf: ActionHandler<'Kellnerruf'> = async ({ usecase, type, table, signalId }, ctx) => {
  const features = resolveFeatures((await ctx.menus.appConfig()).features, ctx.descriptor.features);
  if (!features.enableKellnerruf) {
    throw new ApiError(409, 'conflict', 'The waiter call is switched off (enableKellnerruf)', orderTexts.waiterCallOff);
  }
  const filialnummer = ctx.descriptor.branch.filialnummer;
  const now = ctx.now();
  const asSignal = (row: typeof signals.$inferSelect) => ({ signalId: row.signalId, table: row.table, createdAt: row.createdAt });

  const [same] = await ctx.db.select().from(signals).where(eq(signals.signalId, signalId));
  if (same) return { signal: asSignal(same), repeated: true };
  // The staff muted this table on the board: nobody is paged, the guest asks the staff directly.
  if (isMuted(await mutedUntil(ctx.db, filialnummer, table), now)) {
    throw new ApiError(409, 'conflict', `Waiter calls of table ${table} are muted by the staff`, orderTexts.waiterCallMuted);
  }
  const recent = await ctx.db
    .select()
    .from(signals)
    .where(and(eq(signals.filialnummer, filialnummer), eq(signals.table, table), gte(signals.createdAt, now - WAITER_CALL_LIMITS.tableWindowMs)))
    .orderBy(desc(signals.createdAt));
  const last = recent[0];
  // A repeat within the minute, or a table that paged as often as its window allows: the last call stands.
  if (last && (repeatsLastCall(last.createdAt, now) || tablePagedEnough(recent.length))) return { signal: asSignal(last), repeated: true };

  const [inserted] = await ctx.db
    .insert(signals)
    .values({ signalId, type, usecase, table, browserId: ctx.browserId, filialnummer, createdAt: now })
    .onConflictDoNothing()
    .returning();
  // A concurrent request with the same signalId won the insert: answer with its call.
  if (!inserted) {
    const [winner] = await ctx.db.select().from(signals).where(eq(signals.signalId, signalId));
    return { signal: asSignal(winner!), repeated: true };
  }
  await ctx.events.publish(STAFF_CHANNEL, { type: 'waiterCalled', signalId, table, at: now });
  return { signal: asSignal(inserted), repeated: false };
};

export const ordersHandlers = { GetLastSelfOrders, ConfirmAllReady, Kellnerruf };
