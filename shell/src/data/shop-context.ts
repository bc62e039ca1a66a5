import { useEffect } from 'react';
import { resolveFeatures } from '@shop/shared/domain/features';
import { appDataStore, descriptorStore, ensureAppData, orderModeStore, tableStore } from '@shop/shared/stores';
import { useStore } from '@shop/shared/react';
import type { FeatureFlags } from '@shop/shared/contract';

export interface ShopContext {
  readonly features: FeatureFlags;
  readonly inhouse: boolean;
  readonly table: string | undefined;
  readonly area: string | undefined;
  readonly reservationUrl: string | undefined;
  /** Whether guests may order at a table at all (app config inhouseOrderingEnabled). */
  readonly inhouseOrdering: boolean;
  /** How many referral programs the shop offers (the drawer's 'Freunde einladen'). */
  readonly referralPrograms: number;
  /** The app config is known (cached or fetched): until then, what depends on its switches keeps its place empty. */
  readonly configLoaded: boolean;
}

/** Feature flags (defaults < app config < host descriptor) and the in-house state, for the shell's UI. */
export function useShopContext(): ShopContext {
  const appData = useStore(appDataStore);
  const descriptor = useStore(descriptorStore);
  const mode = useStore(orderModeStore);
  const table = useStore(tableStore);
  useEffect(() => {
    void ensureAppData().catch(() => undefined);
  }, []);
  const features = resolveFeatures(appData?.appconfig.features, descriptor?.features);
  return {
    features,
    inhouse: mode === 'inhouse',
    table: table.table,
    area: table.area,
    reservationUrl: appData?.appconfig.reservationUrl,
    inhouseOrdering: (appData?.appconfig.inhouseOrderingEnabled ?? false) && features.orderingEnabled,
    referralPrograms: appData?.appconfig.referralPrograms?.length ?? 0,
    configLoaded: appData !== null,
  };
}
