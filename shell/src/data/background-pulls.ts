import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { appDataStore, foodMenuStore, drinkMenuStore, refreshAppData, refreshMenu } from '@shop/shared/stores';

/**
 * Background pulls (requirements#calls): menus and config every 20 s, the first lazy pull at 90 s.
 * Only what this page has loaded is refreshed, and nothing while the page is hidden.
 */
export function startBackgroundPulls(): void {
  const pull = () => {
    if (document.hidden) return;
    if (appDataStore.get()) void refreshAppData().catch(() => undefined);
    if (foodMenuStore.get()) void refreshMenu('food').catch(() => undefined);
    if (drinkMenuStore.get()) void refreshMenu('drink').catch(() => undefined);
  };
  window.setTimeout(() => {
    pull();
    window.setInterval(pull, SHOP_CONSTANTS.menuPullIntervalMs);
  }, SHOP_CONSTANTS.menuFirstLazyPullMs);
}
