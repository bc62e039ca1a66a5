import { z } from 'zod';
import { savedOrder } from '../order';

/** The staff order board (ARCHITECTURE: mf-orders "the staff order board"); staff ID tokens only. */
export const staffActions = {
  /** The orders of this host's branch from the last 24 hours and any still open, newest first. */
  LoadStaffOrders: {
    payload: z.object({}).strict().optional(),
    response: z.object({
      orders: z.array(savedOrder),
      /** Waiter calls of the last hour, newest first. */
      waiterCalls: z.array(z.object({ signalId: z.string(), table: z.string(), createdAt: z.number().int() })),
    }),
  },
  /** The kitchen accepts, readies, hands over or rejects an order (see domain/order-lifecycle.ts). */
  UpdateOrderStatus: {
    payload: z
      .object({
        uniqueOrderId: z.string().min(1).max(80),
        change: z.enum(['confirm', 'ready', 'collected', 'reject']),
        reason: z.string().trim().max(200).optional(),
      })
      .strict(),
    response: z.object({ order: savedOrder }),
  },
} as const;
