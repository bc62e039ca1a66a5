import { z } from 'zod';
import { pushMessage } from './push';
import { offer } from './cart';
import { news } from './content';

/** An offered article (one size, or every size without vol) and the offer that prices it. */
export const offerPromotion = z.object({ offerId: z.string(), itemId: z.string(), vol: z.string().optional() });
export type OfferPromotion = z.infer<typeof offerPromotion>;

/** Server-sent events on GET /api/events (shop-spec §4 Events stream): channels 'shop' and 'user<id>'. */
export const serverEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('orderUpdated'), uniqueOrderId: z.string(), state: z.string().optional() }),
  /**
   * Staff changed offers (shop-spec §4 "offersUpdated (offers, offerPromotions)"): the active offers
   * as LoadCoupons answers them, and per offered article its offer (what cards mark). Optional, so
   * that a client also copes with an older server that announced the change without its content.
   */
  z.object({ type: z.literal('offersUpdated'), offers: z.array(offer).optional(), offerPromotions: z.array(offerPromotion).optional() }),
  /** Staff changed news (shop-spec §4 "newsUpdated (news)"): the published news, newest first. */
  z.object({ type: z.literal('newsUpdated'), news: z.array(news).optional() }),
  z.object({ type: z.literal('menuUpdated'), kind: z.enum(['food', 'drink', 'appconfig']) }),
  z.object({ type: z.literal('hello'), at: z.number().int() }),
  /** To the staff channel: a guest at `table` calls the waiter. */
  z.object({ type: z.literal('waiterCalled'), signalId: z.string(), table: z.string(), at: z.number().int() }),
  /** To the staff channel: a waiter call was acknowledged on a board. */
  z.object({ type: z.literal('waiterCallAcknowledged'), signalId: z.string() }),
  /** To one device's push channel (the offline default of push messages, docs/adr/0024-push-messages.md). */
  z.object({ type: z.literal('pushMessage'), message: pushMessage }),
]);
export type ServerEvent = z.infer<typeof serverEvent>;

export { orderChannel, PUSH_EVENT, SHOP_CHANNEL, STAFF_CHANNEL, userChannel } from './channels';
