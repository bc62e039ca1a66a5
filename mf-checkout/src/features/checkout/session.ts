import type { SavedOrder } from '@shop/shared/contract';
import type { FlowId } from '@shop/shared/domain/checkout-flow';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { createPersistentStore } from '@shop/shared/stores';

/**
 * The checkout's local session (requirements#order-entities local storage keys clientId, theTotal): one client
 * order id per checkout of one flow, kept across retries, reloads, double clicks and the guest going
 * back to change time, note, data or tip — the server changes that same unpaid order instead of
 * saving a second one. A finished order, or a checkout of another flow, starts a new id.
 */
interface ClientIdEntry {
  readonly clientId: string;
  readonly flow: FlowId;
}

const clientIdStore = createPersistentStore<ClientIdEntry | null>('checkout:clientId', null, { ttlMs: SHOP_CONSTANTS.selectedTimeTtlMs });

interface PendingPayment {
  readonly flow: FlowId;
  readonly uniqueOrderId: string;
  /** theTotal: the total the payment request was made for. */
  readonly total: number;
  readonly order: SavedOrder;
}

/** The saved order waiting for its payment (online flows). */
export const pendingPaymentStore = createPersistentStore<PendingPayment | null>('checkout:theTotal', null, {
  ttlMs: SHOP_CONSTANTS.selectedTimeTtlMs,
});

/**
 * Set just before the silent reload that follows a mistyped cash captcha (requirements#checkout-errors): after
 * the reload the pickup-payment flow opens at its last step again and says why.
 */
export const captchaRetryStore = createPersistentStore<boolean>('checkout:captchaRetry', false, {
  ttlMs: CHECKOUT_CONSTANTS.captchaRetryTtlMs,
});

function newClientId(): string {
  const c = globalThis.crypto;
  const random = typeof c?.randomUUID === 'function' ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `co-${random}`;
}

/**
 * The client order id of this checkout. A checkout of another flow starts a new order: the unpaid
 * order the other flow saved is abandoned (`abandon`, CancelUnpaidOrder) so that its stock and
 * coupons are free at once.
 */
export function checkoutClientId(flow: FlowId, abandon: (uniqueOrderId: string) => void): string {
  const stored = clientIdStore.get();
  if (stored && stored.flow === flow) return stored.clientId;
  const pending = pendingPaymentStore.get();
  if (pending && pending.flow !== flow) {
    abandon(pending.uniqueOrderId);
    pendingPaymentStore.reset();
  }
  const clientId = newClientId();
  clientIdStore.set({ clientId, flow });
  return clientId;
}

/** After a finished (or abandoned) order: the next checkout starts with a new id. */
export function endCheckoutSession(): void {
  clientIdStore.reset();
  pendingPaymentStore.reset();
}
