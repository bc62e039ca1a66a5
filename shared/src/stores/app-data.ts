import { BehaviorSubject } from 'rxjs';
import type { AppConfig, BranchSettings, Store } from '../contract/appconfig';
import type { Menu } from '../contract/menu';
import { emit } from '@shop/shared/bus';
import { callAction } from '../client';
import { APPCONFIG_RESOURCE, MENU_RESOURCE } from '../contract/resources';
import { createPersistentStore } from './persistent-store';
import { pageSingleton } from './page-singleton';

export interface AppData {
  readonly appconfig: AppConfig;
  readonly stores: Store[];
  readonly branch: BranchSettings;
}

export interface MenuData {
  readonly menu: Menu;
  readonly lastModified: number;
}

/** App config, branches and branch settings (requirements#entities "Other local keys: stores, app config"). */
export const appDataStore = createPersistentStore<AppData | null>('shell:appconfig', null);
export const foodMenuStore = createPersistentStore<MenuData | null>('menu:food', null);
export const drinkMenuStore = createPersistentStore<MenuData | null>('menu:drink', null);

/** True once the current page has fetched fresh data from the server (cached copies may be older). */
export const freshness = pageSingleton('shell:freshness', () => new BehaviorSubject({ appconfig: false, food: false, drink: false }));

const inflight = pageSingleton('shell:inflight', () => new Map<string, Promise<unknown>>());

function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  const existing = inflight.get(key) as Promise<T> | undefined;
  if (existing) return existing;
  const p = run().finally(() => inflight.delete(key));
  inflight.set(key, p);
  return p;
}

/**
 * A read-only resource by GET (the browser revalidates it with its ETag, and the page may have
 * preloaded it), or null when it cannot be had that way (then the action answers instead).
 */
async function getResource<T>(path: string): Promise<T | null> {
  try {
    // No options: the request must match the page's <link rel=preload as=fetch> to use it.
    const res = await fetch(path);
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

/** Fetches the app config and branches; keeps the cached copy when the call fails. */
export function refreshAppData(): Promise<AppData | null> {
  return once('appconfig', async () => {
    const res = (await getResource<{ ok: true } & AppData>(APPCONFIG_RESOURCE)) ?? (await callAction('GetAppconfig', {}));
    if (!res.ok) return appDataStore.get();
    const data: AppData = { appconfig: res.appconfig, stores: res.stores, branch: res.branch };
    appDataStore.set(data);
    freshness.next({ ...freshness.getValue(), appconfig: true });
    emit('menu:updated', { kind: 'appconfig' });
    return data;
  });
}

/** Fetches a menu; an unchanged menu (same lastModified) is not resent by the server. */
export function refreshMenu(kind: 'food' | 'drink'): Promise<MenuData | null> {
  const store = kind === 'food' ? foodMenuStore : drinkMenuStore;
  return once(`menu:${kind}`, async () => {
    const cached = store.get();
    const action = kind === 'food' ? 'PullFoodMenu' : 'PullDrinkMenu';
    const got = await getResource<{ ok: true; menu: Menu; lastModified: number }>(MENU_RESOURCE[kind]);
    const res = got
      ? { ...got, unchanged: cached !== null && got.lastModified === cached.lastModified }
      : await callAction(action, cached ? { lastModified: cached.lastModified } : {});
    if (!res.ok) return cached;
    const data: MenuData = res.unchanged && cached ? cached : { menu: res.menu, lastModified: res.lastModified };
    if (!res.unchanged) store.set(data);
    freshness.next({ ...freshness.getValue(), [kind]: true });
    if (!res.unchanged) emit('menu:updated', { kind });
    return data;
  });
}

/** The cached copy at once when present, else waits for the server. */
export async function ensureMenu(kind: 'food' | 'drink'): Promise<MenuData | null> {
  const store = kind === 'food' ? foodMenuStore : drinkMenuStore;
  const fresh = freshness.getValue()[kind];
  if (store.get() && fresh) return store.get();
  if (store.get()) {
    void refreshMenu(kind).catch(() => undefined);
    return store.get();
  }
  return refreshMenu(kind);
}

export async function ensureAppData(): Promise<AppData | null> {
  if (appDataStore.get() && freshness.getValue().appconfig) return appDataStore.get();
  if (appDataStore.get()) {
    void refreshAppData().catch(() => undefined);
    return appDataStore.get();
  }
  return refreshAppData();
}
