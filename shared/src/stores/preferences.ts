import type { Favourite } from '../contract/actions/docs';
import { callAction, waitForBrowserId, withRetry } from '../client';
import { combinePreferences, withLocalEdits, type PreferenceDoc } from '../domain/favourites';
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
 * Favourites and the allergen setting (requirements#entities Preferences): a local copy for instant display,
 * the server (by device id) as the record. The menu shows and edits them; the account's
 * Einstellungen page edits the allergen setting too.
 */
export const preferencesStore = createPersistentStore<MenuPreferences>('menu:preferences', EMPTY, { parse });

let loading: Promise<void> | null = null;
/**
 * The server's documents as the last read on this page found them (null before the first read): what
 * this device changed since then, saved or not yet, is applied on top of the next read's documents.
 */
let serverBase: PreferenceDoc | null = null;

const favouriteIds = (list: readonly Favourite[] | undefined) => (list ?? []).map((f) => f.id).join(',');
const sameFavourites = (a: Partial<PreferenceDoc>, b: PreferenceDoc) =>
  favouriteIds(a.favFoods) === favouriteIds(b.favFoods) && favouriteIds(a.favDrinks) === favouriteIds(b.favDrinks);

let followingAccount = false;

/** A sign-in (or the session restored after a reload) brings the account's preferences: read them again. */
function followAccount(): void {
  if (followingAccount) return;
  followingAccount = true;
  let uid = authStore.getValue()?.uid ?? null;
  authStore.subscribe((user) => {
    const next = user?.uid ?? null;
    if (next && next !== uid) void reloadPreferences().catch(() => undefined);
    uid = next;
  });
}

/** Reads again once the read in flight (which may have started before the sign-in) is done. */
async function reloadPreferences(): Promise<void> {
  if (loading) await loading.catch(() => undefined);
  return loadPreferences();
}

/** Reads this device's preferences (and the signed-in account's) from the server and combines them with the local copy. */
export function loadPreferences(): Promise<void> {
  followAccount();
  loading ??= (async () => {
    // What the guest changes while the documents are read (a heart tapped at once) is applied on top of them.
    const before = preferencesStore.get();
    const deviceId = await waitForBrowserId();
    const docs: Partial<PreferenceDoc>[] = [];
    // A signed-in user's own settings come first: the account's allergen choice follows them to every device.
    const fuid = authStore.getValue()?.uid;
    let accountDoc: Partial<PreferenceDoc> | null = null;
    if (fuid) {
      const account = await callAction('LoadDocs', { collectionName: 'userSettings', query: { fuid } }).catch(() => null);
      if (account?.ok) docs.push(...(account.docs as Partial<PreferenceDoc>[]));
      accountDoc = account?.ok ? ((account.docs[0] as Partial<PreferenceDoc> | undefined) ?? {}) : null;
    }
    const own = await callAction('LoadDocs', { collectionName: 'userPreferences', query: { deviceId } });
    if (own.ok) docs.push(...(own.docs as Partial<PreferenceDoc>[]));
    const email = authStore.getValue()?.email;
    if (email) {
      const byMail = await callAction('LoadDocs', { collectionName: 'userPreferences', query: { email } }).catch(() => null);
      if (byMail?.ok) docs.push(...(byMail.docs as Partial<PreferenceDoc>[]));
    }
    // Server documents first: they are the record. The first read on a page keeps what this device added
    // offline; every read keeps what the guest changed since the last one (a heart tapped while a save or
    // this read was on its way), so an answer older than the tap never undoes it.
    const fromServer = combinePreferences(docs);
    const combined = withLocalEdits(serverBase ? fromServer : combinePreferences([...docs, before]), serverBase ?? before, preferencesStore.get());
    serverBase = fromServer;
    preferencesStore.set({ ...combined, synced: true });
    // This device's favourites join the account, so the account's next device has them too.
    if (fuid && accountDoc && !sameFavourites(accountDoc, combined))
      void callAction('SaveUserSettings', { fuid, favFoods: combined.favFoods, favDrinks: combined.favDrinks }).catch(() => undefined);
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

/** Saves a favourite list by device id, and for a signed-in user in the account too (it follows them to any device). */
export function setFavourites(kind: 'favFoods' | 'favDrinks', list: Favourite[]): Promise<void> {
  preferencesStore.update((p) => ({ ...p, [kind]: list }));
  const fuid = authStore.getValue()?.uid;
  if (fuid) void callAction('SaveUserSettings', kind === 'favFoods' ? { fuid, favFoods: list } : { fuid, favDrinks: list }).catch(() => undefined);
  return save();
}

/**
 * The allergen setting: by device id like the favourites, and for a signed-in user also in the
 * account's user settings (SaveUserSettings, requirements#calls "Save user settings").
 */
export function setExcludedAllergens(list: string[]): Promise<void> {
  preferencesStore.update((p) => ({ ...p, allergenes: list }));
  const fuid = authStore.getValue()?.uid;
  if (fuid) void callAction('SaveUserSettings', { fuid, allergenes: list }).catch(() => undefined);
  return save();
}
