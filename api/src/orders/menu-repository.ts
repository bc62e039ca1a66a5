import { asc, eq, sql } from 'drizzle-orm';
import type { AppConfig, Menu, MenuCategory, MenuItem, Store } from '@shop/shared/contract';
import type { Db } from '../db/client';
import { menuCategories, menuItems, settings, stores } from '../db/schema';

export interface MenuSnapshot {
  readonly menu: Menu;
  readonly lastModified: number;
  readonly items: ReadonlyMap<string, { item: MenuItem; category: Omit<MenuCategory, 'items'> }>;
}

export type ItemLookup = (id: string) => { item: MenuItem; category: Omit<MenuCategory, 'items'> } | undefined;

/**
 * The server's own menu and config: the authority for every price. Cached per kind and
 * invalidated by the version stamp in `settings` (bumped whenever the menu changes).
 */
export function createMenuRepository(db: Db) {
  const cache = new Map<'food' | 'drink', MenuSnapshot>();

  async function versionOf(kind: 'food' | 'drink'): Promise<number> {
    const row = await db
      .select()
      .from(settings)
      .where(eq(settings.key, `menuVersion:${kind}`));
    return row[0]?.updatedAt ?? 0;
  }

  async function load(kind: 'food' | 'drink'): Promise<MenuSnapshot> {
    const version = await versionOf(kind);
    const cached = cache.get(kind);
    if (cached && cached.lastModified === version) return cached;
    const cats = await db.select().from(menuCategories).where(eq(menuCategories.type, kind)).orderBy(asc(menuCategories.sort));
    const rows = await db
      .select({ item: menuItems, category: menuCategories })
      .from(menuItems)
      .innerJoin(menuCategories, eq(menuItems.categoryId, menuCategories.id))
      .where(eq(menuCategories.type, kind))
      .orderBy(asc(menuItems.sort));
    const byCategory = new Map<string, MenuItem[]>();
    const items = new Map<string, { item: MenuItem; category: Omit<MenuCategory, 'items'> }>();
    for (const { item, category } of rows) {
      // Stock and sold-out come from their columns, the rest from the document.
      const merged: MenuItem = { ...item.data, bestand: item.bestand, verkauft: item.verkauft };
      const list = byCategory.get(category.id) ?? [];
      list.push(merged);
      byCategory.set(category.id, list);
      items.set(merged.id, { item: merged, category: category.data });
    }
    const menu: Menu = cats.map((c) => ({ ...c.data, items: byCategory.get(c.id) ?? [] }));
    const snapshot: MenuSnapshot = { menu, lastModified: version, items };
    cache.set(kind, snapshot);
    return snapshot;
  }

  return {
    load,
    /** Finds an item in either menu. */
    async findItem(id: string) {
      return (await load('food')).items.get(id) ?? (await load('drink')).items.get(id);
    },
    /**
     * Both menus as one lookup, read once (at most two version queries, whatever the number of
     * lines): what an order's recomputation uses, so that a long order costs no query per line.
     */
    async itemLookup(): Promise<ItemLookup> {
      const [food, drink] = [await load('food'), await load('drink')];
      return (id) => food.items.get(id) ?? drink.items.get(id);
    },
    async appConfig(): Promise<AppConfig> {
      const row = await db.select().from(settings).where(eq(settings.key, 'appconfig'));
      if (!row[0]) throw new Error('App config missing: the database was not seeded');
      return row[0].data as AppConfig;
    },
    async stores(): Promise<Store[]> {
      return (await db.select().from(stores).orderBy(asc(stores.filialnummer))).map((r) => r.data);
    },
    invalidate() {
      cache.clear();
    },
    /**
     * Stock changed (an order took limited articles): bump the menu's version stamp so that the
     * next pull sends the new bestand, strictly increasing even within one millisecond.
     */
    async markStockChanged(kind: 'food' | 'drink', now: number): Promise<void> {
      await db
        .update(settings)
        .set({ updatedAt: sql`greatest(${settings.updatedAt} + 1, ${now})` })
        .where(eq(settings.key, `menuVersion:${kind}`));
      cache.delete(kind);
    },
  };
}
export type MenuRepository = ReturnType<typeof createMenuRepository>;
