import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { paymentsOf } from '../payments/registry';
import { markOrderAuthorized } from '../payments/service';
import type { CollectionModule } from './registry';

/** Orders are read by their unique order id, an unguessable capability (it is the order page's URL). */
export const ordersCollection: CollectionModule<'orders'> = {
  async load(query, ctx) {
    const rows = await ctx.db.select().from(orders).where(eq(orders.uniqueOrderId, query.uniqueOrderId));
    return rows.map((r) => r.data);
  },
  /**
   * Mark order authorized (checkout-spec §7): only after the payment provider confirms the
   * authorization for this order and its total; the client's fields are a claim, the server sets
   * authCompleted, authCompletedAt, psp, captured, storno, sentToPos and paymentAuth itself.
   * Not yet confirmed: 409 (the client retries every 0.8 s); declined: 402.
   */
  async upsert(payload, ctx) {
    const order = await markOrderAuthorized(
      { db: ctx.db, payments: paymentsOf(ctx.db, ctx.now), events: ctx.events, now: ctx.now },
      payload.subjectKey.value,
      payload.updates.psp,
    );
    return order as unknown as Record<string, unknown>;
  },
};
