import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { badgeCount } from '@shop/shared/domain/cart-count';
import { createRemoteApp, useStore } from '@shop/shared/react';
import { matchRoute } from '@shop/shared/routes';
import { cartStore } from '@shop/shared/stores';
import { startCartServices } from '../data/services';

/** The priced bar (pricing engine, coupons) stays out of the first load of an empty cart. */
const CartBarContent = lazy(() => import('./cart-bar-content'));

function subscribeRouting(onChange: () => void) {
  window.addEventListener('single-spa:routing-event', onChange);
  return () => window.removeEventListener('single-spa:routing-event', onChange);
}

/**
 * Floating cart bar: only when the item count is above 0; leads to the cart; hidden in cart and
 * checkout. Mounted on every page, it also starts the cart's page-wide services (a `cartId` link
 * restore, the restore lock, offers and re-pricing).
 */
export function CartBar() {
  useEffect(() => startCartServices(), []);
  const cart = useStore(cartStore);
  const pathname = useSyncExternalStore(subscribeRouting, () => window.location.pathname);
  const app = matchRoute(pathname)?.app;
  const count = badgeCount(cart);
  if (count <= 0 || app === 'mf_cart' || app === 'mf_checkout') return null;
  return (
    <Suspense fallback={null}>
      <CartBarContent count={count} />
    </Suspense>
  );
}

export const { bootstrap, mount, unmount } = createRemoteApp('mf_cart', CartBar);
