import { and, desc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { STAFF_CHANNEL } from '@shop/shared/contract';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { KITCHEN_OPEN_STATES, UNPAID_STATES, isVisibleToKitchen, type LifecycleEvent } from '@shop/shared/domain/order-lifecycle';
import { orders as texts } from '@shop/shared/i18n/orders';
import { orders, signals } from '../db/schema';
import { ApiError } from '../http/api-error';
import { orderDocument } from '../orders/access';
import { applyOrderEvent } from '../orders/lifecycle';
import { moneyRunner, paymentDeps } from '../payments/service';
import { pushOf } from '../push/registry';
import type { ActionContext, ActionHandler } from './context';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
const BOARD_LIMIT = 200;

/** The staff board needs an ID token with the staff claim (docs/adr/0010-staff-board.md). */
function requireStaff(ctx: ActionContext): void {
  if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'The staff board needs a signed-in staff account', texts.boardStaffOnly);
  if (!ctx.user.staff) throw new ApiError(403, 'forbidden', `User ${ctx.user.uid} has no staff claim`, texts.boardStaffOnly);
}

/**
 * LoadStaffOrders: this branch's orders of the last 24 h and every still open one, newest first.
 * The kitchen's list holds placed orders only; unpaid online orders come separately (to be rejected
 * if need be, never to be cooked); expired ones not at all.
 */
const LoadStaffOrders: ActionHandler<'LoadStaffOrders'> = async (_payload, ctx) => {
  requireStaff(ctx);
  const now = ctx.now();
  const branch = ctx.descriptor.branch.filialnummer;
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(or(gte(orders.createdAt, now - DAY_MS), inArray(orders.state, [...KITCHEN_OPEN_STATES, ...UNPAID_STATES])))
    .orderBy(desc(orders.createdAt))
    .limit(BOARD_LIMIT);
  const mine = rows.filter((r) => (r.data.filialnummer ?? branch) === branch).map((r) => orderDocument(r, ctx, { withToken: false }));
  const calls = await ctx.db
    .select({ signalId: signals.signalId, table: signals.table, createdAt: signals.createdAt })
    .from(signals)
    .where(and(eq(signals.filialnummer, branch), gte(signals.createdAt, now - HOUR_MS), isNull(signals.acknowledgedAt)))
    .orderBy(desc(signals.createdAt));
  return {
    orders: mine.filter(isVisibleToKitchen),
    awaitingPayment: mine.filter((o) => UNPAID_STATES.includes(o.state)),
    waiterCalls: calls,
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
  // Ready: the guest's devices hear it by push even with the order page closed (checkout-spec §4).
  if (applied.changed) pushOf(ctx.db).orderChanged(applied.before, fresh!.data, { deviceId: fresh!.browserId, fuid: fresh!.fuid });
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

export const staffHandlers = { LoadStaffOrders, UpdateOrderStatus, AcknowledgeWaiterCall };
