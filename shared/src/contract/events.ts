import { z } from 'zod';

/** Server-sent events on GET /api/events (shop-spec §4 Events stream): channels 'shop' and 'user<id>'. */
export const serverEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('orderUpdated'), uniqueOrderId: z.string(), state: z.string().optional() }),
  z.object({ type: z.literal('offersUpdated') }),
  z.object({ type: z.literal('newsUpdated') }),
  z.object({ type: z.literal('menuUpdated'), kind: z.enum(['food', 'drink', 'appconfig']) }),
  z.object({ type: z.literal('hello'), at: z.number().int() }),
  /** To the staff channel: a guest at `table` calls the waiter. */
  z.object({ type: z.literal('waiterCalled'), signalId: z.string(), table: z.string(), at: z.number().int() }),
  /** To the staff channel: a waiter call was acknowledged on a board. */
  z.object({ type: z.literal('waiterCallAcknowledged'), signalId: z.string() }),
]);
export type ServerEvent = z.infer<typeof serverEvent>;

export { orderChannel, SHOP_CHANNEL, STAFF_CHANNEL, userChannel } from './channels';
