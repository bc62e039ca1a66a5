/**
 * Double-submit guards (requirements#checkout-behaviour, requirements#checkout-validation, requirements#checkout-constants): placing an order is guarded for 2 s; a second
 * PayPal approve event within 3 s is suppressed. Clock-injected: `now` is passed to every call.
 */
import { CHECKOUT_CONSTANTS } from './checkout-constants';

export interface SubmitGuard {
  /** True when the action may run now (and starts a new guard window); false within the window. */
  tryEnter(now: number): boolean;
  /** Ends the window early (e.g. after a failure the guest may retry at once). */
  release(): void;
}

export function createSubmitGuard(windowMs: number = CHECKOUT_CONSTANTS.doubleSubmitGuardMs): SubmitGuard {
  let lastAt: number | null = null;
  return {
    tryEnter(now) {
      if (lastAt !== null && now - lastAt < windowMs) return false;
      lastAt = now;
      return true;
    },
    release() {
      lastAt = null;
    },
  };
}

/** The PayPal approve guard: 3 s. */
export function createPaypalApproveGuard(): SubmitGuard {
  return createSubmitGuard(CHECKOUT_CONSTANTS.doublePaypalEventGuardMs);
}
