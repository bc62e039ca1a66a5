import { ActionCallError, TransportError } from '@shop/shared/client-runtime';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  delayMs: number;
  /** Which failures are retried; default: a lost connection (`isConnectionFailure`, requirements#checkout-calls). */
  retryOn?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * HTTP statuses that say "the request did not get through now", not "the server refused it": a
 * balancer without a healthy instance (502), an instance that is draining or whose database is away
 * (503, with retry-after), a balancer's timeout (504). The client treats them like a lost connection.
 */
export const CONNECTION_LIKE_STATUSES: readonly number[] = [502, 503, 504];

/** No answer, or an answer that is a lost connection in disguise (502/503/504): the same request may be sent again. */
export function isConnectionFailure(error: unknown): boolean {
  return error instanceof TransportError || (error instanceof ActionCallError && CONNECTION_LIKE_STATUSES.includes(error.status));
}

/** Runs `attempt` and retries it per the policy; the last error is rethrown. */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  const retryOn = policy.retryOn ?? isConnectionFailure;
  const sleep = policy.sleep ?? ((ms) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let n = 0; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= policy.retries || !retryOn(error)) throw error;
      await sleep(policy.delayMs);
    }
  }
}
