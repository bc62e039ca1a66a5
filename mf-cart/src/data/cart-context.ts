import { useEffect } from 'react';
import type { AppConfig, FeatureFlags, OrderMode } from '@shop/shared/contract';
import { soldOutLineIds } from '@shop/shared/domain/add-to-cart-rules';
import { resolveFeatures } from '@shop/shared/domain/features';
import { priceCart, usecaseOfMode, type PriceBreakdown } from '@shop/shared/domain/pricing';
import { useStore } from '@shop/shared/react';
import { appDataStore, cartStore, descriptorStore, drinkMenuStore, ensureAppData, foodMenuStore, offersStore, orderModeStore } from '@shop/shared/stores';
import type { Cart } from '@shop/shared/contract';
import { currentLookup } from './menu-lookup';

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
  /** Lines the loaded menus say are sold out: marked in the cart, the checkout waits until they are removed. */
  readonly soldOut: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/** The cart priced with the one pricing engine, as the cart screen and the floating bar show it. */
export function useCartView(): CartView {
  const cart = useStore(cartStore);
  const mode = useStore(orderModeStore);
  const offers = useStore(offersStore);
  const app = useStore(appDataStore);
  const descriptor = useStore(descriptorStore);
  // Subscribed so a live menu change (an item sold out) reaches the cart at once.
  useStore(foodMenuStore);
  useStore(drinkMenuStore);
  useEffect(() => {
    void ensureAppData().catch(() => undefined);
  }, []);
  const config = app?.appconfig;
  const features = resolveFeatures(config?.features, descriptor?.features);
  const breakdown = priceCart({ lines: cart, usecase: usecaseOfMode(mode), offers, config: config ?? NEUTRAL, onlinePay: false, now: Date.now() });
  const orderingEnabled = config ? config.orderingEnabled && features.orderingEnabled : features.orderingEnabled;
  const lookup = currentLookup();
  const soldOut = lookup ? soldOutLineIds(cart, (id) => lookup(id)?.item, features.enableBestand) : NONE;
  return { cart, mode, features, orderingEnabled, breakdown, configLoaded: config !== undefined, soldOut };
}
