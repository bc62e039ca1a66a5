import type { News, Page as ContentPage } from '@shop/shared/contract';
import { callAction } from '@shop/shared/client';
import { createPersistentStore } from '@shop/shared/stores';

/** Pages and news, cached locally (shop-spec §3 "Other local keys: news") and refreshed on each visit. */
export const pagesCache = createPersistentStore<ContentPage[]>('menu:pages', []);
export const newsCache = createPersistentStore<News[]>('menu:news', []);

export async function loadPages(): Promise<ContentPage[]> {
  const res = await callAction('LoadPages', {});
  if (!res.ok) return pagesCache.get();
  pagesCache.set(res.pages);
  return res.pages;
}

export async function loadNews(): Promise<News[]> {
  const res = await callAction('LoadDocs', { collectionName: 'news', query: { active: true } });
  if (!res.ok) return newsCache.get();
  const list = (res.docs as News[]).filter((n) => n.active).sort((a, b) => b.publishDate - a.publishDate);
  newsCache.set(list);
  return list;
}
