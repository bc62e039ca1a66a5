import { bridgeRemoteLayers, closeAllLayers, hasOpenLayer } from './layers';

interface BeforeRoutingDetail {
  cancelNavigation?: (value?: boolean | Promise<boolean>) => void;
  oldUrl?: string;
  newUrl?: string;
}

/**
 * requirements#navigation: with a dialog or the drawer open, navigating closes it and
 * cancels the navigation (single-spa before-routing-event + cancelNavigation).
 */
export function installNavigationGuard(target: Window = window): () => void {
  const handler = (event: Event) => {
    const detail = (event as CustomEvent<BeforeRoutingDetail>).detail;
    if (!detail?.cancelNavigation || detail.oldUrl === detail.newUrl) return;
    if (!hasOpenLayer()) return;
    closeAllLayers();
    detail.cancelNavigation();
  };
  target.addEventListener('single-spa:before-routing-event', handler);
  const unbridge = bridgeRemoteLayers();
  return () => {
    unbridge();
    target.removeEventListener('single-spa:before-routing-event', handler);
  };
}
