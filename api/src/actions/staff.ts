import { and, desc, eq, gte, inArray, or } from 'drizzle-orm';
import { STAFF_CHANNEL, userChannel, type SavedOrder } from '@shop/shared/contract';
import { applyStaffChange, type StaffChange } from '@shop/shared/domain/order-lifecycle';
import { orders as texts } from '@shop/shared/i18n/orders';
import { orders, signals } from '../db/schema';
import { ApiError } from '../http/api-error';
import { ProviderError } from '../payments/provider';
import { paymentsOf } from '../payments/registry';
import { captureOrderPayment, voidOrderPayment, type PaymentDeps } from '../payments/service';
import type { ActionContext, ActionHandler } from './context';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
const BOARD_LIMIT = 200;

/** The staff board needs an ID token with the staff claim (docs/adr/0010-staff-board.md). */
function requireStaff(ctx: ActionContext): void {
  if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'The staff board needs a signed-in staff account', texts.boardStaffOnly);
  if (!ctx.user.staff) throw new ApiError(403, 'forbidden', `User ${ctx.user.uid} has no staff claim`, texts.boardStaffOnly);
}

/** LoadStaffOrders: this branch's orders of the last 24 h and every still open one, newest first. */
const LoadStaffOrders: ActionHandler<'LoadStaffOrders'> = async (_payload, ctx) => {
  requireStaff(ctx);
  const now = ctx.now();
  const branch = ctx.descriptor.branch.filialnummer;
  const rows = await ctx.db
    .select({ data: orders.data })
    .from(orders)
    .where(or(gte(orders.createdAt, now - DAY_MS), inArray(orders.state, ['New', 'Confirmed'])))
    .orderBy(desc(orders.createdAt))
    .limit(BOARD_LIMIT);
  const calls = await ctx.db
    .select({ signalId: signals.signalId, table: signals.table, createdAt: signals.createdAt })
    .from(signals)
    .where(and(eq(signals.filialnummer, branch), gte(signals.createdAt, now - HOUR_MS)))
    .orderBy(desc(signals.createdAt));
  return { orders: rows.map((r) => r.data).filter((o) => (o.filialnummer ?? branch) === branch), waiterCalls: calls };
};

async function runPaymentStep(deps: PaymentDeps, step: 'capture' | 'void', uniqueOrderId: string): Promise<void> {
  try {
    if (step === 'capture') await captureOrderPayment(deps, uniqueOrderId);
    else await voidOrderPayment(deps, uniqueOrderId);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ApiError || error instanceof ProviderError) throw new ApiError(409, 'payment_failed', `${step} of ${uniqueOrderId} failed: ${message}`, texts.boardPaymentFailed);
    throw error;
  }
}

/**
 * UpdateOrderStatus: the kitchen confirms, readies, hands over or rejects an order. The payment step
 * runs first (capture on acceptance, void on rejection), so an order is never accepted with a
 * payment that could not be taken. The change is then applied to the locked, freshest row, so a
 * concurrent payment update is kept; the staff and the guest's user channel hear of it.
 */
const UpdateOrderStatus: ActionHandler<'UpdateOrderStatus'> = async ({ uniqueOrderId, change, reason }, ctx) => {
  requireStaff(ctx);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.uniqueOrderId, uniqueOrderId));
  if (!row) throw new ApiError(404, 'not_found', `Order ${uniqueOrderId} not found`);
  if ((row.data.filialnummer ?? ctx.descriptor.branch.filialnummer) !== ctx.descriptor.branch.filialnummer) {
    throw new ApiError(403, 'forbidden', `Order ${uniqueOrderId} belongs to another branch`);
  }
  const plan = applyStaffChange(row.data, change as StaffChange, ctx.now(), reason);
  if (!plan.ok) throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} is ${row.data.state}`, texts.boardFinished);
  if (!plan.changed) return { order: row.data };
  if (plan.payment) await runPaymentStep({ db: ctx.db, payments: paymentsOf(ctx.db, ctx.now), events: ctx.events, now: ctx.now }, plan.payment, uniqueOrderId);

  const at = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx.select().from(orders).where(eq(orders.uniqueOrderId, uniqueOrderId)).for('update');
    const applied = applyStaffChange(fresh!.data, change as StaffChange, at, reason);
    if (!applied.ok) throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} is ${fresh!.data.state}`, texts.boardFinished);
    if (!applied.changed) return fresh!.data;
    await tx.update(orders).set({ data: applied.order, state: applied.order.state, updatedAt: at }).where(eq(orders.uniqueOrderId, uniqueOrderId));
    return applied.order;
  });
  const event = { type: 'orderUpdated' as const, uniqueOrderId, state: updated.state };
  await ctx.events.publish(STAFF_CHANNEL, event);
  if (updated.fuid) await ctx.events.publish(userChannel(updated.fuid), event);
  return { order: updated as SavedOrder };
};

export const staffHandlers = { LoadStaffOrders, UpdateOrderStatus };
