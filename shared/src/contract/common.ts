import { z } from 'zod';

/**
 * Bounds of every input (docs/security.md "Limits"): no amount in this shop comes near 100 000 €,
 * no text near these lengths; a value beyond them is refused with a clear 400 before any handler.
 */
export const LIMITS = {
  maxCents: 10_000_000,
  id: 80,
  code: 40,
  name: 200,
  personName: 100,
  email: 254,
  phone: 40,
  text: 2_000,
  note: 500,
  lineNote: 200,
  addressField: 100,
  plz: 10,
  shortList: 30,
  extras: 50,
  /** Lines an order (or cart) may carry at most; the server's own limit (MAX_ORDER_LINES) is lower. */
  orderLines: 200,
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
export const nonEmpty = z.string().trim().min(1);

export const usecase = z.enum(['takeaway', 'delivery', 'selfservice', 'tableordering', 'inhouseMobilePayment', 'digital']);
export type Usecase = z.infer<typeof usecase>;

export const orderMode = z.enum(['takeaway', 'delivery', 'inhouse']);
export type OrderMode = z.infer<typeof orderMode>;

export const paymentMethodId = z.enum(['paypal', 'credit', 'wallet', 'bar', 'beiAbholung', 'beiLieferung', 'vorkasse', 'waiter', 'customerCard']);
export type PaymentMethodId = z.infer<typeof paymentMethodId>;
