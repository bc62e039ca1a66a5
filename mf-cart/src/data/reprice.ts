import { combineLatest, debounceTime } from 'rxjs';
import { repriceLines } from '@shop/shared/domain/cart';
import { cartStore, drinkMenuStore, foodMenuStore, orderModeStore } from '@shop/shared/stores';
import { applyRepricedCart } from './commands';
import { currentLookup } from './menu-lookup';

/**
 * Keeps the cart's prices those of the current menu and order mode (the server re-prices with
 * them): after a menu update, a switch between takeaway, delivery and table, or a restore.
 */
export function startRepricing(): void {
  combineLatest([cartStore.value$, orderModeStore.value$, foodMenuStore.value$, drinkMenuStore.value$])
    .pipe(debounceTime(50))
    .subscribe(([cart, mode]) => {
      const lookup = currentLookup();
      if (!lookup || cart.length === 0) return;
      const result = repriceLines(cart, lookup, mode);
      if (result.changed) applyRepricedCart(result.cart);
    });
}
