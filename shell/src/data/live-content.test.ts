import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { on, type OverlayRequest } from '@shop/shared/bus';
import type { News, Offer } from '@shop/shared/contract';
import { newsStore, offersStore } from '@shop/shared/stores';
import { applyLiveContent } from './live-content';

const NOW = Date.UTC(2026, 10, 24, 12);
const offer: Offer = { id: 'veggie', name: 'Veggie', type: 'discountOffer', usecase: 'all', offerDiscount: 20, items: [{ id: 'bowl-veggie' }], active: true };
const news = (id: string, publishDate: number): News => ({
  id,
  tag: '',
  title: `Titel ${id}`,
  teaser: '',
  body: '',
  publishDate,
  createdAt: publishDate,
  active: true,
});

describe('offers and news arriving live (requirements#shop-behaviour offersUpdated, newsUpdated)', () => {
  let seen: OverlayRequest[];
  let subscription: { unsubscribe(): void };
  beforeEach(() => {
    offersStore.reset();
    newsStore.reset();
    seen = [];
    subscription = on('shell:overlay').subscribe((o) => seen.push(o));
  });
  afterEach(() => subscription.unsubscribe());

  it('puts the offers of the event into the shared store (cards and cart re-price from it)', () => {
    applyLiveContent({ type: 'offersUpdated', offers: [offer], offerPromotions: [{ offerId: 'veggie', itemId: 'bowl-veggie' }] }, NOW);
    expect(offersStore.get()).toEqual([offer]);
    applyLiveContent({ type: 'offersUpdated', offers: [] }, NOW);
    expect(offersStore.get()).toEqual([]);
  });

  it('ignores an event without its content or with malformed content', () => {
    offersStore.set([offer]);
    applyLiveContent({ type: 'offersUpdated' }, NOW);
    applyLiveContent({ type: 'offersUpdated', offers: [{ id: 1 }] }, NOW);
    applyLiveContent(null, NOW);
    expect(offersStore.get()).toEqual([offer]);
  });

  it('replaces the news and shows a new item in the bottom sheet with a link to it', () => {
    newsStore.set([news('old', NOW - 86_400_000)]);
    applyLiveContent({ type: 'newsUpdated', news: [news('fresh', NOW - 1000), news('old', NOW - 86_400_000)] }, NOW);
    expect(newsStore.get().map((n) => n.id)).toEqual(['fresh', 'old']);
    expect(seen).toEqual([{ kind: 'bottom-sheet', text: 'Neu: Titel fresh', action: { label: 'Lesen', href: '/Nachricht/fresh' } }]);
  });

  it('shows no sheet when an item is taken back, nor before this device ever loaded the news', () => {
    newsStore.set([news('a', NOW - 1000)]);
    applyLiveContent({ type: 'newsUpdated', news: [] }, NOW);
    expect(seen).toEqual([]);
    newsStore.reset();
    applyLiveContent({ type: 'newsUpdated', news: [news('b', NOW - 1000)] }, NOW);
    expect(newsStore.get().map((n) => n.id)).toEqual(['b']);
    expect(seen).toEqual([]);
  });
});
