import { z } from 'zod';

/** Integer euro cents (ADR 0002). */
export const cents = z.number().int();
/** Non-negative integer euro cents. */
export const price = z.number().int().min(0);
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

export const paymentMethodId = z.enum([
  'paypal',
  'credit',
  'wallet',
  'bar',
  'beiAbholung',
  'beiLieferung',
  'vorkasse',
  'waiter',
  'customerCard',
]);
export type PaymentMethodId = z.infer<typeof paymentMethodId>;
