import type { Favourite, UserPreferences } from '../contract/actions/docs';
import { LIMITS } from '../contract/limits';
import type { MenuItem } from '../contract/menu';
import type { ItemConfig } from './configurator';
import { priceSelection } from './line-pricing';

/**
 * Favourites (requirements#entities Favourite, requirements#shop-behaviour "Favourite toggles on and off; preferences are then
 * saved and combined"). One favourite per item id; it remembers the configuration it was
 * marked with. Kept on the server by device id (collection userPreferences).
 */

export const MAX_FAVOURITES = LIMITS.favourites;

export function favouriteFromItem(item: MenuItem, config?: Pick<ItemConfig, 'vol' | 'variantsSelected' | 'stylesSelected'>): Favourite {
  const selection = {
    vol: config?.vol ?? item.sizes[0]?.vol ?? '',
    variantsSelected: (config?.variantsSelected ?? []).map((v) => ({ stepIndex: v.stepIndex, optionIds: [...v.optionIds], portion: v.portion })),
    stylesSelected: [...(config?.stylesSelected ?? [])],
  };
  const priced = priceSelection(item, { ...selection, count: 1 }, 'takeaway');
  return {
    id: item.id,
    ...(item.articleNo !== undefined ? { num: item.articleNo } : {}),
    ...(item.posId !== undefined ? { posId: item.posId } : {}),
    ...(item.image !== undefined ? { image: item.image } : {}),
    nameToDisplay: item.nameToDisplay ?? item.nameDE,
    extras: priced.extras,
    extrasToDisplay: priced.extrasToDisplay,
    ...selection,
  };
}

export function isFavourite(list: readonly Favourite[], itemId: string): boolean {
  return list.some((f) => f.id === itemId);
}

/** Adds the favourite, or removes it when the item is already a favourite (newest first, capped). */
export function toggleFavourite(list: readonly Favourite[], favourite: Favourite): Favourite[] {
  if (isFavourite(list, favourite.id)) return list.filter((f) => f.id !== favourite.id);
  return [favourite, ...list].slice(0, MAX_FAVOURITES);
}

/** Union by item id; the first list wins on a conflict (the device's own choice is newest). */
export function mergeFavourites(first: readonly Favourite[], second: readonly Favourite[]): Favourite[] {
  const seen = new Set<string>();
  const result: Favourite[] = [];
  for (const f of [...first, ...second]) {
    if (seen.has(f.id)) continue;
    seen.add(f.id);
    result.push(f);
  }
  return result.slice(0, MAX_FAVOURITES);
}

export type PreferenceDoc = Pick<UserPreferences, 'favFoods' | 'favDrinks' | 'allergenes'>;

/** Combines preferences of several documents (this device and the account's e-mail). */
export function combinePreferences(docs: readonly Partial<PreferenceDoc>[]): PreferenceDoc {
  let favFoods: Favourite[] = [];
  let favDrinks: Favourite[] = [];
  let allergenes: string[] | null = null;
  for (const doc of docs) {
    favFoods = mergeFavourites(favFoods, doc.favFoods ?? []);
    favDrinks = mergeFavourites(favDrinks, doc.favDrinks ?? []);
    if (allergenes === null && doc.allergenes) allergenes = [...doc.allergenes];
  }
  return { favFoods, favDrinks, allergenes: allergenes ?? [] };
}

/** A favourite list with what one device changed from `before` to `after`: its additions first, its removals gone. */
function withEdits(list: readonly Favourite[], before: readonly Favourite[], after: readonly Favourite[]): Favourite[] {
  const removed = new Set(before.filter((f) => !isFavourite(after, f.id)).map((f) => f.id));
  const added = after.filter((f) => !isFavourite(before, f.id));
  return mergeFavourites(
    added,
    list.filter((f) => !removed.has(f.id)),
  );
}

/**
 * The preferences read from the server, with what the guest changed on this device while they were
 * being read (`before` → `after`): a heart tapped during the read stays tapped, one removed stays
 * removed, a new allergen choice wins. Without edits it is `server` unchanged.
 */
export function withLocalEdits(server: PreferenceDoc, before: PreferenceDoc, after: PreferenceDoc): PreferenceDoc {
  const allergensEdited = before.allergenes.join(',') !== after.allergenes.join(',');
  return {
    favFoods: withEdits(server.favFoods, before.favFoods, after.favFoods),
    favDrinks: withEdits(server.favDrinks, before.favDrinks, after.favDrinks),
    allergenes: allergensEdited ? [...after.allergenes] : server.allergenes,
  };
}

/** Favourites whose item is still on the (visible) menu, in the favourites' order. */
export function favouritesOnMenu<T extends { id: string }>(list: readonly Favourite[], items: readonly T[]): { favourite: Favourite; item: T }[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  return list.flatMap((favourite) => {
    const item = byId.get(favourite.id);
    return item ? [{ favourite, item }] : [];
  });
}
