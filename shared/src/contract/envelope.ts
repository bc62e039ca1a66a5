import { z } from 'zod';
import { SHOP_CONSTANTS } from '../domain/shop-constants';

/**
 * Body of every POST /api/action (requirements#calls): action name, payload, channel 'on-the-go',
 * browser id (at least 25 characters with a dash), security-token placeholder and a timeout.
 */
export const actionRequest = z.object({
  action: z.string().min(1).max(64),
  payload: z.unknown(),
  channel: z.literal('on-the-go'),
  browserId: z
    .string()
    .min(SHOP_CONSTANTS.browserIdMinLength, `browserId must have at least ${SHOP_CONSTANTS.browserIdMinLength} characters`)
    .max(100, 'browserId must have at most 100 characters')
    .refine((v) => v.includes('-'), 'browserId must contain a dash'),
  secToken: z.string().max(200),
  timeout: z.number().int().positive().max(120_000),
  /** The contract version the calling app was built with (absent: version 1, see version.ts). */
  contractVersion: z.number().int().min(0).max(10_000).optional(),
});

/** Flags any response may carry (requirements#calls, requirements#checkout-calls). */
export interface ResponseFlags {
  secTokenError?: boolean;
  jwtInvalid?: boolean;
  forceReload?: boolean;
  captchaError?: boolean;
  noLock?: boolean;
}

/** Machine-readable error codes; `message` is English for callers, `userMessage` German for guests. */
export type ActionErrorCode =
  | 'bad_request'
  | 'unknown_action'
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'total_mismatch'
  | 'ordering_disabled'
  | 'sold_out'
  | 'coupon_invalid'
  | 'payment_declined'
  | 'payment_failed'
  /** The order was rejected, cancelled or expired: it can no longer be paid or changed (410). */
  | 'order_closed'
  /** Too many requests in a short time (429, with retry-after). */
  | 'rate_limited'
  /** A stored record (preferences, settings, a saved cart) would grow beyond its bound (413). */
  | 'record_too_large'
  /** The app speaks a contract version the API no longer (or not yet) accepts; comes with forceReload (409). */
  | 'contract_unsupported'
  /** A service the API needs (the database) is away for a moment: 503 with retry-after; the request may be sent again. */
  | 'unavailable'
  | 'internal';

export interface ActionError {
  code: ActionErrorCode;
  message: string;
  userMessage?: string;
  issues?: { path: string; message: string }[];
}
