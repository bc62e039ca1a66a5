import { eq, sql } from 'drizzle-orm';
import type { SavedOrder } from '@shop/shared/contract';
import type { Db } from '../db/client';
import { orders } from '../db/schema';

/**
 * An order without the person (GDPR erasure): no name, e-mail, phone, addresses, company, user id,
 * push token or browser details, and no free text the guest wrote (the order's note and the lines'
 * notes may name a person or a phone number). What was bought, when, for how much and how it was
 * paid stays (the restaurant's books).
 */
export function anonymisedOrder(order: SavedOrder): SavedOrder {
  const { invoiceAddress: _invoice, deliveryAddress: _delivery, pushToken: _push, userAgentData: _agent, mehrwegOptionCompanyName: _company, ...rest } = order;
  return {
    ...rest,
    fuid: null,
    asGuest: true,
    note: '',
    orderData: order.orderData.map((line) => (line.kind === 'product' ? { ...line, notes: '' } : line)),
    userInfo: { fuid: null, name: '', email: '', phone: '' },
  };
}

/** Anonymises every order of a user, in one transaction; returns how many. */
export async function anonymiseOrdersOf(db: Db, fuid: string, now: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: orders.uniqueOrderId, data: orders.data }).from(orders).where(eq(orders.fuid, fuid)).for('update');
    for (const row of rows) {
      await tx
        .update(orders)
        .set({ fuid: null, data: anonymisedOrder(row.data), updatedAt: sql`greatest(${orders.updatedAt}, ${now})` })
        .where(eq(orders.uniqueOrderId, row.id));
    }
    return rows.length;
  });
}
