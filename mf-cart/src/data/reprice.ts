import { combineLatest, debounceTime, type Subscription } from 'rxjs';
import { emit } from '@shop/shared/bus';
import { repriceLines } from '@shop/shared/domain/cart';
import { cart as t } from '@shop/shared/i18n/cart';
import { fill } from '@shop/shared/i18n/fill';
import { cartStore, drinkMenuStore, foodMenuStore, orderModeStore } from '@shop/shared/stores';
import { applyRepricedCart } from './commands';
import { currentLookup } from './menu-lookup';

/**
 * Keeps the cart's prices those of the current menu and order mode (the server re-prices with
 * them): after a menu update, a switch between takeaway, delivery and table, or a restore. A line the
 * menu no longer has (or whose choices it no longer offers) leaves the cart, and the guest is told
 * which, never silently (requirements#errors).
 */
export function startRepricing(): Subscription {
  return combineLatest([cartStore.value$, orderModeStore.value$, foodMenuStore.value$, drinkMenuStore.value$])
    .pipe(debounceTime(50))
    .subscribe(([cart, mode]) => {
      const lookup = currentLookup();
      if (!lookup || cart.length === 0) return;
      const result = repriceLines(cart, lookup, mode);
      if (!result.changed) return;
      applyRepricedCart(result.cart);
      if (result.dropped.length > 0) emit('shell:overlay', { kind: 'toast', text: result.dropped.map((name) => fill(t.itemUnavailable, { name })).join(' ') });
    });
}
