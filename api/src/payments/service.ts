/**
 * Order payments: start an authorization, mark the order authorized only after the provider
 * confirms it, capture within the authorization window, void on rejection, and apply webhook
 * events. The database guarantees at most one live payment per order (payments_one_live_per_order),
 * so retries, double clicks and parallel tabs never authorize an order twice.
 */
import crypto from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { SavedOrder } from '@shop/shared/contract';
import { STAFF_CHANNEL, userChannel } from '@shop/shared/contract';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { de } from '@shop/shared/i18n';
import type { Db } from '../db/client';
import { orders, payments, type PaymentHistoryEntry, type PaymentStatus } from '../db/schema';
import type { EventBus } from '../events/event-bus';
import { ApiError } from '../http/api-error';
import { ProviderError, type AuthResult, type PaymentProvider } from './provider';
import type { Payments } from './registry';

export type PaymentMethod = 'credit' | 'wallet' | 'paypal' | 'customerCard';
type PaymentRow = typeof payments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const LIVE: PaymentStatus[] = ['pending', 'requires_action', 'authorized', 'captured'];

export interface PaymentDeps {
  readonly db: Db;
  readonly payments: Payments;
  readonly events: EventBus;
  readonly now: () => number;
}

function providerFor(deps: PaymentDeps, method: PaymentMethod): PaymentProvider {
  if (method === 'paypal') return deps.payments.paypal;
  if (method === 'customerCard') return deps.payments.customerCard;
  return deps.payments.card;
}

function statusOf(result: AuthResult): PaymentStatus {
  switch (result.state) {
    case 'authorized':
      return 'authorized';
    case 'requires_action':
      return 'requires_action';
    case 'declined':
      return 'declined';
    case 'captured':
      return 'captured';
    case 'voided':
      return 'voided';
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
  const state = row.status === 'authorized' ? 'authorized' : row.status === 'captured' ? 'captured' : row.status === 'requires_action' ? 'requires_action' : row.status === 'declined' ? 'declined' : 'unknown';
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

/**
 * Starts (or returns the running) authorization of an order. At most one live payment per order:
 * an earlier attempt with the same method and payment method is returned as it is; a different
 * attempt that still waits for the customer is voided first; an authorized order is never
 * authorized again.
 */
export async function startPayment(deps: PaymentDeps, request: StartRequest): Promise<StartResult> {
  const order = await loadOrder(deps.db, request.uniqueOrderId);
  if (!order.data.onlinePay) throw new ApiError(400, 'bad_request', `Order ${order.uniqueOrderId} is not paid online`);
  if (request.amount !== undefined && request.amount !== order.total) {
    throw new ApiError(409, 'total_mismatch', `Amount ${request.amount} differs from the order total ${order.total}`, 'Die Preise haben sich geändert. Bitte prüfe deinen Warenkorb.');
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
      if (same && existing.providerRef) {
        const current = await providerFor(deps, existing.method as PaymentMethod).confirm(existing.providerRef);
        const status = statusOf(current);
        const row = status === existing.status ? existing : await updatePayment(deps.db, existing, { status, providerStatus: current.providerStatus }, deps.now());
        if (LIVE.includes(row.status)) return { payment: row, result: current, reused: true };
        continue;
      }
      // A different attempt waits for the customer: release it, then start anew.
      if (existing.providerRef) {
        try {
          await providerFor(deps, existing.method as PaymentMethod).void(existing.providerRef, existing.authRef ? { authRef: existing.authRef } : {});
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
        }
      }
      await updatePayment(deps.db, existing, { status: 'voided' }, deps.now(), 'replaced by a new attempt');
      continue;
    }

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
    return { payment: row, result, reused: false };
  }
  throw new ApiError(409, 'conflict', `Payment of ${order.uniqueOrderId} is busy, try again`, de.checkout.pleaseRetry);
}

/** The latest payment of an order (any status). */
export async function latestPayment(db: Db, uniqueOrderId: string): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.uniqueOrderId, uniqueOrderId)).orderBy(desc(payments.createdAt)).limit(1);
  return rows[0];
}

function paymentAuthOf(row: PaymentRow): Record<string, unknown> {
  if (row.method === 'paypal') return { paypalOrderId: row.providerRef, paypalAuthId: row.authRef, paypalAuthObjectId: row.authRef };
  if (row.method === 'customerCard') return { customerCardHoldId: row.providerRef };
  return { stripeCustomerId: row.customerId, paymentIntentId: row.providerRef, paymentMethodId: row.paymentMethodId };
}

async function publishOrder(deps: PaymentDeps, data: SavedOrder): Promise<void> {
  await deps.events.publish(STAFF_CHANNEL, { type: 'orderUpdated', uniqueOrderId: data.uniqueOrderId, state: data.state });
  if (data.fuid) await deps.events.publish(userChannel(data.fuid), { type: 'orderUpdated', uniqueOrderId: data.uniqueOrderId, state: data.state });
}

/** Sets the fields of checkout-spec §3 "Order fields set after payment authorization" (once). */
async function setOrderAuthorized(deps: PaymentDeps, order: OrderRow, row: PaymentRow): Promise<SavedOrder> {
  const at = deps.now();
  const data: SavedOrder = {
    ...order.data,
    authCompleted: true,
    authCompletedAt: at,
    psp: row.method as SavedOrder['psp'],
    isPayPal: row.method === 'paypal',
    captured: false,
    storno: false,
    sentToPos: false,
    sentPaymentToPos: false,
    paymentAuth: paymentAuthOf(row),
  };
  const updated = await deps.db
    .update(orders)
    .set({ authCompleted: true, data, updatedAt: at })
    .where(and(eq(orders.uniqueOrderId, order.uniqueOrderId), eq(orders.authCompleted, false)))
    .returning();
  if (!updated[0]) return (await loadOrder(deps.db, order.uniqueOrderId)).data;
  await publishOrder(deps, data);
  return data;
}

/**
 * Asks the provider again about a payment that waits for the customer (3-D Secure done in the
 * browser, PayPal approved) and completes it where the provider needs a call (PayPal authorize).
 * Authorized -> the updated row; still waiting -> 409; declined -> 402.
 */
export async function refreshPayment(deps: PaymentDeps, row: PaymentRow): Promise<PaymentRow> {
  if (row.status === 'authorized' || row.status === 'captured') return row;
  if (row.status === 'declined' || row.status === 'failed' || row.status === 'voided') {
    throw new ApiError(402, 'payment_declined', `The payment of ${row.uniqueOrderId} was ${row.status}`, de.checkout.paymentDeclined);
  }
  if (row.status === 'pending' || !row.providerRef) throw new ApiError(409, 'conflict', `Payment of ${row.uniqueOrderId} is still pending`, de.checkout.processing);
  const order = await loadOrder(deps.db, row.uniqueOrderId);
  const result = await providerFor(deps, row.method as PaymentMethod).confirm(row.providerRef, { idempotencyKey: `confirm-${row.id}` });
  const status = statusOf(result);
  const updated =
    status === row.status && result.providerStatus === row.providerStatus
      ? row
      : await updatePayment(
          deps.db,
          row,
          { status, providerStatus: result.providerStatus, ...(result.authRef ? { authRef: result.authRef } : {}) },
          deps.now(),
          result.declineMessage,
        );
  if (status === 'declined' || status === 'voided' || status === 'failed') {
    throw new ApiError(402, 'payment_declined', `The payment of ${row.uniqueOrderId} was ${status}`, de.checkout.paymentDeclined);
  }
  if (status !== 'authorized') throw new ApiError(409, 'conflict', `Payment of ${row.uniqueOrderId} is ${result.providerStatus}`, de.checkout.processing);
  verifyResult(result, order);
  return updated;
}

/**
 * Marks an order authorized, verified against the payment provider (checkout-spec §7 "Mark order
 * authorized"): the provider must report the authorization for this order and its total.
 * Not yet confirmed -> 409 (the client retries every 0.8 s); declined -> 402.
 */
export async function markOrderAuthorized(deps: PaymentDeps, uniqueOrderId: string, claimedMethod?: PaymentMethod): Promise<SavedOrder> {
  const order = await loadOrder(deps.db, uniqueOrderId);
  if (order.authCompleted) return order.data;
  let row = (await livePayment(deps.db, uniqueOrderId)) ?? (await latestPayment(deps.db, uniqueOrderId));
  if (!row) throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} has no payment yet`, de.checkout.paymentProcessingError);
  if (row.status === 'declined' || row.status === 'failed' || row.status === 'voided') {
    throw new ApiError(402, 'payment_declined', `The payment of ${uniqueOrderId} was ${row.status}`, de.checkout.paymentDeclined);
  }
  if (claimedMethod && claimedMethod !== row.method && !(claimedMethod === 'credit' && row.method === 'wallet') && !(claimedMethod === 'wallet' && row.method === 'credit')) {
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
  return setOrderAuthorized(deps, order, row);
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

/** Captures an authorized order (order accepted), within the provider's authorization window. */
export async function captureOrderPayment(deps: PaymentDeps, uniqueOrderId: string, amount?: number): Promise<SavedOrder> {
  const order = await loadOrder(deps.db, uniqueOrderId);
  const row = await livePayment(deps.db, uniqueOrderId);
  if (!row || row.status === 'pending' || row.status === 'requires_action') throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} has no authorized payment`);
  if (row.status === 'captured') return order.data;
  const windowMs = windowOf(row);
  const at = deps.now();
  if (windowMs !== null && row.authorizedAt !== null && at - row.authorizedAt > windowMs) {
    throw new ApiError(409, 'conflict', `The authorization of ${uniqueOrderId} expired (older than ${windowMs} ms)`);
  }
  const toCapture = amount ?? order.total;
  if (toCapture > row.amount) throw new ApiError(400, 'bad_request', `Cannot capture ${toCapture}, ${row.amount} is authorized`);
  const result = await providerFor(deps, row.method as PaymentMethod).capture(row.providerRef!, toCapture, {
    ...(row.authRef ? { authRef: row.authRef } : {}),
    idempotencyKey: `capture-${row.id}`,
  });
  if (result.state !== 'captured') throw new ApiError(409, 'payment_failed', `Capture answered ${result.providerStatus}`);
  await updatePayment(deps.db, row, { status: 'captured', providerStatus: result.providerStatus }, at);
  const data: SavedOrder = { ...order.data, captured: true, capturedAt: at, paid: true };
  await deps.db.update(orders).set({ data, updatedAt: at }).where(eq(orders.uniqueOrderId, uniqueOrderId));
  await publishOrder(deps, data);
  return data;
}

/** Releases the authorization of a rejected order. */
export async function voidOrderPayment(deps: PaymentDeps, uniqueOrderId: string): Promise<void> {
  const row = await livePayment(deps.db, uniqueOrderId);
  if (!row) return;
  if (row.status === 'captured') throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} is already captured; refund it instead`);
  if (row.providerRef) await providerFor(deps, row.method as PaymentMethod).void(row.providerRef, row.authRef ? { authRef: row.authRef } : {});
  await updatePayment(deps.db, row, { status: 'voided' }, deps.now(), 'order rejected');
}

/** Applies a provider event to the payment with this provider reference (webhooks). */
export async function applyProviderEvent(
  deps: PaymentDeps,
  provider: string,
  providerRef: string,
  status: PaymentStatus,
  providerStatus: string,
): Promise<'applied' | 'unknown-payment' | 'ignored'> {
  const rows = await deps.db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
  const row = rows[0];
  if (!row) return 'unknown-payment';
  if (row.status === status) return 'ignored';
  // Never step back: a captured or voided payment stays so; a declined one does not become authorized by a late event.
  if (row.status === 'captured' || row.status === 'voided') return 'ignored';
  const updated = await updatePayment(deps.db, row, { status, providerStatus }, deps.now(), `webhook ${providerStatus}`);
  if (status === 'authorized') {
    const order = await loadOrder(deps.db, row.uniqueOrderId);
    if (!order.authCompleted && updated.amount === order.total) await setOrderAuthorized(deps, order, updated);
  }
  if (status === 'captured') {
    const order = await loadOrder(deps.db, row.uniqueOrderId);
    if (!order.data.captured) {
      const at = deps.now();
      const data: SavedOrder = { ...order.data, captured: true, capturedAt: at, paid: true };
      await deps.db.update(orders).set({ data, updatedAt: at }).where(eq(orders.uniqueOrderId, row.uniqueOrderId));
      await publishOrder(deps, data);
    }
  }
  return 'applied';
}
