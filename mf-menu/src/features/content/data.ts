import type { News, Page as ContentPage } from '@shop/shared/contract';
import { callAction } from '@shop/shared/client';
import { createPersistentStore, newsStore, refreshNews } from '@shop/shared/stores';

/** Pages and news, cached locally (requirements#entities "Other local keys: news") and refreshed on each visit. */
export const pagesCache = createPersistentStore<ContentPage[]>('menu:pages', []);
/** The shared news store: the shell replaces it live on 'newsUpdated'. */
export const newsCache = newsStore;

export async function loadPages(): Promise<ContentPage[]> {
  const res = await callAction('LoadPages', {});
  if (!res.ok) return pagesCache.get();
  pagesCache.set(res.pages);
  return res.pages;
}

export function loadNews(): Promise<News[]> {
  return refreshNews();
}
