import { z } from 'zod';
import { savedOrder } from '../order';

export const ordersActions = {
  /**
   * GetLastSelfOrders (checkout-spec §7): the caller's last orders, newest first. A signed-in user
   * gets the orders of their account; a guest those saved from this browser without an account.
   */
  GetLastSelfOrders: {
    payload: z.object({}).strict().optional(),
    response: z.object({ orders: z.array(savedOrder) }),
  },
  /**
   * ConfirmAllReady (checkout-spec §4 In-house flow, 'WIR SIND FERTIG'): the table's group is done.
   * Idempotent; the order id is the capability (it is the order page's URL).
   */
  ConfirmAllReady: {
    payload: z.object({ uniqueOrderId: z.string().min(1).max(80) }).strict(),
    response: z.object({ order: savedOrder }),
  },
} as const;
