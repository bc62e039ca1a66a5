import { and, eq, or, sql } from 'drizzle-orm';
import type { SavedOrder } from '@shop/shared/contract';
import { de, fill } from '@shop/shared/i18n';
import { redeemStampCard } from '../actions/account';
import type { Db } from '../db/client';
import { couponRedemptions, menuItems, orders } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { RecomputedOrder } from './recompute-order';

const t = de.cart;

export interface PersistInput {
  readonly order: SavedOrder;
  readonly priced: RecomputedOrder;
  readonly browserId: string;
  readonly now: number;
}

export type PersistResult = { readonly saved: true; readonly order: SavedOrder } | { readonly saved: false; readonly existing: { order: SavedOrder; uniqueOrderId: string } };

/**
 * Saves an order in one transaction: the order row (idempotent on clientId), the stock it takes
 * and the coupons it redeems. Stock is decremented with `bestand = bestand - n WHERE bestand >= n`
 * (unlimited stock is -1 and stays), single-use coupons insert their code into a unique column.
 * A full stamp card is consumed last (redeemStampCard, serialised per user by an advisory lock).
 * If any step fails, the transaction rolls back and nothing of the order is saved. Rows are
 * locked in one global order (articles by id, then coupons by code) so racing orders cannot
 * deadlock; a loser of a race sees the winner's committed row and gets a clear error.
 */
export async function persistOrder(db: Db, input: PersistInput): Promise<PersistResult> {
  const { order, priced, browserId, now } = input;
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const inserted = await tx
      .insert(orders)
      .values({
        uniqueOrderId: order.uniqueOrderId,
        clientId: order.clientId,
        orderNumber: order.orderNumber,
        browserId,
        fuid: order.fuid,
        usecase: order.usecase,
        state: order.state,
        total: order.total,
        createdAt: now,
        updatedAt: now,
        data: order,
      })
      .onConflictDoNothing({ target: orders.clientId })
      .returning({ uniqueOrderId: orders.uniqueOrderId });
    if (!inserted[0]) {
      // The same clientId was saved by a concurrent request (a retry, a double click): its order.
      const winner = (await tx.select().from(orders).where(eq(orders.clientId, order.clientId)))[0];
      if (!winner) throw new ApiError(409, 'conflict', `Order ${order.clientId} vanished during a concurrent save`, t.pricesChanged);
      return { saved: false, existing: { order: winner.data, uniqueOrderId: winner.uniqueOrderId } };
    }

    for (const need of priced.stock) {
      const taken = await tx
        .update(menuItems)
        .set({ bestand: sql`case when ${menuItems.bestand} = -1 then -1 else ${menuItems.bestand} - ${need.count} end` })
        .where(and(eq(menuItems.id, need.id), eq(menuItems.verkauft, false), or(eq(menuItems.bestand, -1), sql`${menuItems.bestand} >= ${need.count}`)))
        .returning({ bestand: menuItems.bestand });
      if (!taken[0]) {
        throw new ApiError(409, 'sold_out', `Not enough stock of ${need.id} for ${need.count}`, fill(need.count > 1 ? t.itemStockLimit : t.itemSoldOut, { name: need.name }));
      }
    }

    for (const redemption of priced.redemptions) {
      const recorded = await tx
        .insert(couponRedemptions)
        .values({
          couponCode: redemption.code,
          uniqueOrderId: order.uniqueOrderId,
          singleUseKey: redemption.singleUse ? redemption.code : null,
          fuid: order.fuid,
          browserId,
          redeemedAt: now,
        })
        .onConflictDoNothing({ target: couponRedemptions.singleUseKey })
        .returning({ id: couponRedemptions.id });
      if (!recorded[0]) {
        throw new ApiError(409, 'coupon_invalid', `Single-use coupon ${redemption.code} was redeemed by another order`, t.couponRedeemed);
      }
    }
    if (priced.stampCardOf !== null && !(await redeemStampCard(tx, priced.stampCardOf, order.uniqueOrderId, now))) {
      throw new ApiError(409, 'coupon_invalid', `The stamp card of ${priced.stampCardOf} is no longer full`, t.stampNotFull);
    }
    return { saved: true, order };
  });
}
