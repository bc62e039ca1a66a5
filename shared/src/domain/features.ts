import type { FeatureFlags } from '../contract/appconfig';

/**
 * Feature-flag defaults (requirements#roles-and-flags): waiter call, enter-code, item note and order note on;
 * news, coupons, favourites, stock, account and tip off. Payment flags default to what a
 * German takeaway shop offers: pay online or at pickup.
 */
export const DEFAULT_FEATURES: FeatureFlags = {
  enableKellnerruf: true,
  enableNews: false,
  enableCoupons: false,
  enableEnterCode: true,
  enableFavs: false,
  enableBestand: false,
  enableAccount: false,
  enableTip: false,
  enableItemNote: true,
  enableOrderNote: true,
  enableMehrwegOption: true,
  enableStempel: false,
  enableInhousePay: true,
  enableTakeawayPay: true,
  enableTakwawayOhnePay: true,
  enableDelivery: false,
  enableDeliveryPay: true,
  enableDeliveryOhnePay: false,
  enableInhouseOhnePay: true,
  enableCourses: false,
  enableAllReady: true,
  showInstallPwa: true,
  orderingEnabled: true,
  enableDebugParams: false,
};

/** Defaults, then the restaurant's app config, then the host descriptor's overrides. */
export function resolveFeatures(...layers: ReadonlyArray<Partial<FeatureFlags> | undefined>): FeatureFlags {
  const result: FeatureFlags = { ...DEFAULT_FEATURES };
  for (const layer of layers) {
    if (!layer) continue;
    for (const [key, value] of Object.entries(layer) as [keyof FeatureFlags, boolean | undefined][]) {
      if (typeof value === 'boolean') result[key] = value;
    }
  }
  return result;
}
