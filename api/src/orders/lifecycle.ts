import { eq, sql } from 'drizzle-orm';
import { orderChannel, SHOP_CHANNEL, STAFF_CHANNEL, userChannel, type SavedOrder } from '@shop/shared/contract';
import { ENDED_STATES, transition, type LifecycleEvent, type MoneyEffect } from '@shop/shared/domain/order-lifecycle';
import { closedOrderText } from '@shop/shared/domain/orders';
import type { Db } from '../db/client';
import { couponRedemptions, menuItems, orders, stampRedemptions } from '../db/schema';
import type { EventBus } from '../events/event-bus';
import { ApiError } from '../http/api-error';
import type { MenuRepository } from './menu-repository';

export type OrderRow = typeof orders.$inferSelect;

export interface LifecycleDeps {
  readonly db: Db;
  readonly events: EventBus;
  readonly now: () => number;
  /** Stock given back changes the menu's version (its next pull carries the new bestand). */
  readonly menus?: MenuRepository;
}

/** Carries out a transition's money effect (payments/service.ts): capture, or void/refund. */
export type MoneyRunner = (effect: Exclude<MoneyEffect, null>, order: SavedOrder) => Promise<void>;

export interface AppliedEvent {
  readonly ok: boolean;
  readonly order: SavedOrder;
  /** The order as it was on the locked row, right before this event (what a change is measured from). */
  readonly before: SavedOrder;
  readonly changed: boolean;
  readonly money: MoneyEffect;
}

/** Locks an order's row for the transaction (PostgreSQL `FOR UPDATE`; PGlite has one connection). */
export async function lockOrder(tx: Db, uniqueOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.uniqueOrderId, uniqueOrderId)).for('update');
  return row;
}

/** The orders-table columns that mirror the order document. */
export function rowColumns(order: SavedOrder): Partial<OrderRow> {
  return {
    state: order.state,
    total: order.total,
    authCompleted: order.authCompleted,
    expiresAt: order.expiresAt ?? null,
    data: order,
  };
}

/**
 * Gives back what an order that will not be sold had taken: limited stock (bestand += n), its
 * coupon redemptions (single-use codes become usable again) and its stamp-card redemption. Inside
 * the transaction that ends the order; idempotent (the row's stock_taken is emptied).
 */
export async function releaseReservations(tx: Db, row: OrderRow): Promise<Set<'food' | 'drink'>> {
  const kinds = new Set<'food' | 'drink'>();
  for (const taken of row.stockTaken) {
    await tx
      .update(menuItems)
      .set({ bestand: sql`${menuItems.bestand} + ${taken.count}` })
      .where(sql`${menuItems.id} = ${taken.id} and ${menuItems.bestand} >= 0`);
    kinds.add(taken.kind);
  }
  await tx.delete(couponRedemptions).where(eq(couponRedemptions.uniqueOrderId, row.uniqueOrderId));
  await tx.delete(stampRedemptions).where(eq(stampRedemptions.uniqueOrderId, row.uniqueOrderId));
  await tx.update(orders).set({ stockTaken: [] }).where(eq(orders.uniqueOrderId, row.uniqueOrderId));
  return kinds;
}

/** Tells the kitchen, the guest's account and the order's own channel (its page) about a change. */
export async function publishOrder(events: EventBus, order: SavedOrder): Promise<void> {
  const event = { type: 'orderUpdated' as const, uniqueOrderId: order.uniqueOrderId, state: order.state };
  await events.publish(STAFF_CHANNEL, event);
  await events.publish(orderChannel(order.uniqueOrderId), event);
  if (order.fuid) await events.publish(userChannel(order.fuid), event);
}

/** The error for a guest who tries to pay or change an order that ended (410, with the reason) or was placed (409). */
export function closedOrderError(order: SavedOrder, placedText: string): ApiError {
  const text = closedOrderText(order);
  if (text) return new ApiError(410, 'order_closed', `Order ${order.uniqueOrderId} is ${order.state}`, text);
  return new ApiError(409, 'conflict', `Order ${order.uniqueOrderId} is ${order.state}`, placedText);
}

/**
 * Applies a lifecycle event to an order: the state machine decides (shared/domain/order-lifecycle),
 * the row is locked and written in one transaction together with giving back the reservations of
 * an order that ends; after the commit the money effect runs (capture, or void/refund) and the
 * change is published. A refused event returns `ok: false` with the unchanged order (and, for a
 * late authorization of a closed order, runs the release at once).
 */
export interface ApplyOptions {
  /** Fields the event sets besides the state (e.g. the authorization's). */
  readonly patch?: (order: SavedOrder) => SavedOrder;
  /** Runs on the locked, freshest order before the event: throws to refuse it (the transaction rolls back). */
  readonly check?: (order: SavedOrder) => void;
}

export async function applyOrderEvent(
  deps: LifecycleDeps,
  uniqueOrderId: string,
  event: LifecycleEvent,
  money: MoneyRunner,
  options: ApplyOptions = {},
): Promise<AppliedEvent> {
  const patch = options.patch ?? ((o: SavedOrder) => o);
  const at = deps.now();
  const outcome = await deps.db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const row = await lockOrder(tx, uniqueOrderId);
    if (!row) throw new ApiError(404, 'not_found', `Order ${uniqueOrderId} not found`);
    options.check?.(row.data);
    const result = transition(row.data, event, at);
    if (!result.ok) return { ok: false as const, order: row.data, before: row.data, money: result.money, kinds: new Set<'food' | 'drink'>() };
    if (!result.changed)
      return { ok: true as const, order: row.data, before: row.data, changed: false, money: result.money, kinds: new Set<'food' | 'drink'>() };
    const next = patch(result.order);
    const kinds = result.release ? await releaseReservations(tx, row) : new Set<'food' | 'drink'>();
    await tx
      .update(orders)
      .set({ ...rowColumns(next), updatedAt: at })
      .where(eq(orders.uniqueOrderId, uniqueOrderId));
    return { ok: true as const, order: next, before: row.data, changed: true, money: result.money, kinds };
  });

  for (const kind of outcome.kinds) {
    await deps.menus?.markStockChanged(kind, at);
    await deps.events.publish(SHOP_CHANNEL, { type: 'menuUpdated', kind });
  }
  if (outcome.ok && outcome.changed) await publishOrder(deps.events, outcome.order);
  if (!outcome.money) return { ok: outcome.ok, order: outcome.order, before: outcome.before, changed: outcome.ok && outcome.changed, money: null };
  await money(outcome.money, outcome.order);
  // The money effect may have changed the order (captured, paymentReleased): answer with the freshest.
  const [fresh] = await deps.db.select().from(orders).where(eq(orders.uniqueOrderId, uniqueOrderId));
  return { ok: outcome.ok, order: fresh?.data ?? outcome.order, before: outcome.before, changed: outcome.ok && outcome.changed, money: outcome.money };
}

/** Whether an order has ended without a hand-over (its money must be given back). */
export function hasEnded(order: Pick<SavedOrder, 'state'>): boolean {
  return ENDED_STATES.includes(order.state);
}
