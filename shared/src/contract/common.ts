import { z } from 'zod';
import { LIMITS } from './limits';

export { LIMITS } from './limits';

/**
 * The size of one stored record at most (JSON bytes), checked on the server after a change is
 * merged into what was stored (docs/security.md "Limits"): every field has its bound, and the
 * whole record has one too, so no client can grow a row beyond it.
 */
export const RECORD_BYTES = {
  /** Device preferences (favourites, allergens, favourite carts). */
  preferences: 128 * 1024,
  /** An account's user settings. */
  userSettings: 128 * 1024,
  /** A saved cart (SaveCart). */
  cart: 128 * 1024,
} as const;

/** Integer euro cents (ADR 0002). */
export const cents = z.number().int().min(-LIMITS.maxCents).max(LIMITS.maxCents);
/** Non-negative integer euro cents. */
export const price = z.number().int().min(0).max(LIMITS.maxCents);
/** An id of an article, option, line or coupon. */
export const shortId = z.string().min(1).max(LIMITS.id);
/** Weekday 1 (Monday) to 7 (Sunday). */
export const weekday = z.number().int().min(1).max(7);
/** 'HH:MM' 24 h clock time. */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');
/** Milliseconds since the epoch. */
export const epochMs = z.number().int().nonnegative();

export const usecase = z.enum(['takeaway', 'delivery', 'selfservice', 'tableordering', 'inhouseMobilePayment', 'digital']);
export type Usecase = z.infer<typeof usecase>;

export const orderMode = z.enum(['takeaway', 'delivery', 'inhouse']);
export type OrderMode = z.infer<typeof orderMode>;

export const paymentMethodId = z.enum(['paypal', 'credit', 'wallet', 'bar', 'beiAbholung', 'beiLieferung', 'vorkasse', 'waiter', 'customerCard']);
export type PaymentMethodId = z.infer<typeof paymentMethodId>;
