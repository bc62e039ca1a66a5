import { z } from 'zod';
import { LIVE_ORDERS_MAX } from '../../domain/orders';

/** A ticket is a random opaque string (base64url); nothing can be read from it. */
export const streamTicket = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/**
 * The live event stream (GET /api/events) carries no credential in its URL
 * (docs/requirements.md#live-updates-heal): the browser first asks for a short-lived, single-use
 * stream ticket with its credentials in the request (the ID token as Authorization header, order
 * access tokens and the local push token in the body), then opens `/api/events?ticket=<ticket>`.
 */
export const streamActions = {
  IssueStreamTicket: {
    payload: z
      .object({
        /** 'shop', 'user<uid>' (the caller's own uid, ID token in the header), 'staff' (staff claim). */
        channels: z.array(z.string().max(140)).max(4),
        /** Orders to follow live, each proven by its access token (the guest's open orders). */
        orders: z
          .array(z.object({ uniqueOrderId: z.string().min(1).max(80), accessToken: z.string().min(1).max(100) }).strict())
          .max(LIVE_ORDERS_MAX)
          .optional(),
        /** The device's local push token (its messages arrive as 'push' events). */
        push: z.string().max(200).optional(),
      })
      .strict(),
    response: z.object({
      /** Opens exactly one stream, once, before `expiresAt`. */
      ticket: streamTicket,
      expiresAt: z.number().int(),
      /** The SSE event names the stream will carry (granted channels; 'push' for the push channel). */
      events: z.array(z.string()),
      /** Requested channels and orders that were not granted (an order whose token does not match). */
      refused: z.array(z.string()),
    }),
  },
} as const;
