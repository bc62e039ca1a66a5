import { eq } from 'drizzle-orm';
import type { SavedOrder } from '@shop/shared/contract';
import type { ActionContext } from '../actions/context';
import { orders } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { OrderRow } from './lifecycle';

/**
 * Who may read, follow and pay an order (docs/security.md): the browser that placed it (its browser
 * id is a secret), the signed-in account that placed it, whoever holds the order's access token
 * (the guest's order page), and the staff. An order id alone is not enough.
 */
export function mayAccessOrder(row: Pick<OrderRow, 'uniqueOrderId' | 'browserId' | 'fuid'>, ctx: ActionContext, accessToken?: string | null): boolean {
  if (row.browserId === ctx.browserId) return true;
  if (row.fuid !== null && ctx.user?.uid === row.fuid) return true;
  if (ctx.user?.staff === true) return true;
  return ctx.orderTokens.verify(row.uniqueOrderId, accessToken);
}

/** The order if the caller may access it; otherwise 404, so that a guessed id reveals nothing. */
export async function orderForCaller(ctx: ActionContext, uniqueOrderId: string, accessToken?: string | null): Promise<OrderRow> {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.uniqueOrderId, uniqueOrderId));
  if (!row || !mayAccessOrder(row, ctx, accessToken)) throw new ApiError(404, 'not_found', `Order ${uniqueOrderId} not found`);
  return row;
}

/**
 * The order document for a caller: without server-only fields (the browser id, the device's push
 * token), with the access token for its owner.
 */
export function orderDocument(row: OrderRow, ctx: ActionContext, options: { withToken: boolean }): SavedOrder {
  const { btaste: _browser, pushToken: _pushToken, ...data } = row.data as SavedOrder & { btaste?: string };
  const { btaste: _userBrowser, ...userInfo } = data.userInfo;
  return { ...data, userInfo, ...(options.withToken ? { accessToken: ctx.orderTokens.issue(row.uniqueOrderId) } : {}) };
}
