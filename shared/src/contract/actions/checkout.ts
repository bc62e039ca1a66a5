import { z } from 'zod';
import { orderDraft, savedOrder } from '../order';

export const checkoutActions = {
  SaveNewOrder: {
    payload: z.object({ order: orderDraft }).strict(),
    response: z.object({
      order: savedOrder,
      uniqueOrderId: z.string(),
      /** True when the same clientId was saved before and this is the stored order. */
      duplicate: z.boolean(),
      /** True when the same clientId named an unpaid order of this guest and it was changed (back-and-edit). */
      updated: z.boolean().optional(),
      /** The order's access token: read the order and follow its live status (also in order.accessToken). */
      accessToken: z.string(),
    }),
  },
  /**
   * The guest abandons their unpaid online order ('Bestellung abbrechen', or a checkout started
   * anew in another way): it is cancelled at once, its stock and coupons are given back and a
   * payment attempt is voided. Only the order's owner; a placed order is not cancelled this way.
   */
  CancelUnpaidOrder: {
    payload: z.object({ uniqueOrderId: z.string().min(1).max(80) }).strict(),
    response: z.object({ order: savedOrder }),
  },
} as const;
