import { and, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { STAFF_CHANNEL, type SavedOrder } from '@shop/shared/contract';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { KITCHEN_OPEN_STATES, UNPAID_STATES, type LifecycleEvent } from '@shop/shared/domain/order-lifecycle';
import { orders as texts } from '@shop/shared/i18n/orders';
import { orders, signals } from '../db/schema';
import { ApiError } from '../http/api-error';
import { orderDocument } from '../orders/access';
import { applyOrderEvent, type OrderRow } from '../orders/lifecycle';
import { activeMutes, setMute } from '../orders/waiter-mutes';
import { moneyRunner, paymentDeps } from '../payments/service';
import type { ActionContext, ActionHandler } from './context';

const HOUR_MS = 60 * 60_000;
/** Finished orders: the board's history, paged. */
const FINISHED_STATES = ['Collected', 'PickedUp', 'Rejected', 'Cancelled'] as const;

/** The staff board needs an ID token with the staff claim (docs/adr/0010-staff-board.md). */
function requireStaff(ctx: ActionContext): void {
  if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'The staff board needs a signed-in staff account', texts.boardStaffOnly);
  if (!ctx.user.staff) throw new ApiError(403, 'forbidden', `User ${ctx.user.uid} has no staff claim`, texts.boardStaffOnly);
}

/** A history cursor: the (created_at, id) of the last order of a page. */
function cursorOf(row: Pick<OrderRow, 'createdAt' | 'uniqueOrderId'>): string {
  return `${row.createdAt}_${row.uniqueOrderId}`;
}

function parseCursor(value: string): { createdAt: number; uniqueOrderId: string } {
  const at = value.indexOf('_');
  const createdAt = Number(value.slice(0, at));
  const uniqueOrderId = value.slice(at + 1);
  if (at <= 0 || !Number.isSafeInteger(createdAt) || !uniqueOrderId) throw new ApiError(400, 'validation', `Not a history cursor: ${value}`);
  return { createdAt, uniqueOrderId };
}

/**
 * LoadStaffOrders (ADR 0026): the board of this host's branch at any volume. Every open order
 * (New, Confirmed, Ready) in one query on the branch-and-state index, with no cap, so no number of
 * later orders, unpaid drafts or orders of the other branch can push one out; finished orders come
 * in pages of CHECKOUT_CONSTANTS.boardHistoryPageSize by a (created_at, id) cursor; unpaid online
 * orders that have not expired come apart (the newest, with their count), never as work.
 */
const LoadStaffOrders: ActionHandler<'LoadStaffOrders'> = async (payload, ctx) => {
  requireStaff(ctx);
  const now = ctx.now();
  const branch = ctx.descriptor.branch.filialnummer;
  const before = payload?.historyBefore ? parseCursor(payload.historyBefore) : null;
  const pageSize = CHECKOUT_CONSTANTS.boardHistoryPageSize;

  const open = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.filialnummer, branch), inArray(orders.state, [...KITCHEN_OPEN_STATES])))
    .orderBy(desc(orders.createdAt), desc(orders.uniqueOrderId));
  const finished = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.filialnummer, branch),
        inArray(orders.state, [...FINISHED_STATES]),
        before
          ? or(lt(orders.createdAt, before.createdAt), and(eq(orders.createdAt, before.createdAt), lt(orders.uniqueOrderId, before.uniqueOrderId)))
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.uniqueOrderId))
    .limit(pageSize + 1);
  const page = finished.slice(0, pageSize);
  const unpaidWhere = and(eq(orders.filialnummer, branch), inArray(orders.state, [...UNPAID_STATES]), gt(orders.expiresAt, now));
  const unpaid = await ctx.db
    .select()
    .from(orders)
    .where(unpaidWhere)
    .orderBy(desc(orders.createdAt), desc(orders.uniqueOrderId))
    .limit(CHECKOUT_CONSTANTS.boardAwaitingPaymentMax);
  const unpaidCount =
    unpaid.length < CHECKOUT_CONSTANTS.boardAwaitingPaymentMax
      ? unpaid.length
      : Number(
          (
            await ctx.db
              .select({ n: sql<string>`count(*)` })
              .from(orders)
              .where(unpaidWhere)
          )[0]?.n ?? 0,
        );
  const calls = await ctx.db
    .select({ signalId: signals.signalId, table: signals.table, createdAt: signals.createdAt })
    .from(signals)
    .where(and(eq(signals.filialnummer, branch), gte(signals.createdAt, now - HOUR_MS), isNull(signals.acknowledgedAt)))
    .orderBy(desc(signals.createdAt));
  const doc = (row: OrderRow): SavedOrder => orderDocument(row, ctx, { withToken: false });
  const placed = [...open, ...page].sort((a, b) => b.createdAt - a.createdAt || (a.uniqueOrderId < b.uniqueOrderId ? 1 : -1));
  return {
    orders: placed.map(doc),
    awaitingPayment: unpaid.map(doc),
    awaitingPaymentCount: unpaidCount,
    historyCursor: finished.length > pageSize ? cursorOf(page[page.length - 1]!) : null,
    waiterCalls: calls,
    waiterMutes: await activeMutes(ctx.db, branch, now),
  };
};

type Change = 'confirm' | 'ready' | 'collected' | 'reject' | 'cancel';

function eventOf(change: Change, part: 'food' | 'drinks' | undefined, reason: string | undefined): LifecycleEvent {
  switch (change) {
    case 'confirm':
      return { type: 'accept' };
    case 'ready':
      return { type: 'ready', ...(part ? { part } : {}) };
    case 'collected':
      return { type: 'handOver' };
    case 'reject':
    case 'cancel': {
      const text = (reason ?? '').trim();
      if (text.length < CHECKOUT_CONSTANTS.staffReasonMinLength) {
        throw new ApiError(
          400,
          'validation',
          `A ${change} needs a reason of at least ${CHECKOUT_CONSTANTS.staffReasonMinLength} characters`,
          texts.boardReasonMissing,
        );
      }
      return { type: change, reason: text };
    }
  }
}

/**
 * UpdateOrderStatus: the kitchen accepts, readies (food, drinks or all), hands over, rejects or
 * cancels an order, by the state machine (domain/order-lifecycle.ts) on the locked row. Money
 * follows: acceptance captures (a failed capture is marked and retried), rejection and cancellation
 * void or refund. The staff, the guest's account and the order's page hear of it.
 */
const UpdateOrderStatus: ActionHandler<'UpdateOrderStatus'> = async ({ uniqueOrderId, change, part, reason }, ctx) => {
  requireStaff(ctx);
  const event = eventOf(change, part, reason);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.uniqueOrderId, uniqueOrderId));
  if (!row) throw new ApiError(404, 'not_found', `Order ${uniqueOrderId} not found`);
  if ((row.data.filialnummer ?? ctx.descriptor.branch.filialnummer) !== ctx.descriptor.branch.filialnummer) {
    throw new ApiError(403, 'forbidden', `Order ${uniqueOrderId} belongs to another branch`);
  }
  const deps = paymentDeps(ctx);
  const applied = await applyOrderEvent(deps, uniqueOrderId, event, moneyRunner(deps));
  if (!applied.ok) {
    const finished = !KITCHEN_OPEN_STATES.includes(applied.order.state) && !UNPAID_STATES.includes(applied.order.state);
    throw new ApiError(
      409,
      'conflict',
      `Order ${uniqueOrderId} is ${applied.order.state}: ${change} is not allowed`,
      finished ? texts.boardFinished : texts.boardClosedLate,
    );
  }
  const [fresh] = await ctx.db.select().from(orders).where(eq(orders.uniqueOrderId, uniqueOrderId));
  // Ready: the guest's devices hear it by push even with the order page closed (requirements#checkout-behaviour).
  if (applied.changed) ctx.push.orderChanged(applied.before, fresh!.data, { deviceId: fresh!.browserId, fuid: fresh!.fuid });
  return { order: orderDocument(fresh!, ctx, { withToken: false }) };
};

/** AcknowledgeWaiterCall: a waiter is on the way; the call leaves every board. */
const AcknowledgeWaiterCall: ActionHandler<'AcknowledgeWaiterCall'> = async ({ signalId }, ctx) => {
  requireStaff(ctx);
  const [call] = await ctx.db.select().from(signals).where(eq(signals.signalId, signalId));
  if (!call || call.filialnummer !== ctx.descriptor.branch.filialnummer) throw new ApiError(404, 'not_found', `Waiter call ${signalId} not found`);
  if (call.acknowledgedAt === null) {
    await ctx.db
      .update(signals)
      .set({ acknowledgedAt: ctx.now() })
      .where(and(eq(signals.signalId, signalId), isNull(signals.acknowledgedAt)));
    await ctx.events.publish(STAFF_CHANNEL, { type: 'waiterCallAcknowledged', signalId });
  }
  return { acknowledged: true };
};

/**
 * MuteWaiterCalls: a table's calls page nobody for `minutes` (0 unmutes), against a guest who keeps
 * paging the board. Every board of the branch hears the new list (waiterMutesChanged).
 */
const MuteWaiterCalls: ActionHandler<'MuteWaiterCalls'> = async ({ table, minutes }, ctx) => {
  requireStaff(ctx);
  const branch = ctx.descriptor.branch.filialnummer;
  const now = ctx.now();
  await setMute(ctx.db, branch, table, minutes > 0 ? now + minutes * 60_000 : null);
  const mutes = await activeMutes(ctx.db, branch, now);
  await ctx.events.publish(STAFF_CHANNEL, { type: 'waiterMutesChanged', filialnummer: branch, waiterMutes: mutes });
  return { waiterMutes: mutes };
};

export const staffHandlers = { LoadStaffOrders, UpdateOrderStatus, AcknowledgeWaiterCall, MuteWaiterCalls };
