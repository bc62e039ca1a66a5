import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SavedOrder } from '@shop/shared/contract';
import { userChannel } from '@shop/shared/contract';
import { isCancelledOrFinished } from '@shop/shared/domain/orders';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { orders } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { ActionHandler } from './context';

/** Orders served at or collected from the restaurant: only these have an all-ready step. */
const IN_HOUSE_USECASES: readonly SavedOrder['usecase'][] = ['tableordering', 'inhouseMobilePayment', 'selfservice'];

/**
 * GetLastSelfOrders (checkout-spec §7): the caller's last orders, newest first. A signed-in user
 * (verified token) gets the orders of the account from any device; a guest gets the orders this
 * browser saved without an account.
 */
const GetLastSelfOrders: ActionHandler<'GetLastSelfOrders'> = async (_payload, ctx) => {
  const where = ctx.user ? eq(orders.fuid, ctx.user.uid) : and(eq(orders.browserId, ctx.browserId), isNull(orders.fuid));
  const rows = await ctx.db
    .select({ data: orders.data })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt))
    .limit(SHOP_CONSTANTS.lastOrdersMax);
  return { orders: rows.map((r) => r.data) };
};

/**
 * ConfirmAllReady: marks an in-house order allReady (the group is done) and tells the staff and the
 * user channel. Confirming twice answers with the same order.
 */
const ConfirmAllReady: ActionHandler<'ConfirmAllReady'> = async ({ uniqueOrderId }, ctx) => {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.uniqueOrderId, uniqueOrderId));
  if (!row) throw new ApiError(404, 'not_found', `Order ${uniqueOrderId} does not exist`);
  const order = row.data;
  if (order.allReady) return { order };
  if (!IN_HOUSE_USECASES.includes(order.usecase)) {
    throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} (${order.usecase}) is not an in-house order`);
  }
  if (isCancelledOrFinished(order)) throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} is ${order.storno ? 'cancelled' : order.state}`);
  // One atomic jsonb update, so a concurrent change of other fields (kitchen, payment) is kept.
  const [written] = await ctx.db
    .update(orders)
    .set({ data: sql`jsonb_set(${orders.data}, '{allReady}', 'true'::jsonb)`, updatedAt: ctx.now() })
    .where(eq(orders.uniqueOrderId, uniqueOrderId))
    .returning({ data: orders.data });
  const updated = written!.data;
  const event = { type: 'orderUpdated' as const, uniqueOrderId, state: updated.state };
  await ctx.events.publish('staff', event);
  if (updated.fuid) await ctx.events.publish(userChannel(updated.fuid), event);
  return { order: updated };
};

export const ordersHandlers = { GetLastSelfOrders, ConfirmAllReady };
