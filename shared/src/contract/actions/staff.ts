import { z } from 'zod';
import { CHECKOUT_CONSTANTS } from '../../domain/checkout-constants';
import { readyPart, savedOrder } from '../order';

const waiterCall = z.object({ signalId: z.string(), table: z.string(), createdAt: z.number().int() });

/** The staff order board (ARCHITECTURE: mf-orders "the staff order board"); staff ID tokens only. */
export const staffActions = {
  /** The orders of this host's branch from the last 24 hours and any still open, newest first. */
  LoadStaffOrders: {
    payload: z.object({}).strict().optional(),
    response: z.object({
      /** Placed orders (paid online, or to be paid on site): the kitchen's work. */
      orders: z.array(savedOrder),
      /** Online orders saved but not paid yet: not to be cooked, only to be rejected if need be. */
      awaitingPayment: z.array(savedOrder),
      /** Open (not acknowledged) waiter calls of the last hour, newest first. */
      waiterCalls: z.array(waiterCall),
    }),
  },
  /**
   * The kitchen accepts, readies (food, drinks or all), hands over, rejects (before acceptance) or
   * cancels (before hand-over) an order; reject and cancel need a reason the guest sees
   * (domain/order-lifecycle.ts has the rules).
   */
  UpdateOrderStatus: {
    payload: z
      .object({
        uniqueOrderId: z.string().min(1).max(80),
        change: z.enum(['confirm', 'ready', 'collected', 'reject', 'cancel']),
        part: readyPart.optional(),
        reason: z.string().trim().max(CHECKOUT_CONSTANTS.staffReasonMaxLength).optional(),
      })
      .strict(),
    response: z.object({ order: savedOrder }),
  },
  /** The staff acknowledge a waiter call: it leaves every board. Idempotent. */
  AcknowledgeWaiterCall: {
    payload: z.object({ signalId: z.string().min(8).max(80) }).strict(),
    response: z.object({ acknowledged: z.boolean() }),
  },
} as const;
