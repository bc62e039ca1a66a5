import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';

/**
 * A guest ordered on this device, then signed up or in: the device's guest orders become the
 * account's, and with them their stamps (docs/requirements.md#stamp-card). Only orders this browser
 * placed (its browser id is a secret, docs/security.md) without an account, and only those the
 * device lists as its own. An order that collected no stamps because it had no account collects them
 * now where the stamp card was on when it was placed (it names a stempelType). Returns how many moved.
 */
export async function claimDeviceOrders(db: Db, input: { fuid: string; browserId: string; uniqueOrderIds: readonly string[]; now: number }): Promise<number> {
  if (input.uniqueOrderIds.length === 0) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: orders.uniqueOrderId, data: orders.data })
      .from(orders)
      .where(and(inArray(orders.uniqueOrderId, [...input.uniqueOrderIds]), eq(orders.browserId, input.browserId), isNull(orders.fuid)))
      .for('update');
    for (const row of rows) {
      const data = {
        ...row.data,
        fuid: input.fuid,
        userInfo: { ...row.data.userInfo, fuid: input.fuid },
        ...(row.data.stempelType !== undefined ? { collectStempel: true } : {}),
      };
      await tx.update(orders).set({ fuid: input.fuid, data, updatedAt: input.now }).where(eq(orders.uniqueOrderId, row.id));
    }
    return rows.length;
  });
}
