/**
 * Order payments, in step with the order's lifecycle (shared/src/domain/order-lifecycle.ts):
 * a payment starts only on an unpaid order (Draft, AwaitingPayment); the order is placed (New) only
 * when the provider confirms the authorization of its total; an authorization that arrives for a
 * rejected, cancelled or expired order is voided at once. Capture follows acceptance, release (void
 * or refund) follows rejection, cancellation and expiry. The database guarantees at most one live
 * payment per order (payments_one_live_per_order), so retries, double clicks and parallel tabs
 * never authorize an order twice.
 */
import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { SavedOrder } from '@shop/shared/contract';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { isOverdueUnpaid, UNPAID_STATES } from '@shop/shared/domain/order-lifecycle';
import { de } from '@shop/shared/i18n';
import type { Db } from '../db/client';
import { orders, payments, type PaymentHistoryEntry, type PaymentStatus } from '../db/schema';
import type { EventBus } from '../events/event-bus';
import { ApiError } from '../http/api-error';
import { enqueueConfirmation, enqueueTickets, kickMail } from '../mail/outbox';
import { applyOrderEvent, closedOrderError, hasEnded, publishOrder, type MoneyRunner } from '../orders/lifecycle';
import type { MenuRepository } from '../orders/menu-repository';
import { ProviderError, type AuthResult, type PaymentProvider } from './provider';
import type { Payments } from './registry';

export type PaymentMethod = 'credit' | 'wallet' | 'paypal' | 'customerCard';
type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const LIVE: PaymentStatus[] = ['pending', 'requires_action', 'authorized', 'captured'];
const to = de.orders;

export interface PaymentDeps {
  readonly db: Db;
  readonly payments: Payments;
  readonly events: EventBus;
  readonly now: () => number;
  readonly menus?: MenuRepository;
}

/** The payment dependencies of a request. */
export function paymentDeps(ctx: { db: Db; payments: Payments; events: EventBus; now: () => number; menus?: MenuRepository }): PaymentDeps {
  return { db: ctx.db, payments: ctx.payments, events: ctx.events, now: ctx.now, ...(ctx.menus ? { menus: ctx.menus } : {}) };
}

/** The German text for an order that was placed and can no longer change. */
export const CLOSED_TEXTS = { placed: to.alreadyPlaced };

/** The provider of a method; a method whose provider this server does not have is absent (404). */
function providerFor(deps: PaymentDeps, method: PaymentMethod): PaymentProvider {
  const provider = method === 'paypal' ? deps.payments.paypal : method === 'customerCard' ? deps.payments.customerCard : deps.payments.card;
  if (!provider) throw new ApiError(404, 'not_found', `Payment method ${method} is not configured on this server`, de.checkout.paymentMethodUnavailable);
  return provider;
}

/**
 * An unpaid order past its payment deadline takes no payment, whether or not the sweep has come by:
 * it expires now (its stock, coupons and any payment attempt are given back) and the caller hears
 * why (410, 'Die Zeit zum Bezahlen ist abgelaufen…'). An order that ended is refused likewise.
 */
async function refuseClosed(deps: PaymentDeps, order: OrderRow): Promise<void> {
  if (hasEnded(order.data)) throw closedOrderError(order.data, CLOSED_TEXTS.placed);
  if (!isOverdueUnpaid(order.data, deps.now())) return;
  const expired = await applyOrderEvent(deps, order.uniqueOrderId, { type: 'expire' }, moneyRunner(deps));
  throw closedOrderError(expired.order, CLOSED_TEXTS.placed);
}

function statusOf(result: AuthResult): PaymentStatus {
  switch (result.state) {
    case 'authorized':
    case 'requires_action':
    case 'declined':
    case 'captured':
    case 'voided':
    case 'refunded':
      return result.state;
    default:
      return 'failed';
  }
}

export async function loadOrder(db: Db, uniqueOrderId: string): Promise<OrderRow> {
  const rows = await db.select().from(orders).where(eq(orders.uniqueOrderId, uniqueOrderId));
  if (!rows[0]) throw new ApiError(404, 'not_found', `Order ${uniqueOrderId} not found`, de.checkout.saveFailed);
  return rows[0];
}

async function livePayment(db: Db, uniqueOrderId: string): Promise<PaymentRow | undefined> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.uniqueOrderId, uniqueOrderId), inArray(payments.status, LIVE)));
  return rows[0];
}

async function updatePayment(db: Db, row: PaymentRow, patch: Partial<PaymentRow> & { status: PaymentStatus }, now: number, note?: string): Promise<PaymentRow> {
  const entry: PaymentHistoryEntry = { status: patch.status, at: now, ...(note ? { note } : {}) };
  const updated = await db
    .update(payments)
    .set({ ...patch, history: [...row.history, entry], updatedAt: now, ...(patch.status === 'authorized' && !row.authorizedAt ? { authorizedAt: now } : {}) })
    .where(eq(payments.id, row.id))
    .returning();
  return updated[0]!;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface StartRequest {
  readonly uniqueOrderId: string;
  readonly method: PaymentMethod;
  /** The amount the client was shown; must equal the order's total. */
  readonly amount?: number;
  readonly paymentMethodId?: string;
  readonly customerId?: string;
  readonly rfid?: string;
}

export interface StartResult {
  readonly payment: PaymentRow;
  readonly result: AuthResult;
  /** True when an earlier attempt of the same order and method was returned. */
  readonly reused: boolean;
}

function resultOfRow(row: PaymentRow, clientSecret?: string): AuthResult {
  const state =
    row.status === 'authorized'
      ? 'authorized'
      : row.status === 'captured'
        ? 'captured'
        : row.status === 'requires_action'
          ? 'requires_action'
          : row.status === 'declined'
            ? 'declined'
            : 'unknown';
  return {
    ref: row.providerRef ?? '',
    state,
    providerStatus: row.providerStatus ?? row.status,
    amount: row.amount,
    uniqueOrderId: row.uniqueOrderId,
    ...(row.authRef ? { authRef: row.authRef } : {}),
    ...(row.paymentMethodId ? { paymentMethodId: row.paymentMethodId } : {}),
    ...(row.customerId ? { customerId: row.customerId } : {}),
    ...(clientSecret ? { clientSecret } : {}),
  };
}

/** Voids a payment attempt that waits for the customer or is authorized (best effort at the provider). */
async function voidAttempt(deps: PaymentDeps, row: PaymentRow, note: string): Promise<void> {
  if (row.providerRef) {
    try {
      await providerFor(deps, row.method as PaymentMethod).void(row.providerRef, row.authRef ? { authRef: row.authRef } : {});
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
  }
  await updatePayment(deps.db, row, { status: 'voided' }, deps.now(), note);
}

/**
 * Starts (or returns the running) authorization of an order. Only an unpaid order can be paid: a
 * rejected, cancelled or expired one is refused with its reason (410). At most one live payment
 * per order: an earlier attempt with the same method and payment method is returned as it is; a
 * different attempt that still waits for the customer is voided first; an authorized order is
 * never authorized again.
 */
export async function startPayment(deps: PaymentDeps, request: StartRequest): Promise<StartResult> {
  const order = await loadOrder(deps.db, request.uniqueOrderId);
  if (!order.data.onlinePay) throw new ApiError(400, 'bad_request', `Order ${order.uniqueOrderId} is not paid online`);
  await refuseClosed(deps, order);
  if (request.amount !== undefined && request.amount !== order.total) {
    throw new ApiError(409, 'total_mismatch', `Amount ${request.amount} differs from the order total ${order.total}`, de.cart.pricesChanged);
  }
  const provider = providerFor(deps, request.method);

  for (let attempt = 0; attempt < 50; attempt++) {
    const existing = await livePayment(deps.db, order.uniqueOrderId);
    if (existing) {
      if (existing.status === 'authorized' || existing.status === 'captured') return { payment: existing, result: resultOfRow(existing), reused: true };
      if (existing.status === 'pending') {
        // Another request is talking to the provider right now: wait for its answer.
        await sleep(100);
        continue;
      }
      // requires_action
      const same = existing.method === request.method && (existing.paymentMethodId ?? null) === (request.paymentMethodId ?? null);
      if (same && existing.providerRef && existing.amount === order.total) {
        const confirmed = await confirmOnce(deps, existing);
        if (LIVE.includes(confirmed.row.status)) return { payment: confirmed.row, result: confirmed.result ?? resultOfRow(confirmed.row), reused: true };
        continue;
      }
      // A different attempt waits for the customer: release it, then start anew.
      await voidAttempt(deps, existing, 'replaced by a new attempt');
      continue;
    }

    // The order waits for this payment now; an order that was closed meanwhile is refused.
    const started = await applyOrderEvent(deps, order.uniqueOrderId, { type: 'paymentStarted' }, moneyRunner(deps));
    if (!started.ok) throw closedOrderError(started.order, CLOSED_TEXTS.placed);

    const at = deps.now();
    const id = `pay_${crypto.randomBytes(12).toString('hex')}`;
    let row: PaymentRow;
    try {
      const inserted = await deps.db
        .insert(payments)
        .values({
          id,
          uniqueOrderId: order.uniqueOrderId,
          provider: provider.id,
          method: request.method,
          status: 'pending',
          amount: order.total,
          currency: CHECKOUT_CONSTANTS.providerCurrency,
          customerId: request.customerId ?? null,
          paymentMethodId: request.paymentMethodId ?? null,
          history: [{ status: 'pending', at }],
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      row = inserted[0]!;
    } catch (error) {
      if (isUniqueViolation(error)) continue;
      throw error;
    }

    let result: AuthResult;
    try {
      result = await provider.authorize({
        uniqueOrderId: order.uniqueOrderId,
        amount: order.total,
        ...(request.paymentMethodId ? { paymentMethodId: request.paymentMethodId } : {}),
        ...(request.customerId ? { customerId: request.customerId } : {}),
        ...(request.rfid ? { rfid: request.rfid } : {}),
        description: `Bestellung ${order.orderNumber}`,
        idempotencyKey: row.id,
      });
    } catch (error) {
      await updatePayment(deps.db, row, { status: 'failed' }, deps.now(), error instanceof Error ? error.message : String(error));
      await applyOrderEvent(deps, order.uniqueOrderId, { type: 'paymentFailed' }, moneyRunner(deps));
      throw error;
    }
    const status = statusOf(result);
    row = await updatePayment(
      deps.db,
      row,
      { status, providerStatus: result.providerStatus, providerRef: result.ref || null, ...(result.authRef ? { authRef: result.authRef } : {}) },
      deps.now(),
      result.declineMessage,
    );
    if (!LIVE.includes(status)) await applyOrderEvent(deps, order.uniqueOrderId, { type: 'paymentFailed' }, moneyRunner(deps));
    return { payment: row, result, reused: false };
  }
  throw new ApiError(409, 'conflict', `Payment of ${order.uniqueOrderId} is busy, try again`, de.checkout.pleaseRetry);
}

/** The latest payment of an order (any status). */
export async function latestPayment(db: Db, uniqueOrderId: string): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.uniqueOrderId, uniqueOrderId)).orderBy(desc(payments.createdAt)).limit(1);
  return rows[0];
}

function paymentAuthOf(row: PaymentRow): Record<string, string | null> {
  if (row.method === 'paypal') return { paypalOrderId: row.providerRef, paypalAuthId: row.authRef, paypalAuthObjectId: row.authRef };
  if (row.method === 'customerCard') return { customerCardHoldId: row.providerRef };
  return { stripeCustomerId: row.customerId, paymentIntentId: row.providerRef, paymentMethodId: row.paymentMethodId };
}

/**
 * The provider confirmed the authorization of this payment: the order is placed (requirements#order-entities
 * "Order fields set after payment authorization"). An order that was rejected, cancelled or expired
 * meanwhile gets no payment: the authorization is voided at once and the caller hears why (410).
 */
async function setOrderAuthorized(deps: PaymentDeps, uniqueOrderId: string, row: PaymentRow): Promise<SavedOrder> {
  const at = deps.now();
  const applied = await applyOrderEvent(deps, uniqueOrderId, { type: 'authorized' }, moneyRunner(deps), {
    // The order may have been changed (back-and-edit) since this payment started: its total must match.
    check: (order) => {
      if (row.amount !== order.total && !hasEnded(order)) {
        throw new ApiError(409, 'total_mismatch', `Authorized ${row.amount}, order total now ${order.total}`, de.checkout.paymentProcessingError);
      }
    },
    patch: (order) => ({
      ...order,
      authCompleted: true,
      authCompletedAt: at,
      psp: row.method as SavedOrder['psp'],
      isPayPal: row.method === 'paypal',
      captured: false,
      storno: false,
      sentToPos: false,
      sentPaymentToPos: false,
      paymentAuth: paymentAuthOf(row),
    }),
    // Placed: the guest's confirmation goes into the outbox with the change (ADR 0026).
    afterWrite: async (tx, order, before) => {
      if (UNPAID_STATES.includes(before.state)) await enqueueConfirmation(tx, order, at);
    },
  });
  if (!applied.ok) {
    if (hasEnded(applied.order)) throw closedOrderError(await freshOrder(deps.db, uniqueOrderId), CLOSED_TEXTS.placed);
    throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} is ${applied.order.state}`, de.checkout.paymentProcessingError);
  }
  if (applied.changed) kickMail(deps.db);
  // Tickets need no kitchen: a ticket order is handed over (its money captured, its tickets mailed) at once.
  if (applied.order.usecase === 'digital' && applied.order.state === 'New') {
    await applyOrderEvent(deps, uniqueOrderId, { type: 'handOver' }, moneyRunner(deps));
  }
  return freshOrder(deps.db, uniqueOrderId);
}

async function freshOrder(db: Db, uniqueOrderId: string): Promise<SavedOrder> {
  return (await loadOrder(db, uniqueOrderId)).data;
}

/**
 * Asks the provider again about a payment that waits for the customer (3-D Secure done in the
 * browser, PayPal approved) and completes it where the provider needs a call (PayPal authorize).
 * Authorized -> the updated row; still waiting -> 409; declined -> 402 (the order can be paid again).
 */
export async function refreshPayment(deps: PaymentDeps, row: PaymentRow): Promise<PaymentRow> {
  if (row.status === 'authorized' || row.status === 'captured') return row;
  if (row.status === 'declined' || row.status === 'failed' || row.status === 'voided' || row.status === 'refunded') {
    throw new ApiError(402, 'payment_declined', `The payment of ${row.uniqueOrderId} was ${row.status}`, de.checkout.paymentDeclined);
  }
  if (row.status === 'pending' || !row.providerRef)
    throw new ApiError(409, 'conflict', `Payment of ${row.uniqueOrderId} is still pending`, de.checkout.processing);
  const order = await loadOrder(deps.db, row.uniqueOrderId);
  await refuseClosed(deps, order);
  const { row: updated, result } = await confirmOnce(deps, row);
  const status = updated.status;
  if (status === 'declined' || status === 'voided' || status === 'failed' || status === 'refunded') {
    await applyOrderEvent(deps, row.uniqueOrderId, { type: 'paymentFailed' }, moneyRunner(deps));
    throw new ApiError(402, 'payment_declined', `The payment of ${row.uniqueOrderId} was ${status}`, de.checkout.paymentDeclined);
  }
  if (status !== 'authorized' && status !== 'captured')
    throw new ApiError(409, 'conflict', `Payment of ${row.uniqueOrderId} is ${updated.providerStatus ?? status}`, de.checkout.processing);
  // The request that asked the provider checked its answer; a request that waited for it reads the row.
  if (result) verifyResult(result, order);
  return updated;
}

/** How long one request may hold a payment's confirmation (a few provider call timeouts). */
const CONFIRM_CLAIM_MS = 3 * CHECKOUT_CONSTANTS.providerCallTimeoutMs;

/**
 * Asks the provider to complete a payment that waits for the customer (3-D Secure done, PayPal
 * approved; for PayPal this call creates the authorization) — once: the request that claims the
 * payment row asks, concurrent requests wait for its answer in the row (ADR 0026). Five parallel
 * AuthorizePayPalOrder calls thus make one authorization.
 */
async function confirmOnce(deps: PaymentDeps, row: PaymentRow): Promise<{ row: PaymentRow; result?: AuthResult }> {
  const now = deps.now();
  const [claimed] = await deps.db
    .update(payments)
    .set({ confirmingUntil: now + CONFIRM_CLAIM_MS })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'requires_action'), or(isNull(payments.confirmingUntil), lt(payments.confirmingUntil, now))))
    .returning();
  if (!claimed) {
    // Another request talks to the provider about this payment (or it is no longer waiting): take its answer.
    for (let waited = 0; waited < CONFIRM_CLAIM_MS; waited += 100) {
      const [current] = await deps.db.select().from(payments).where(eq(payments.id, row.id));
      if (!current) break;
      if (current.status !== 'requires_action' || current.confirmingUntil === null || current.confirmingUntil < deps.now()) return { row: current };
      await sleep(100);
    }
    throw new ApiError(409, 'conflict', `Payment ${row.id} is being confirmed`, de.checkout.processing);
  }
  try {
    const result = await providerFor(deps, claimed.method as PaymentMethod).confirm(claimed.providerRef!, { idempotencyKey: `confirm-${claimed.id}` });
    const status = statusOf(result);
    const updated =
      status === claimed.status && result.providerStatus === claimed.providerStatus
        ? claimed
        : await updatePayment(
            deps.db,
            claimed,
            { status, providerStatus: result.providerStatus, ...(result.authRef ? { authRef: result.authRef } : {}) },
            deps.now(),
            result.declineMessage,
          );
    return { row: updated, result };
  } finally {
    await deps.db.update(payments).set({ confirmingUntil: null }).where(eq(payments.id, row.id));
  }
}

/**
 * Marks an order authorized, verified against the payment provider (requirements#checkout-calls "Mark order
 * authorized"): the provider must report the authorization for this order and its total.
 * Not yet confirmed -> 409 (the client retries every 0.8 s); declined -> 402; order closed -> 410.
 */
export async function markOrderAuthorized(deps: PaymentDeps, uniqueOrderId: string, claimedMethod?: PaymentMethod): Promise<SavedOrder> {
  const order = await loadOrder(deps.db, uniqueOrderId);
  if (order.authCompleted && !UNPAID_STATES.includes(order.data.state)) return order.data;
  let row = (await livePayment(deps.db, uniqueOrderId)) ?? (await latestPayment(deps.db, uniqueOrderId));
  if (!row) {
    if (hasEnded(order.data)) throw closedOrderError(order.data, CLOSED_TEXTS.placed);
    throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} has no payment yet`, de.checkout.paymentProcessingError);
  }
  if (row.status === 'declined' || row.status === 'failed' || row.status === 'voided' || row.status === 'refunded') {
    if (hasEnded(order.data)) throw closedOrderError(order.data, CLOSED_TEXTS.placed);
    throw new ApiError(402, 'payment_declined', `The payment of ${uniqueOrderId} was ${row.status}`, de.checkout.paymentDeclined);
  }
  if (
    claimedMethod &&
    claimedMethod !== row.method &&
    !(claimedMethod === 'credit' && row.method === 'wallet') &&
    !(claimedMethod === 'wallet' && row.method === 'credit')
  ) {
    throw new ApiError(409, 'conflict', `The order is paid with ${row.method}, not ${claimedMethod}`);
  }
  if (row.status !== 'authorized' && row.status !== 'captured') {
    row = await refreshPayment(deps, row);
  } else if (row.providerRef) {
    // Verified against the provider even when our row says authorized.
    const result = await providerFor(deps, row.method as PaymentMethod).confirm(row.providerRef);
    if (result.state !== 'authorized' && result.state !== 'captured') {
      throw new ApiError(409, 'conflict', `The provider reports ${result.providerStatus} for ${uniqueOrderId}`, de.checkout.paymentProcessingError);
    }
    verifyResult(result, order);
  }
  return setOrderAuthorized(deps, uniqueOrderId, row);
}

function verifyResult(result: AuthResult, order: OrderRow): void {
  if (result.uniqueOrderId && result.uniqueOrderId !== order.uniqueOrderId) {
    throw new ApiError(409, 'conflict', `The authorization belongs to order ${result.uniqueOrderId}`);
  }
  if (result.amount !== order.total) {
    throw new ApiError(409, 'total_mismatch', `Authorized ${result.amount}, order total ${order.total}`, de.checkout.paymentProcessingError);
  }
}

function windowOf(row: PaymentRow): number | null {
  if (row.method === 'customerCard') return null;
  return row.method === 'paypal' ? CHECKOUT_CONSTANTS.paypalAuthorizationWindowMs : CHECKOUT_CONSTANTS.cardAuthorizationWindowMs;
}

/**
 * Writes fields of the order document (and publishes the change), keeping everything else as it is
 * now; `afterWrite` runs in the same transaction (a mail into the outbox: true when it enqueued one).
 */
async function patchOrder(
  deps: PaymentDeps,
  uniqueOrderId: string,
  patch: (order: SavedOrder) => SavedOrder,
  afterWrite?: (tx: Db, order: SavedOrder) => Promise<boolean>,
): Promise<SavedOrder> {
  const { data, mailed } = await deps.db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const [row] = await tx.select().from(orders).where(eq(orders.uniqueOrderId, uniqueOrderId)).for('update');
    if (!row) throw new ApiError(404, 'not_found', `Order ${uniqueOrderId} not found`);
    const next = patch(row.data);
    await tx.update(orders).set({ data: next, updatedAt: deps.now() }).where(eq(orders.uniqueOrderId, uniqueOrderId));
    return { data: next, mailed: afterWrite ? await afterWrite(tx, next) : false };
  });
  if (mailed) kickMail(deps.db);
  await publishOrder(deps.events, data);
  return data;
}

/**
 * Captures the authorized payment of an accepted order, within the provider's authorization window.
 * A capture that fails marks the order (captureFailed, shown on the board) and throws; the
 * reconciliation retries it.
 */
export async function captureOrderPayment(deps: PaymentDeps, uniqueOrderId: string, amount?: number): Promise<SavedOrder> {
  const order = await loadOrder(deps.db, uniqueOrderId);
  const row = await livePayment(deps.db, uniqueOrderId);
  if (!row || row.status === 'pending' || row.status === 'requires_action')
    throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} has no authorized payment`);
  if (row.status === 'captured') return order.data;
  const at = deps.now();
  try {
    const windowMs = windowOf(row);
    if (windowMs !== null && row.authorizedAt !== null && at - row.authorizedAt > windowMs) {
      throw new ApiError(409, 'payment_failed', `The authorization of ${uniqueOrderId} expired (older than ${windowMs} ms)`);
    }
    const toCapture = amount ?? order.total;
    if (toCapture > row.amount) throw new ApiError(400, 'bad_request', `Cannot capture ${toCapture}, ${row.amount} is authorized`);
    const result = await providerFor(deps, row.method as PaymentMethod).capture(row.providerRef!, toCapture, {
      ...(row.authRef ? { authRef: row.authRef } : {}),
      idempotencyKey: `capture-${row.id}`,
    });
    if (result.state !== 'captured') throw new ApiError(409, 'payment_failed', `Capture answered ${result.providerStatus}`);
    await updatePayment(
      deps.db,
      row,
      { status: 'captured', providerStatus: result.providerStatus, ...(result.captureRef ? { captureRef: result.captureRef } : {}) },
      at,
    );
  } catch (error) {
    if (!order.data.captureFailed) await patchOrder(deps, uniqueOrderId, (o) => ({ ...o, captureFailed: true }));
    throw error;
  }
  return patchOrder(
    deps,
    uniqueOrderId,
    (o) => {
      const { captureFailed: _failed, ...rest } = o;
      return { ...rest, captured: true, capturedAt: at, paid: true };
    },
    mailTicketsOnce(at),
  );
}

/** Once a ticket order's money is captured, its tickets go into the outbox (once: one mail of a kind per order). */
function mailTicketsOnce(at: number): (tx: Db, order: SavedOrder) => Promise<boolean> {
  return async (tx, order) => (order.usecase === 'digital' ? enqueueTickets(tx, order, at) : false);
}

/**
 * Gives back the money of an order: voids a running attempt or an authorization, refunds a capture.
 * For an order that ended (rejected, cancelled, expired) the order records what happened
 * (paymentReleased), which its page tells the guest.
 */
export async function releaseOrderPayment(deps: PaymentDeps, uniqueOrderId: string): Promise<SavedOrder> {
  const row = await livePayment(deps.db, uniqueOrderId);
  let released: 'voided' | 'refunded' | null = null;
  if (row?.status === 'captured') {
    const result = await providerFor(deps, row.method as PaymentMethod).refund(row.providerRef!, row.amount, {
      ...(row.captureRef ? { captureRef: row.captureRef } : {}),
      idempotencyKey: `refund-${row.id}`,
    });
    if (result.state !== 'refunded') throw new ApiError(409, 'payment_failed', `Refund answered ${result.providerStatus}`);
    await updatePayment(deps.db, row, { status: 'refunded', providerStatus: result.providerStatus }, deps.now());
    released = 'refunded';
  } else if (row) {
    if (row.providerRef) await providerFor(deps, row.method as PaymentMethod).void(row.providerRef, row.authRef ? { authRef: row.authRef } : {});
    await updatePayment(deps.db, row, { status: 'voided' }, deps.now(), 'order ended');
    released = 'voided';
  }
  const order = await loadOrder(deps.db, uniqueOrderId);
  if (!hasEnded(order.data)) return order.data;
  const outcome = released ?? (order.data.authCompleted ? 'voided' : null);
  if (!outcome || order.data.paymentReleased) return order.data;
  const at = deps.now();
  return patchOrder(deps, uniqueOrderId, (o) => ({ ...o, paymentReleased: outcome, ...(outcome === 'refunded' ? { refundedAt: at } : {}) }));
}

/**
 * The money effects of the lifecycle (order-lifecycle.ts `money`), run after the order's change is
 * committed. A provider failure is logged and left to the reconciliation (orders/maintenance.ts):
 * the order's state stands, the money follows.
 */
export function moneyRunner(deps: PaymentDeps): MoneyRunner {
  return async (effect, order) => {
    try {
      if (effect === 'capture') await captureOrderPayment(deps, order.uniqueOrderId);
      else await releaseOrderPayment(deps, order.uniqueOrderId);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`[payments] ${effect} of ${order.uniqueOrderId} failed, the reconciliation retries: ${message}`);
    }
  };
}

/** Applies a provider event to the payment with this provider reference (webhooks). */
export async function applyProviderEvent(
  deps: PaymentDeps,
  provider: string,
  providerRef: string,
  status: PaymentStatus,
  providerStatus: string,
): Promise<'applied' | 'unknown-payment' | 'ignored'> {
  const rows = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  const row = rows[0];
  if (!row) return 'unknown-payment';
  if (row.status === status) return 'ignored';
  // Never step back: a captured, voided or refunded payment stays so; a declined one does not become authorized by a late event.
  if (row.status === 'captured' || row.status === 'voided' || row.status === 'refunded') return 'ignored';
  const updated = await updatePayment(deps.db, row, { status, providerStatus }, deps.now(), `webhook ${providerStatus}`);
  if (status === 'authorized') {
    const order = await loadOrder(deps.db, row.uniqueOrderId);
    if (updated.amount === order.total && (UNPAID_STATES.includes(order.data.state) || hasEnded(order.data))) {
      try {
        await setOrderAuthorized(deps, row.uniqueOrderId, updated);
      } catch (error) {
        // A closed order: its authorization was voided; the webhook itself is handled.
        if (!(error instanceof ApiError) || error.code !== 'order_closed') throw error;
      }
    }
  }
  if (status === 'captured') {
    const order = await loadOrder(deps.db, row.uniqueOrderId);
    if (!order.data.captured) {
      const at = deps.now();
      await patchOrder(deps, row.uniqueOrderId, (o) => ({ ...o, captured: true, capturedAt: at, paid: true }), mailTicketsOnce(at));
    }
  }
  return 'applied';
}
