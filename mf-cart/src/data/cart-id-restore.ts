import { emit } from '@shop/shared/bus';
import { callAction } from '@shop/shared/client';
import { cartIdClearAt, decideServerRestore } from '@shop/shared/domain/cart-restore';
import { cart as t } from '@shop/shared/i18n/cart';
import { cartStore } from '@shop/shared/stores';

import { cartIdStore } from './cart-id-stores';
import { restoreCart } from './commands';

export { cartIdStore } from './cart-id-stores';

function toast(text: string): void {
  emit('shell:overlay', { kind: 'toast', text });
}

/** Removes cartId from the address bar so that a reload does not restore again. */
function dropQueryParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('cartId')) return;
  url.searchParams.delete('cartId');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Restores the server cart `cartId` (requirements#shop-behaviour, requirements#calls "Restore cart", requirements#errors failure toast). */
export async function restoreServerCart(cartId: string, now: () => number = Date.now): Promise<void> {
  cartIdStore.set(cartId);
  try {
    const res = await callAction('LoadCartItems', { cartId });
    if (!res.ok) {
      cartIdStore.reset();
      toast(t.restoreFailed);
      return;
    }
    const decision = decideServerRestore(cartStore.get(), res.cart, now());
    switch (decision.kind) {
      case 'restore': {
        const at = now();
        restoreCart(decision.cart, at);
        emit('shell:overlay', { kind: 'snackbar', text: t.restoreDone });
        setTimeout(
          () => {
            if (cartIdStore.get() === cartId) cartIdStore.reset();
          },
          cartIdClearAt(at) - at,
        );
        return;
      }
      case 'skip-not-empty':
        cartIdStore.reset();
        emit('shell:overlay', { kind: 'snackbar', text: t.restoreSkippedNotEmpty });
        return;
      case 'expired':
        cartIdStore.reset();
        toast(t.restoreExpired);
        return;
      case 'empty':
        cartIdStore.reset();
        toast(t.restoreFailed);
        return;
    }
  } catch {
    cartIdStore.reset();
    toast(t.restoreFailed);
  }
}

/** A `cartId` query parameter (it may arrive on any page) restores a server cart. */
export function restoreFromQuery(): void {
  const cartId = new URLSearchParams(window.location.search).get('cartId');
  if (!cartId) return;
  dropQueryParam();
  void restoreServerCart(cartId.trim());
}
