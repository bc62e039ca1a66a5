import { eq } from 'drizzle-orm';
import { menuCategory, type MenuCategory } from '@shop/shared/contract';
import type { Db } from '../db/client';
import { menuCategories, menuItems, pages, settings, stores } from '../db/schema';
import { seedAppConfig } from './appconfig';
import { drinkMenu } from './menu-drinks';
import { foodMenu } from './menu-food';
import { seedPages } from './pages';
import { seedStores } from './stores';
import { seedExtras, type SeedExtra } from './registry';

/** The seed menus, validated by the contract so a typo fails at start, not in a guest's cart. */
export function seedMenus(): { food: MenuCategory[]; drink: MenuCategory[] } {
  return { food: foodMenu.map((c) => menuCategory.parse(c)), drink: drinkMenu.map((c) => menuCategory.parse(c)) };
}

/** Writes a menu (categories, items with stock columns) and bumps its version stamp. */
export async function writeMenu(db: Db, kind: 'food' | 'drink', categories: MenuCategory[], now: number): Promise<void> {
  for (const { items, ...category } of categories) {
    await db.insert(menuCategories).values({ id: category.id, type: kind, sort: category.sort, data: category });
    let sort = 0;
    for (const item of items) {
      await db.insert(menuItems).values({
        id: item.id,
        categoryId: category.id,
        sort: sort++,
        data: item,
        bestand: item.bestand ?? -1,
        verkauft: item.verkauft ?? false,
      });
    }
  }
  await db
    .insert(settings)
    .values({ key: `menuVersion:${kind}`, data: {}, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { updatedAt: now } });
}

/** Loads the demo restaurant into an empty database (first start). Returns true when it seeded. */
export async function seedIfEmpty(db: Db, now: number = Date.now(), extras: readonly SeedExtra[] = seedExtras): Promise<boolean> {
  const existing = await db.select().from(settings).where(eq(settings.key, 'appconfig'));
  if (existing.length > 0) return false;
  const menus = seedMenus();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await writeMenu(t, 'food', menus.food, now);
    await writeMenu(t, 'drink', menus.drink, now);
    for (const s of seedStores) await t.insert(stores).values({ filialnummer: s.filialnummer, data: s });
    for (const p of seedPages) await t.insert(pages).values({ name: p.name, tag: p.tag ?? null, data: p });
    for (const extra of extras) await extra(t, now);
    await t.insert(settings).values({ key: 'appconfig', data: { ...seedAppConfig, lastModified: now }, updatedAt: now });
  });
  return true;
}
