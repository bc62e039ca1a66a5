import { emit } from '@shop/shared/bus';
import type { News, Offer } from '@shop/shared/contract';
import { addedNews } from '@shop/shared/domain/news';
import { fill } from '@shop/shared/i18n/fill';
import { overlays as texts } from '@shop/shared/i18n/overlays';
import { pathTo } from '@shop/shared/routes';
import { newsStore, offersStore } from '@shop/shared/stores';

// Plain checks of the stream's data (same origin, our server): the shell's first load carries no schema library.
const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isOffer = (v: unknown) =>
  record(v) && typeof v.id === 'string' && (v.type === 'priceOffer' || v.type === 'discountOffer') && typeof v.active === 'boolean' && Array.isArray(v.items);
const isNews = (v: unknown) =>
  record(v) && typeof v.id === 'string' && typeof v.title === 'string' && typeof v.publishDate === 'number' && typeof v.active === 'boolean';
function isListOf<T>(v: unknown, check: (item: unknown) => boolean): v is T[] {
  return Array.isArray(v) && v.every(check);
}

/**
 * Offers and news changed by the staff arrive live (requirements#events-stream: offersUpdated with
 * offers and offerPromotions, newsUpdated with news). The offers replace the shared offers store, so
 * cards, item pages and the cart are re-priced at once; the news replace the news store (Aktuelles
 * and the header badge), and a news item new to this guest is shown in the bottom sheet. An event
 * without its content (an older server) is left to the remotes, which load it themselves.
 */
export function applyLiveContent(data: unknown, now: number = Date.now()): void {
  if (typeof data !== 'object' || data === null) return;
  const event = data as { type?: unknown; offers?: unknown; news?: unknown };
  if (event.type === 'offersUpdated' && isListOf<Offer>(event.offers, isOffer)) offersStore.set(event.offers);
  if (event.type === 'newsUpdated' && isListOf<News>(event.news, isNews)) {
    const loadedBefore = newsStore.savedAt() !== null;
    const previous = newsStore.get();
    newsStore.set(event.news);
    const [fresh] = addedNews(previous, event.news, now);
    if (loadedBefore && fresh) {
      emit('shell:overlay', {
        kind: 'bottom-sheet',
        text: fill(texts.newsSheet, { title: fresh.title }),
        action: { label: texts.newsSheetAction, href: pathTo('Nachricht', { newsId: fresh.id }) },
      });
    }
  }
}
