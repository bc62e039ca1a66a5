import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, stampRedemptions, userPreferences } from '../db/schema';

/**
 * An anonymous guest signed in to an existing account (requirements#shop-behaviour: anonymous upgrade conflict):
 * the guest's orders (with their stamps) become the account's, and this device's favourites are
 * linked to the account's e-mail. Idempotent: a second call moves nothing.
 */
export async function mergeAnonymousInto(
  db: Db,
  input: { anonymousUid: string; fuid: string; email: string | null; deviceId: string; now: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: orders.uniqueOrderId, data: orders.data }).from(orders).where(eq(orders.fuid, input.anonymousUid)).for('update');
    for (const row of rows) {
      const data = { ...row.data, fuid: input.fuid, userInfo: { ...row.data.userInfo, fuid: input.fuid } };
      await tx.update(orders).set({ fuid: input.fuid, data, updatedAt: input.now }).where(eq(orders.uniqueOrderId, row.id));
    }
    await tx.update(stampRedemptions).set({ fuid: input.fuid }).where(eq(stampRedemptions.fuid, input.anonymousUid));
    if (input.email) {
      // The device's preferences document (favourites) now belongs to the account's e-mail too,
      // unless it is already another account's.
      await tx
        .update(userPreferences)
        .set({ email: input.email, data: sql`${userPreferences.data} || ${JSON.stringify({ email: input.email })}::jsonb`, updatedAt: input.now })
        .where(and(eq(userPreferences.deviceId, input.deviceId), or(isNull(userPreferences.email), eq(userPreferences.email, input.email))));
    }
    return rows.length;
  });
}
