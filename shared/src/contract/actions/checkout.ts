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
    }),
  },
} as const;
