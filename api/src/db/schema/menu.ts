import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { MenuCategory, MenuItem } from '@shop/shared/contract';
/** Menu categories without their items (items live in menu_items). */
export const menuCategories = pgTable('menu_categories', {
  id: text('id').primaryKey(),
  type: text('type').$type<'food' | 'drink'>().notNull(),
  sort: integer('sort').notNull().default(0),
  data: jsonb('data').$type<Omit<MenuCategory, 'items'>>().notNull(),
});

/** Menu items; stock and sold-out are columns so that orders can update them atomically. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: text('id').primaryKey(),
    categoryId: text('category_id')
      .notNull()
      .references(() => menuCategories.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    data: jsonb('data').$type<MenuItem>().notNull(),
    /** -1 = unlimited. Never below 0 otherwise (check constraint in the migration). */
    bestand: integer('bestand').notNull().default(-1),
    verkauft: boolean('verkauft').notNull().default(false),
  },
  (t) => [index('menu_items_category_idx').on(t.categoryId)],
);
