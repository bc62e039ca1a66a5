/**
 * The order sweeps the server runs every minute (and tests call directly):
 * - expiry: an online order left unpaid past its deadline (expiresAt) becomes Expired; a running
 *   payment attempt is voided, its stock, coupons and stamp card are given back;
 * - reconciliation: money follows the state. An authorization of a handed-over (or accepted) order
 *   is captured; an authorization, attempt or capture of an order that ended is voided or refunded.
 * - unaccepted orders (ADR 0026): a placed order stays on the board as 'Neu' until the kitchen acts;
 *   one still 'Neu' CHECKOUT_CONSTANTS.unacceptedOrderCancelAfterMs after its time is cancelled with
 *   a reason the guest reads, and its authorization released — money is never left on hold unseen,
 *   and never taken for food nobody accepted.
 * Both are safe to run on several API instances at once (row locks, idempotent provider calls).
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { ENDED_STATES, isUnacceptedTooLong, KITCHEN_OPEN_STATES, UNPAID_STATES } from '@shop/shared/domain/order-lifecycle';
import { de } from '@shop/shared/i18n';
import { orders, payments } from '../db/schema';
import { ApiError } from '../http/api-error';
import { captureOrderPayment, moneyRunner, releaseOrderPayment, type PaymentDeps } from '../payments/service';
import { applyOrderEvent } from './lifecycle';

const BATCH = 100;

export interface SweepReport {
  readonly expired: number;
  /** Placed orders the kitchen never accepted, cancelled (their money released). */
  readonly unaccepted: number;
  readonly captured: number;
  readonly released: number;
  readonly failed: number;
}

/** Expires the unpaid online orders whose deadline has passed. */
export async function expireUnpaidOrders(deps: PaymentDeps): Promise<number> {
  const due = await deps.db
    .select({ id: orders.uniqueOrderId })
    .from(orders)
    .where(and(inArray(orders.state, [...UNPAID_STATES]), lte(orders.expiresAt, deps.now())))
    .limit(BATCH);
  let expired = 0;
  for (const { id } of due) {
    const applied = await applyOrderEvent(deps, id, { type: 'expire' }, moneyRunner(deps));
    if (applied.changed) expired++;
  }
  return expired;
}

/**
 * Finds payments whose money does not follow their order's state and fixes them: authorized but
 * handed over or accepted → capture; live (attempt, authorization or capture) but the order ended
 * → void or refund.
 */
export async function reconcilePayments(deps: PaymentDeps): Promise<Omit<SweepReport, 'expired' | 'unaccepted'>> {
  const rows = await deps.db
    .select({ id: orders.uniqueOrderId, state: orders.state, paymentStatus: payments.status })
    .from(payments)
    .innerJoin(orders, sql`${orders.uniqueOrderId} = ${payments.uniqueOrderId}`)
    .where(
      sql`(${payments.status} = 'authorized' and ${orders.state} in ('Collected', 'PickedUp', ${sql.join(
        KITCHEN_OPEN_STATES.filter((s) => s !== 'New').map((s) => sql`${s}`),
        sql`, `,
      )}))
        or (${payments.status} in ('pending', 'requires_action', 'authorized', 'captured') and ${orders.state} in (${sql.join(
          ENDED_STATES.map((s) => sql`${s}`),
          sql`, `,
        )}))`,
    )
    .limit(BATCH);
  let captured = 0;
  let released = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      if (ENDED_STATES.includes(row.state as never)) {
        await releaseOrderPayment(deps, row.id);
        released++;
      } else {
        await captureOrderPayment(deps, row.id);
        captured++;
      }
    } catch (error) {
      failed++;
      console.warn(`[reconcile] ${row.id} (${row.state}, payment ${row.paymentStatus}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { captured, released, failed };
}

/**
 * Cancels the placed orders the kitchen left 'Neu' for too long (see the head of this file). The
 * index on created_at narrows the rows; the pure rule decides with the order's own time.
 */
export async function cancelUnacceptedOrders(deps: PaymentDeps, limitMs: number = CHECKOUT_CONSTANTS.unacceptedOrderCancelAfterMs): Promise<number> {
  const now = deps.now();
  const candidates = await deps.db
    .select({ id: orders.uniqueOrderId, data: orders.data })
    .from(orders)
    .where(and(eq(orders.state, 'New'), lte(orders.createdAt, now - limitMs)))
    .limit(BATCH);
  let cancelled = 0;
  for (const { id, data } of candidates) {
    if (!isUnacceptedTooLong(data, now, limitMs)) continue;
    const applied = await applyOrderEvent(deps, id, { type: 'cancel', reason: de.orders.unacceptedCancelledReason }, moneyRunner(deps), {
      // The kitchen may have acted meanwhile: only an order still 'New' is cancelled.
      check: (order) => {
        if (order.state !== 'New') throw new ApiError(409, 'conflict', `Order ${id} is ${order.state} now`);
      },
    }).catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 409)) console.warn(`[orders] cancelling unaccepted ${id} failed: ${String(error)}`);
      return null;
    });
    if (applied?.changed) cancelled++;
  }
  return cancelled;
}

export async function sweepOrders(deps: PaymentDeps): Promise<SweepReport> {
  const expired = await expireUnpaidOrders(deps);
  const unaccepted = await cancelUnacceptedOrders(deps);
  return { expired, unaccepted, ...(await reconcilePayments(deps)) };
}

/** Runs the sweeps every `intervalMs` until stopped; one sweep at a time. */
export function startOrderMaintenance(deps: PaymentDeps, intervalMs: number): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepOrders(deps)
      .catch((error: unknown) => console.warn(`[orders] sweep failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
