import { z } from 'zod';
import { savedOrder } from '../order';

export const ordersActions = {
  /**
   * GetLastSelfOrders (requirements#checkout-calls): the caller's last orders, newest first. A signed-in user
   * gets the orders of their account; a guest those saved from this browser without an account.
   */
  GetLastSelfOrders: {
    payload: z.object({}).strict().optional(),
    response: z.object({ orders: z.array(savedOrder) }),
  },
  /**
   * ConfirmAllReady (requirements#checkout-behaviour In-house flow, 'WIR SIND FERTIG'): the table's group is done.
   * Idempotent; for the order's owner or the holder of its access token.
   */
  ConfirmAllReady: {
    payload: z.object({ uniqueOrderId: z.string().min(1).max(80), accessToken: z.string().min(1).max(100).optional() }).strict(),
    response: z.object({ order: savedOrder }),
  },
  /**
   * Kellnerruf (requirements#calls "Signal": usecase, type, table, signalId → ok): a guest at a table
   * calls the waiter. Idempotent on signalId; a repeat from the same table within a minute is
   * answered with the earlier call (`repeated`) and not sent to the staff again.
   */
  Kellnerruf: {
    payload: z
      .object({
        usecase: z.enum(['tableordering', 'inhouseMobilePayment', 'selfservice']),
        type: z.literal('kellnerruf'),
        table: z.string().trim().min(1).max(20),
        signalId: z.string().min(8).max(80),
      })
      .strict(),
    response: z.object({
      signal: z.object({ signalId: z.string(), table: z.string(), createdAt: z.number().int() }),
      repeated: z.boolean(),
    }),
  },
} as const;
