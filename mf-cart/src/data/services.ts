import { distinctUntilChanged, filter, firstValueFrom, map } from 'rxjs';
import { emit } from '@shop/shared/bus';
import { badgeCount } from '@shop/shared/domain/cart-count';
import { cartStore, pageSingleton } from '@shop/shared/stores';
import { registerCartCommands, type CartCommandHandler } from '@shop/shared/commands/cart';
import { startOffersSync } from './offers';
import { lockRestoredCart } from './restore-lock';

/**
 * The cart's command module (its pricing, fee and stock rules, their texts) is not part of the
 * badge's first load (docs/requirements.md#perf-js-budget): it loads with the first command or
 * with a restored cart, once per page.
 */
const commands = () => import('./commands');

/** The one writer's commands for other apps, each loading the command module on first use. */
const lazyCommandHandler: CartCommandHandler = {
  add: async (params) => (await commands()).cartCommandHandler.add(params),
  replace: async (params) => (await commands()).cartCommandHandler.replace(params),
  setFees: async (params) => (await commands()).cartCommandHandler.setFees(params),
  removeFees: async (params) => (await commands()).cartCommandHandler.removeFees(params),
  clear: async (params) => (await commands()).cartCommandHandler.clear(params),
};

/**
 * The cart's page-wide services, started once by whichever mf-cart module mounts first (the
 * floating bar is mounted on every page): entry restore (`cartId`, lock), offers, re-pricing.
 */
export function startCartServices(): void {
  const started = pageSingleton('cart:services', () => ({ done: false }));
  if (started.done) return;
  started.done = true;
  const startedAt = Date.now();
  lockRestoredCart(startedAt);
  // The server restore (and the contract that validates it) loads only for a `cartId` link.
  if (new URLSearchParams(window.location.search).has('cartId')) void import('./cart-id-restore').then((m) => m.restoreFromQuery());
  // The cart's one writer takes the other apps' commands (docs/requirements.md#cart-protection).
  registerCartCommands(lazyCommandHandler);
  startOffersSync();
  // Re-pricing (the menu's pricing rules) starts once the cart has lines.
  void firstValueFrom(cartStore.value$.pipe(filter((cart) => cart.length > 0)))
    .then(() => import('./reprice'))
    .then((m) => m.startRepricing());
  cartStore.value$.pipe(map(badgeCount), distinctUntilChanged()).subscribe((count) => emit('cart:changed', { count }));
}
