import { useEffect } from 'react';
import type { AppConfig, FeatureFlags, OrderMode } from '@shop/shared/contract';
import { resolveFeatures } from '@shop/shared/domain/features';
import { priceCart, usecaseOfMode, type PriceBreakdown } from '@shop/shared/domain/pricing';
import { useStore } from '@shop/shared/react';
import { appDataStore, cartStore, descriptorStore, ensureAppData, offersStore, orderModeStore } from '@shop/shared/stores';
import type { Cart } from '@shop/shared/contract';

/** Until the app config is loaded: no minimum, no fees (the server decides at checkout anyway). */
const NEUTRAL: Pick<AppConfig, 'takeAway' | 'delivery' | 'onlineServiceFee'> = {
  takeAway: { delayInMinutes: 0, minOrderAmount: 0, openingHours: {} as AppConfig['openingHours'] },
  delivery: { delayInMinutes: 0, minOrderAmount: 0, openingHours: {} as AppConfig['openingHours'], deliveryFee: 0 },
  onlineServiceFee: 0,
};

export interface CartView {
  readonly cart: Cart;
  readonly mode: OrderMode;
  readonly features: FeatureFlags;
  readonly orderingEnabled: boolean;
  readonly breakdown: PriceBreakdown;
  readonly configLoaded: boolean;
}

/** The cart priced with the one pricing engine, as the cart screen and the floating bar show it. */
export function useCartView(): CartView {
  const cart = useStore(cartStore);
  const mode = useStore(orderModeStore);
  const offers = useStore(offersStore);
  const app = useStore(appDataStore);
  const descriptor = useStore(descriptorStore);
  useEffect(() => {
    void ensureAppData().catch(() => undefined);
  }, []);
  const config = app?.appconfig;
  const features = resolveFeatures(config?.features, descriptor?.features);
  const breakdown = priceCart({ lines: cart, usecase: usecaseOfMode(mode), offers, config: config ?? NEUTRAL, onlinePay: false, now: Date.now() });
  const orderingEnabled = config ? config.orderingEnabled && features.orderingEnabled : features.orderingEnabled;
  return { cart, mode, features, orderingEnabled, breakdown, configLoaded: config !== undefined };
}
