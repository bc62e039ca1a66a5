import { newsCollection } from './news';
import { ordersCollection } from './orders';
import type { CollectionRegistry } from './registry';
import { userPreferencesCollection } from './user-preferences';
import { userSettingsCollection } from './user-settings';

/** One line per collection module. */
export const collections: CollectionRegistry = {
  news: newsCollection,
  orders: ordersCollection,
  userPreferences: userPreferencesCollection,
  userSettings: userSettingsCollection,
};
