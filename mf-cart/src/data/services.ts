import { distinctUntilChanged, map } from 'rxjs';
import { emit } from '@shop/shared/bus';
import { badgeCount } from '@shop/shared/domain/cart';
import { cartStore, lockCart, pageSingleton } from '@shop/shared/stores';
import { startOffersSync } from './offers';
import { startRepricing } from './reprice';

/**
 * The cart's page-wide services, started once by whichever mf-cart module mounts first (the
 * floating bar is mounted on every page): entry restore (`cartId`, lock), offers, re-pricing.
 */
export function startCartServices(): void {
  const started = pageSingleton('cart:services', () => ({ done: false }));
  if (started.done) return;
  started.done = true;
  // A non-empty cart restored from local storage locks the cart for 3 s (shop-spec §4).
  if (cartStore.savedAt() !== null && cartStore.get().length > 0) lockCart();
  // The server restore (and the contract that validates it) loads only for a `cartId` link.
  if (new URLSearchParams(window.location.search).has('cartId')) void import('./cart-id-restore').then((m) => m.restoreFromQuery());
  startOffersSync();
  startRepricing();
  cartStore.value$.pipe(map(badgeCount), distinctUntilChanged()).subscribe((count) => emit('cart:changed', { count }));
}
