import type { Favourite } from '../contract/actions/docs';
import { callAction, waitForBrowserId, withRetry } from '../client';
import { combinePreferences, type PreferenceDoc } from '../domain/favourites';
import { SHOP_CONSTANTS } from '../domain/shop-constants';
import { createPersistentStore } from './persistent-store';
import { authStore } from './shop-stores';

export interface MenuPreferences extends PreferenceDoc {
  /** True once the server copy was read on this device. */
  readonly synced: boolean;
}

const EMPTY: MenuPreferences = { favFoods: [], favDrinks: [], allergenes: [], synced: false };

function parse(raw: unknown): MenuPreferences | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Partial<MenuPreferences>;
  return {
    favFoods: Array.isArray(r.favFoods) ? r.favFoods : [],
    favDrinks: Array.isArray(r.favDrinks) ? r.favDrinks : [],
    allergenes: Array.isArray(r.allergenes) ? r.allergenes.filter((c): c is string => typeof c === 'string') : [],
    synced: false,
  };
}

/**
 * Favourites and the allergen setting (shop-spec §3 Preferences): a local copy for instant display,
 * the server (by device id) as the record. The menu shows and edits them; the account's
 * Einstellungen page edits the allergen setting too.
 */
export const preferencesStore = createPersistentStore<MenuPreferences>('menu:preferences', EMPTY, { parse });

let loading: Promise<void> | null = null;

/** Reads this device's preferences (and the signed-in e-mail's) from the server and combines them with the local copy. */
export function loadPreferences(): Promise<void> {
  loading ??= (async () => {
    const deviceId = await waitForBrowserId();
    const docs: Partial<PreferenceDoc>[] = [];
    // A signed-in user's own settings come first: the account's allergen choice follows them to every device.
    const fuid = authStore.getValue()?.uid;
    if (fuid) {
      const account = await callAction('LoadDocs', { collectionName: 'userSettings', query: { fuid } }).catch(() => null);
      if (account?.ok) docs.push(...(account.docs as Partial<PreferenceDoc>[]));
    }
    const own = await callAction('LoadDocs', { collectionName: 'userPreferences', query: { deviceId } });
    if (own.ok) docs.push(...(own.docs as Partial<PreferenceDoc>[]));
    const email = authStore.getValue()?.email;
    if (email) {
      const byMail = await callAction('LoadDocs', { collectionName: 'userPreferences', query: { email } }).catch(() => null);
      if (byMail?.ok) docs.push(...(byMail.docs as Partial<PreferenceDoc>[]));
    }
    const local = preferencesStore.get();
    // Server documents first: they are the record; what this device added offline is kept too.
    const combined = combinePreferences(local.synced ? docs : [...docs, local]);
    preferencesStore.set({ ...combined, synced: true });
  })().finally(() => {
    loading = null;
  });
  return loading;
}

/**
 * Saves preferences by device id (DocUpserter, collection userPreferences), retried on transport
 * errors. Sends the menu's fields (favourites, allergen choices); fields it does not send, such as
 * favCarts, are kept by the server.
 */
async function save(): Promise<void> {
  const { favFoods, favDrinks, allergenes } = preferencesStore.get();
  const updates: { favFoods: Favourite[]; favDrinks: Favourite[]; allergenes: string[] } = { favFoods, favDrinks, allergenes };
  const email = authStore.getValue()?.email ?? undefined;
  await withRetry(
    () =>
      callAction('DocUpserter', {
        collectionName: 'userPreferences',
        updates: { ...updates, ...(email ? { email } : {}) },
        subjectKey: 'deviceId',
        autoRetry: true,
      }),
    { retries: SHOP_CONSTANTS.preferencesSaveRetries, delayMs: SHOP_CONSTANTS.preferencesSaveRetryMs },
  );
}

export function setFavourites(kind: 'favFoods' | 'favDrinks', list: Favourite[]): Promise<void> {
  preferencesStore.update((p) => ({ ...p, [kind]: list }));
  return save();
}

/**
 * The allergen setting: by device id like the favourites, and for a signed-in user also in the
 * account's user settings (SaveUserSettings, shop-spec §7 "Save user settings").
 */
export function setExcludedAllergens(list: string[]): Promise<void> {
  preferencesStore.update((p) => ({ ...p, allergenes: list }));
  const fuid = authStore.getValue()?.uid;
  if (fuid) void callAction('SaveUserSettings', { fuid, allergenes: list }).catch(() => undefined);
  return save();
}
