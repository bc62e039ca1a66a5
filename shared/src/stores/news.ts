import type { News } from '../contract/content';
import { callAction } from '../client';
import { createPersistentStore } from './persistent-store';
import { pageSingleton } from './page-singleton';

/**
 * The published news (requirements#entities "Other local keys: news"): loaded by Aktuelles and at start,
 * replaced live by the shell when the server sends 'newsUpdated' (requirements#shop-behaviour).
 */
export const newsStore = createPersistentStore<News[]>('menu:news', [], {
  parse: (raw) => (Array.isArray(raw) ? (raw as News[]) : undefined),
});

/** When the guest last opened Aktuelles (ms); the header's news badge counts what came later. */
export const newsSeenStore = createPersistentStore<number | null>('menu:newsSeenAt', null, {
  parse: (raw) => (raw === null || typeof raw === 'number' ? raw : undefined),
});

const inflight = pageSingleton<{ current: Promise<News[]> | null }>('menu:newsInflight', () => ({ current: null }));

/** Loads the published news (LoadDocs news); keeps the cached copy when the call fails. */
export function refreshNews(): Promise<News[]> {
  inflight.current ??= (async () => {
    const res = await callAction('LoadDocs', { collectionName: 'news', query: { active: true } });
    if (!res.ok) return newsStore.get();
    const list = (res.docs as News[]).filter((n) => n.active).sort((a, b) => b.publishDate - a.publishDate);
    newsStore.set(list);
    return list;
  })().finally(() => {
    inflight.current = null;
  });
  return inflight.current;
}
