import { orderDocument, orderForCaller } from '../orders/access';
import { markOrderAuthorized, paymentDeps } from '../payments/service';
import type { CollectionModule } from './registry';

/**
 * Orders are read by their unique order id together with a capability: the order's access token,
 * or being its owner (the browser or account that placed it) or staff. Anyone else gets nothing.
 */
export const ordersCollection: CollectionModule<'orders'> = {
  async load(query, ctx) {
    try {
      const row = await orderForCaller(ctx, query.uniqueOrderId, query.accessToken);
      return [orderDocument(row, ctx, { withToken: true })];
    } catch {
      return [];
    }
  },
  /**
   * Mark order authorized (requirements#checkout-calls): only after the payment provider confirms the
   * authorization for this order and its total; the client's fields are a claim, the server sets
   * authCompleted, authCompletedAt, psp, captured, storno, sentToPos and paymentAuth itself.
   * Not yet confirmed: 409 (the client retries every 0.8 s); declined: 402; order closed: 410.
   */
  async upsert(payload, ctx) {
    const row = await orderForCaller(ctx, payload.subjectKey.value);
    const order = await markOrderAuthorized(paymentDeps(ctx), row.uniqueOrderId, payload.updates.psp);
    return { ...order, accessToken: ctx.orderTokens.issue(order.uniqueOrderId) };
  },
};
