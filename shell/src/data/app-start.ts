import { callAction } from '@shop/shared/client';
import { resolveFeatures } from '@shop/shared/domain/features';
import { copyIsStale } from '@shop/shared/domain/news';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { appDataStore, descriptorStore, newsStore, refreshNews } from '@shop/shared/stores';

/**
 * The app's start (requirements#calls notifyAppLoaded), after the first paint like the stores' load: the
 * server answers when news and offers last changed, and the news are refreshed when this device's
 * copy is older (the header badge counts them). Offers are loaded by mf-cart at its start.
 */
export function startAppLoadedCheck(): void {
  window.setTimeout(() => void check().catch(() => undefined), SHOP_CONSTANTS.storesLoadDelayMs);
}

async function check(): Promise<void> {
  const localNow = Date.now();
  const res = await callAction('notifyAppLoaded', { appVersion: __APP_VERSION__ });
  if (!res.ok) return;
  const features = resolveFeatures(appDataStore.get()?.appconfig.features, descriptorStore.getValue()?.features);
  if (features.enableNews && copyIsStale(res.lastModified.news, newsStore.savedAt(), res.serverNow, localNow)) await refreshNews();
}
