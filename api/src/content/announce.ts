import { SHOP_CHANNEL } from '@shop/shared/contract';
import { offerPromotions } from '@shop/shared/domain/offers';
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { publishedNews } from '../collections/news';
import { createCouponRepository } from '../orders/coupon-repository';
import { bumpContentVersion } from './versions';

interface Deps {
  readonly db: Db;
  readonly events: EventBus;
  readonly now: () => number;
}

/** Offers changed: stamp the change and tell every open app the offers now in force (requirements#shop-behaviour offersUpdated). */
export async function announceOffers(deps: Deps): Promise<void> {
  const now = deps.now();
  await bumpContentVersion(deps.db, 'offers', now);
  const offers = await createCouponRepository(deps.db).activeOffers(now);
  await deps.events.publish(SHOP_CHANNEL, { type: 'offersUpdated', offers, offerPromotions: offerPromotions(offers, now) });
}

/** News changed: stamp the change and tell every open app the published news (requirements#shop-behaviour newsUpdated). */
export async function announceNews(deps: Deps): Promise<void> {
  const now = deps.now();
  await bumpContentVersion(deps.db, 'news', now);
  await deps.events.publish(SHOP_CHANNEL, { type: 'newsUpdated', news: await publishedNews(deps.db, now) });
}
