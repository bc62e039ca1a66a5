import { useEffect, useState } from 'react';
import type { AppConfig, BranchSettings, Cart, FeatureFlags, Offer, ResolvedDescriptor, Usecase } from '@shop/shared/contract';
import { callAction } from '@shop/shared/client';
import { FLOWS, isFlowEnabled, usecaseOf, type FlowDef, type FlowId } from '@shop/shared/domain/checkout-flow';
import { resolveFeatures } from '@shop/shared/domain/features';
import { useStore } from '@shop/shared/react';
import { appDataStore, authStore, cartStore, descriptorStore, ensureAppData, tableStore, type AuthUser, type TableContext } from '@shop/shared/stores';

export interface CheckoutContext {
  readonly flow: FlowDef;
  readonly config: AppConfig;
  readonly features: FeatureFlags;
  readonly branch: BranchSettings;
  readonly cart: Cart;
  readonly user: AuthUser | null;
  readonly table: TableContext;
  readonly selfService: boolean;
  readonly usecase: Usecase;
  readonly orderingEnabled: boolean;
  readonly flowEnabled: boolean;
  readonly payments: ResolvedDescriptor['payments'];
  /** Active offers (LoadCoupons), priced in like the cart and the server do. */
  readonly offers: readonly Offer[];
}

export type ContextState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; ctx: CheckoutContext };

/** Everything a checkout reads: app config, features, branch, cart, user, table, payment mode. */
export function useCheckoutContext(flowId: FlowId): ContextState {
  const appData = useStore(appDataStore);
  const descriptor = useStore(descriptorStore);
  const cart = useStore(cartStore);
  const user = useStore(authStore);
  const table = useStore(tableStore);
  const [failed, setFailed] = useState(false);
  const [offers, setOffers] = useState<readonly Offer[] | null>(null);

  useEffect(() => {
    let alive = true;
    ensureAppData().then(
      (data) => alive && !data && setFailed(true),
      () => alive && setFailed(true),
    );
    callAction('LoadCoupons', {}).then(
      (res) => alive && setOffers(res.ok ? res.offers : []),
      () => alive && setOffers([]),
    );
    return () => {
      alive = false;
    };
  }, []);

  if (!appData) return failed ? { status: 'failed' } : { status: 'loading' };
  if (offers === null) return { status: 'loading' };
  const flow = FLOWS[flowId];
  const config = appData.appconfig;
  const features = resolveFeatures(config.features, descriptor?.features);
  return {
    status: 'ready',
    ctx: {
      flow,
      config,
      features,
      branch: descriptor?.branch ?? appData.branch,
      cart,
      user,
      table,
      selfService: config.selfServiceEnabled,
      usecase: usecaseOf(flowId, config.selfServiceEnabled),
      orderingEnabled: config.orderingEnabled && features.orderingEnabled,
      flowEnabled: isFlowEnabled(flowId, config, features),
      payments: descriptor?.payments ?? { mode: 'test' },
      offers,
    },
  };
}
