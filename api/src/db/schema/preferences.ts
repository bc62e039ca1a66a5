import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Favourite, FavouriteCart, UserPreferences } from '@shop/shared/contract';

/**
 * Favourites and preferences kept by device id (requirements#entities Preferences, requirements#constants "Favourites and
 * preferences are saved by device id"). `email` links a device to a signed-in account, so the
 * preferences of an account's devices can be combined.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    deviceId: text('device_id').primaryKey(),
    email: text('email'),
    data: jsonb('data').$type<UserPreferences>().notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('user_preferences_email_idx').on(t.email)],
);

/** An account's user settings (requirements#entities "user settings: allergenes, favcartsApp"; SaveUserSettings) and its favourites. */
export const userSettings = pgTable('user_settings', {
  fuid: text('fuid').primaryKey(),
  allergenes: jsonb('allergenes').$type<string[]>().notNull(),
  favcartsApp: jsonb('favcarts_app').$type<FavouriteCart[]>().notNull(),
  favFoods: jsonb('fav_foods').$type<Favourite[]>().notNull().default([]),
  favDrinks: jsonb('fav_drinks').$type<Favourite[]>().notNull().default([]),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});
