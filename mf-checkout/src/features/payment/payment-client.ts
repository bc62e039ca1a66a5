import type { ActionName, ActionPayload, SavedOrder } from '@shop/shared/contract';
import { ActionCallError, TransportError, callAction, isConnectionFailure, withRetry, type ActionOutcome } from '@shop/shared/client';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { de } from '@shop/shared/i18n';

/** A payment failure with the texts of requirements#checkout-errors. */
export class PaymentFailure extends Error {
  constructor(
    readonly title: string,
    readonly text?: string,
    /** The guest may try again with another card or method. */
    readonly retryable = true,
    /** The order was rejected, cancelled or expired: it cannot be paid at all (the title says why). */
    readonly closed = false,
  ) {
    super(text ? `${title}: ${text}` : title);
    this.name = 'PaymentFailure';
  }
}

/**
 * The guest left the provider's window without paying (PayPal's cancel): not a failure, nothing to
 * report as one (docs/requirements.md#honest-words); the step says so neutrally and stays usable.
 */
export class PaymentCancelled extends Error {
  constructor(readonly text: string) {
    super(text);
    this.name = 'PaymentCancelled';
  }
}

/** The server's answer for an order that ended (410 order_closed): its German reason, not to be retried. */
export function closedFailure(error: unknown): PaymentFailure | null {
  if (!(error instanceof ActionCallError) || error.error?.code !== 'order_closed') return null;
  return new PaymentFailure(error.userMessage ?? de.checkout.paymentProcessingError, undefined, false, true);
}

/**
 * A provider call (buyer creation, payment intent, PayPal order): up to 3 tries at 200 ms
 * intervals with a 6.1 s timeout (requirements#checkout-calls, requirements#checkout-constants).
 */
export async function providerCall<A extends ActionName>(action: A, payload: ActionPayload<A>, connectionText: string): Promise<ActionOutcome<A>> {
  try {
    return await withRetry(() => callAction(action, payload, { timeout: CHECKOUT_CONSTANTS.providerCallTimeoutMs }), {
      retries: CHECKOUT_CONSTANTS.providerCallRetries - 1,
      delayMs: CHECKOUT_CONSTANTS.providerCallRetryDelayMs,
    });
  } catch (error) {
    if (isConnectionFailure(error)) throw new PaymentFailure(connectionText);
    const closed = closedFailure(error);
    if (closed) throw closed;
    if (error instanceof ActionCallError) {
      if (error.flags.forceReload) throw new PaymentFailure(de.checkout.unexpectedError, undefined, false);
      // Card response with ok false: 'Unerwarteter Fehler' / 'Bitte versuche es erneut' (requirements#checkout-errors).
      throw new PaymentFailure(de.checkout.unexpectedError, error.userMessage ?? de.checkout.pleaseRetry);
    }
    throw error;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Marks the order authorized (DocUpserter on 'orders'); the server confirms only after the
 * provider does. Retried every 0.8 s until confirmed (requirements#checkout-behaviour, requirements#checkout-calls), also through server
 * errors; a declined payment (402) ends the loop with the decline text; leaving the page (signal)
 * stops it.
 */
export async function markAuthorizedUntilConfirmed(
  uniqueOrderId: string,
  psp: 'paypal' | 'credit' | 'wallet' | 'customerCard',
  signal: AbortSignal,
): Promise<SavedOrder> {
  for (;;) {
    if (signal.aborted) throw new PaymentFailure(de.checkout.paymentProcessingError, undefined, false);
    try {
      const res = await callAction('DocUpserter', {
        collectionName: 'orders',
        updates: { authCompleted: true, psp, ...(psp === 'paypal' ? { isPayPal: true } : {}) },
        subjectKey: { key: 'uniqueOrderId', value: uniqueOrderId },
        autoRetry: true,
      });
      if (res.ok && res.doc) return res.doc as unknown as SavedOrder;
      if (!res.ok && res.status === 402) throw new PaymentFailure(de.checkout.cardAuthFailed, res.error?.userMessage ?? de.checkout.paymentDeclined);
      if (!res.ok && res.status === 404) throw new PaymentFailure(de.checkout.unexpectedOrderError, undefined, false);
    } catch (error) {
      if (error instanceof PaymentFailure) throw error;
      const closed = closedFailure(error);
      if (closed) throw closed;
      // 409 (not yet confirmed), server errors (5xx) and transport errors: try again, without limit
      // (requirements#checkout-behaviour); only an answer that can never change (another 4xx) ends the loop.
      const retryable = error instanceof TransportError || (error instanceof ActionCallError && (error.status === 409 || error.status >= 500));
      if (!retryable) {
        if (error instanceof ActionCallError) throw new PaymentFailure(de.checkout.paymentProcessingError, error.userMessage);
        throw error;
      }
    }
    await sleep(CHECKOUT_CONSTANTS.markAuthorizedRetryMs);
  }
}
