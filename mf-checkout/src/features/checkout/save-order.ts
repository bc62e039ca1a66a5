import type { OrderDraftInput, SavedOrder } from '@shop/shared/contract';
import { ActionCallError, callAction, isConnectionFailure, withRetry } from '@shop/shared/client';
import type { FlowDef } from '@shop/shared/domain/checkout-flow';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { de } from '@shop/shared/i18n';

export type SaveOutcome =
  | { readonly kind: 'saved'; readonly order: SavedOrder; readonly duplicate: boolean }
  /**
   * captchaError / secTokenError: the app reloads silently (`reason` tells which). forceReload: the
   * shell shows the notice and reloads.
   */
  | { readonly kind: 'reload'; readonly silent: boolean; readonly reason: 'captcha' | 'secToken' | 'server' }
  /** The order of this checkout was rejected, cancelled or expired meanwhile: it cannot change; `text` says why. */
  | { readonly kind: 'closed'; readonly text: string }
  | { readonly kind: 'failed'; readonly title: string; readonly text?: string };

export interface SaveOptions {
  /** POS-API or debug mode: 60 s instead of 10 s. */
  readonly posMode?: boolean;
  readonly sleep?: (ms: number) => Promise<void>;
}

/**
 * SaveNewOrder with the requirements#checkout-calls timeouts and retries: 10 s (60 s with POS API); on a
 * transport error (or a 502/503/504, which is one in disguise) up to 2 retries 2.2 s apart (pickup-payment flow: 3, 1 s apart). The same
 * clientId is sent every time, so a retry never creates a second order.
 */
export async function saveOrder(draft: OrderDraftInput, flow: FlowDef, options: SaveOptions = {}): Promise<SaveOutcome> {
  const timeout = options.posMode ? CHECKOUT_CONSTANTS.saveOrderPosTimeoutMs : CHECKOUT_CONSTANTS.saveOrderTimeoutMs;
  try {
    const res = await withRetry(() => callAction('SaveNewOrder', { order: draft }, { timeout }), {
      retries: flow.saveRetries.retries,
      delayMs: flow.saveRetries.delayMs,
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });
    const reload = reloadOutcome(res);
    if (reload) return reload;
    if (!res.ok) return { kind: 'failed', title: de.checkout.saveFailed, ...(res.error?.userMessage ? { text: res.error.userMessage } : {}) };
    return { kind: 'saved', order: res.order, duplicate: res.duplicate };
  } catch (error) {
    // 502/503/504 (balancer, draining instance, database away) after the retries: a lost connection too.
    if (isConnectionFailure(error)) {
      return { kind: 'failed', title: flow.id === 'takeaway' ? de.checkout.pickupTransportError : de.checkout.transportError };
    }
    if (error instanceof ActionCallError) {
      const reload = reloadOutcome(error.flags);
      if (reload) return reload;
      if (error.error?.code === 'order_closed') return { kind: 'closed', text: error.userMessage ?? de.checkout.saveFailed };
      return { kind: 'failed', title: de.checkout.saveFailed, ...(error.userMessage ? { text: error.userMessage } : {}) };
    }
    return { kind: 'failed', title: de.checkout.unexpectedOrderError };
  }
}

function reloadOutcome(flags: { captchaError?: boolean; secTokenError?: boolean; forceReload?: boolean }): SaveOutcome | null {
  if (flags.captchaError) return { kind: 'reload', silent: true, reason: 'captcha' };
  if (flags.secTokenError) return { kind: 'reload', silent: true, reason: 'secToken' };
  if (flags.forceReload) return { kind: 'reload', silent: false, reason: 'server' };
  return null;
}
