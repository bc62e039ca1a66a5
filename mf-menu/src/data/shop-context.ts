import { useEffect } from 'react';
import type { AppConfig, FeatureFlags, Store } from '@shop/shared/contract';
import type { OrderMode } from '@shop/shared/contract';
import { resolveFeatures } from '@shop/shared/domain/features';
import { isOrderingEnabled } from '@shop/shared/domain/add-to-cart-rules';
import { useStore } from '@shop/shared/react';
import { appDataStore, descriptorStore, ensureAppData, orderModeStore, selectedStoreStore } from '@shop/shared/stores';

export interface MenuShopContext {
  readonly appconfig: AppConfig | null;
  readonly stores: Store[];
  readonly features: FeatureFlags;
  readonly mode: OrderMode;
  /** The branch the menu is shown for: the guest's choice, else the host's branch. */
  readonly storeId: number | undefined;
  readonly store: Store | undefined;
  readonly orderingEnabled: boolean;
}

/** App config, feature flags, order mode and branch, for the menu's screens. */
export function useMenuShopContext(): MenuShopContext {
  const appData = useStore(appDataStore);
  const descriptor = useStore(descriptorStore);
  const mode = useStore(orderModeStore);
  const selected = useStore(selectedStoreStore);
  useEffect(() => {
    void ensureAppData().catch(() => undefined);
  }, []);
  const appconfig = appData?.appconfig ?? null;
  const features = resolveFeatures(appconfig?.features, descriptor?.features);
  const stores = appData?.stores ?? [];
  const storeId = selected ?? descriptor?.branch.filialnummer ?? appData?.branch.filialnummer;
  const store = stores.find((s) => s.filialnummer === storeId);
  return {
    appconfig,
    stores,
    features,
    mode,
    storeId,
    store,
    orderingEnabled: appconfig ? isOrderingEnabled(appconfig, features, mode) : false,
  };
}
