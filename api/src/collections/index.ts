import { newsCollection } from './news';
import { ordersCollection } from './orders';
import { pushTokensCollection } from './push-tokens';
import type { CollectionRegistry } from './registry';
import { userPreferencesCollection } from './user-preferences';
import { userSettingsCollection } from './user-settings';

/** One line per collection module. */
export const collections: CollectionRegistry = {
  news: newsCollection,
  orders: ordersCollection,
  pushTokens: pushTokensCollection,
  userPreferences: userPreferencesCollection,
  userSettings: userSettingsCollection,
};
