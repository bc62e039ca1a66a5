import { z } from 'zod';
import { pushMessage } from './push';
import { offer } from './cart';
import { news } from './content';

/** An offered article (one size, or every size without vol) and the offer that prices it. */
export const offerPromotion = z.object({ offerId: z.string(), itemId: z.string(), vol: z.string().optional() });

/** Server-sent events on GET /api/events (requirements#events-stream): channels 'shop' and 'user<id>'. */
export const serverEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('orderUpdated'), uniqueOrderId: z.string(), state: z.string().optional() }),
  /**
   * Staff changed offers (requirements#shop-behaviour "offersUpdated (offers, offerPromotions)"): the active offers
   * as LoadCoupons answers them, and per offered article its offer (what cards mark). Optional, so
   * that a client also copes with an older server that announced the change without its content.
   */
  z.object({ type: z.literal('offersUpdated'), offers: z.array(offer).optional(), offerPromotions: z.array(offerPromotion).optional() }),
  /** Staff changed news (requirements#shop-behaviour "newsUpdated (news)"): the published news, newest first. */
  z.object({ type: z.literal('newsUpdated'), news: z.array(news).optional() }),
  z.object({ type: z.literal('menuUpdated'), kind: z.enum(['food', 'drink', 'appconfig']) }),
  z.object({ type: z.literal('hello'), at: z.number().int() }),
  /**
   * The last event of a stream the server ends because events may be missed from now on (its Redis
   * was lost or regained, it shuts down; requirements#operations): the client reconnects after the SSE `retry:` hint
   * and fetches what it shows once the new stream says hello. 'reauthorize': the stream's grant ended
   * (docs/requirements.md#live-updates-heal), the client asks for a new stream ticket.
   */
  z.object({ type: z.literal('resync'), reason: z.enum(['transport-lost', 'transport-regained', 'shutdown', 'reauthorize']) }),
  /** To the staff channel: a guest at `table` calls the waiter. */
  z.object({ type: z.literal('waiterCalled'), signalId: z.string(), table: z.string(), at: z.number().int() }),
  /** To the staff channel: a waiter call was acknowledged on a board. */
  z.object({ type: z.literal('waiterCallAcknowledged'), signalId: z.string() }),
  /** To the staff channel: the muted tables of a branch changed (MuteWaiterCalls). */
  z.object({
    type: z.literal('waiterMutesChanged'),
    filialnummer: z.number().int(),
    waiterMutes: z.array(z.object({ table: z.string(), until: z.number().int() })),
  }),
  /** To one device's push channel (the offline default of push messages, docs/adr/0024-push-messages.md). */
  z.object({ type: z.literal('pushMessage'), message: pushMessage }),
]);
export type ServerEvent = z.infer<typeof serverEvent>;

export { orderChannel, PUSH_EVENT, SHOP_CHANNEL, STAFF_CHANNEL, userChannel } from './channels';
