import type { SavedOrder } from '@shop/shared/contract';
import { emit } from '@shop/shared/bus';
import { cartCommand } from '@shop/shared/commands/cart';
import type { FlowDef } from '@shop/shared/domain/checkout-flow';
import { mergeLastOrders } from '@shop/shared/domain/orders';
import { de } from '@shop/shared/i18n';
import { navigateTo, pathTo } from '@shop/shared/routes';
import { formDataStore, inhouseFormDataStore, lastOrdersStore, selectedTimeStore } from '@shop/shared/stores';
import { endCheckoutSession } from './session';

/** Puts a saved (or updated) order into the last orders, merged by uniqueOrderId. */
export function rememberOrder(order: SavedOrder): void {
  lastOrdersStore.update((list) => mergeLastOrders(list, [order]));
  emit('orders:order-updated', { uniqueOrderId: order.uniqueOrderId });
}

export interface FinishOptions {
  /** Guest flows with the stamp card on: the toast 'Anmelden zum Punkte Sammeln'. */
  readonly askGuestToLogin: boolean;
  readonly schedule?: (fn: () => void, ms: number) => void;
}

/**
 * After the order is saved (and, online, authorized): the cart is emptied, the order kept, and
 * the guest moved to the order page after 1.2 s (400 ms for the waiter flow).
 */
export function finishOrder(order: SavedOrder, flow: FlowDef, options: FinishOptions): void {
  rememberOrder(order);
  emit('orders:order-saved', { uniqueOrderId: order.uniqueOrderId });
  // The cart's own command empties it (docs/requirements.md#cart-protection).
  void cartCommand('clear', {}).catch(() => undefined);
  selectedTimeStore.reset();
  // The note was for this order: the next order starts without it (name and addresses are kept).
  formDataStore.update((form) => (form.note ? { ...form, note: '' } : form));
  inhouseFormDataStore.update((form) => (form.note ? { ...form, note: '' } : form));
  endCheckoutSession();
  if (options.askGuestToLogin) {
    emit('shell:overlay', {
      kind: 'toast',
      text: de.checkout.loginForStampsText,
      durationMs: 8_000,
      action: { label: de.checkout.loginForStamps, href: pathTo('Anmelden') },
      // At the top: the order page asks its push question further down, and its buttons must stay free.
      placement: 'top',
    });
  }
  const schedule = options.schedule ?? ((fn, ms) => window.setTimeout(fn, ms));
  schedule(() => navigateTo('Bestellung', { uniqueOrderId: order.uniqueOrderId }), flow.successRedirectMs);
}
