import { TransportError } from '@shop/shared/client-runtime';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  delayMs: number;
  /** Which failures are retried; default: transport errors only (checkout-spec §7). */
  retryOn?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
}

/** Runs `attempt` and retries it per the policy; the last error is rethrown. */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  const retryOn = policy.retryOn ?? ((e) => e instanceof TransportError);
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
