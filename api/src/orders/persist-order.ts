import { and, eq, or, sql } from 'drizzle-orm';
import type { SavedOrder } from '@shop/shared/contract';
import { de, fill } from '@shop/shared/i18n';
import { redeemStampCard } from '../actions/account';
import type { Db } from '../db/client';
import { couponRedemptions, menuItems, orders } from '../db/schema';
import { ApiError } from '../http/api-error';
import { rowColumns } from './lifecycle';
import type { RecomputedOrder } from './recompute-order';

const t = de.cart;

export interface PersistInput {
  readonly order: SavedOrder;
  readonly priced: RecomputedOrder;
  readonly browserId: string;
  /** The keyed hash of the client's IP address (new orders; counts open drafts per network). */
  readonly ipKey?: string;
  readonly now: number;
}

export type StockTaken = { id: string; count: number; kind: 'food' | 'drink' }[];

/**
 * Takes what an order needs, inside the transaction that saves it: limited stock
 * (`bestand = bestand - n WHERE bestand >= n`; unlimited stock is -1 and stays), single-use coupons
 * (their code into a unique column) and a full stamp card (redeemStampCard, serialised per user by
 * an advisory lock). Rows are locked in one global order (articles by id, then coupons by code) so
 * racing orders cannot deadlock; a loser of a race gets a clear error and the transaction rolls back.
 */
export async function takeReservations(tx: Db, input: PersistInput): Promise<StockTaken> {
  const { order, priced, browserId, now } = input;
  const taken: StockTaken = [];
  for (const need of priced.stock) {
    const rows = await tx
      .update(menuItems)
      .set({ bestand: sql`case when ${menuItems.bestand} = -1 then -1 else ${menuItems.bestand} - ${need.count} end` })
      .where(and(eq(menuItems.id, need.id), eq(menuItems.verkauft, false), or(eq(menuItems.bestand, -1), sql`${menuItems.bestand} >= ${need.count}`)))
      .returning({ bestand: menuItems.bestand });
    if (!rows[0]) {
      throw new ApiError(
        409,
        'sold_out',
        `Not enough stock of ${need.id} for ${need.count}`,
        fill(need.count > 1 ? t.itemStockLimit : t.itemSoldOut, { name: need.name }),
      );
    }
    if (rows[0].bestand !== -1) taken.push({ id: need.id, count: need.count, kind: need.kind });
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
  return taken;
}

/**
 * Inserts a new order with what it takes, inside the caller's transaction (SaveNewOrder holds the
 * client id's lock, so the same client id is never inserted twice).
 */
export async function insertOrder(tx: Db, input: PersistInput): Promise<void> {
  const { order, browserId, now } = input;
  await tx.insert(orders).values({
    ...rowColumns(order),
    uniqueOrderId: order.uniqueOrderId,
    clientId: order.clientId,
    orderNumber: order.orderNumber,
    browserId,
    ipKey: input.ipKey ?? null,
    fuid: order.fuid,
    usecase: order.usecase,
    createdAt: now,
    updatedAt: now,
  });
  const stockTaken = await takeReservations(tx, input);
  if (stockTaken.length > 0) await tx.update(orders).set({ stockTaken }).where(eq(orders.uniqueOrderId, order.uniqueOrderId));
}

/** Replaces an unpaid order's content (back-and-edit), its reservations already given back. */
export async function replaceOrder(tx: Db, input: PersistInput): Promise<void> {
  const stockTaken = await takeReservations(tx, input);
  await tx
    .update(orders)
    .set({ ...rowColumns(input.order), stockTaken, updatedAt: input.now })
    .where(eq(orders.uniqueOrderId, input.order.uniqueOrderId));
}
