import { unreadNewsCount } from '@shop/shared/domain/news';
import { useStore } from '@shop/shared/react';
import { newsSeenStore, newsStore } from '@shop/shared/stores';

/** The news badge: published items the guest has not seen on Aktuelles yet (0 when news are off). */
export function useUnreadNews(enabled: boolean): number {
  const news = useStore(newsStore);
  const seenAt = useStore(newsSeenStore);
  return enabled ? unreadNewsCount(news, seenAt, Date.now()) : 0;
}
