import type { Menu, MenuCategory, MenuItem } from '@shop/shared/contract';
import { drinkMenuStore, ensureMenu, foodMenuStore } from '@shop/shared/stores';

export type Found = { item: MenuItem; category: MenuCategory };

/** Items of both menus by id; null until both menus are loaded (a missing item then really is gone). */
export function currentLookup(): ((id: string) => Found | undefined) | null {
  const food = foodMenuStore.get();
  const drink = drinkMenuStore.get();
  if (!food || !drink) return null;
  const index = new Map<string, Found>();
  const add = (menu: Menu) => {
    for (const category of menu) for (const item of category.items) index.set(item.id, { item, category });
  };
  add(food.menu);
  add(drink.menu);
  return (id) => index.get(id);
}

/** Loads both menus (cached copies at once) and returns the lookup. */
export async function ensureLookup(): Promise<(id: string) => Found | undefined> {
  await Promise.all([ensureMenu('food'), ensureMenu('drink')]);
  return currentLookup() ?? (() => undefined);
}
