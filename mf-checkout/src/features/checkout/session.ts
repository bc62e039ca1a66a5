import type { OrderDraftInput, SavedOrder } from '@shop/shared/contract';
import type { FlowId } from '@shop/shared/domain/checkout-flow';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { createPersistentStore } from '@shop/shared/stores';

/**
 * The checkout's local session (checkout-spec §3 local storage keys clientId, lastItemsHash,
 * theTotal): the client order id is generated once per order content and kept across retries,
 * reloads and double clicks, so SaveNewOrder stays idempotent; a changed order gets a new id.
 */
interface ClientIdEntry {
  readonly clientId: string;
  /** lastItemsHash: fingerprint of everything the order says except the moment it was built. */
  readonly fingerprint: string;
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
 * Set just before the silent reload that follows a mistyped cash captcha (checkout-spec §8): after
 * the reload the pickup-payment flow opens at its last step again and says why.
 */
export const captchaRetryStore = createPersistentStore<boolean>('checkout:captchaRetry', false, {
  ttlMs: CHECKOUT_CONSTANTS.captchaRetryTtlMs,
});

/** FNV-1a, 52 bits: a short stable fingerprint (not a security measure). */
function hash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return `${h1.toString(36)}${(h2 & 0xfffff).toString(36)}`;
}

/** Fingerprint of an order draft without its id and the moment it was built. */
export function draftFingerprint(draft: Omit<OrderDraftInput, 'clientId'>, flow: FlowId): string {
  const { createdAt: _created, ...rest } = draft;
  // In-house targets are "now plus n minutes": not part of what the guest ordered.
  const stable = flow === 'takeaway' || flow === 'takeawayWithPay' || flow === 'delivery' || flow === 'deliveryWithPay' ? rest : { ...rest, targetTime: undefined };
  return hash(JSON.stringify({ flow, ...stable }));
}

function newClientId(): string {
  const c = globalThis.crypto;
  const random = typeof c?.randomUUID === 'function' ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `co-${random}`;
}

/** The client order id for this content: the stored one when the content is unchanged. */
export function clientIdFor(fingerprint: string): string {
  const stored = clientIdStore.get();
  if (stored && stored.fingerprint === fingerprint) return stored.clientId;
  const clientId = newClientId();
  clientIdStore.set({ clientId, fingerprint });
  return clientId;
}

/** After a finished order: the next checkout starts with a new id. */
export function endCheckoutSession(): void {
  clientIdStore.reset();
  pendingPaymentStore.reset();
}
