import { callAction } from '@shop/shared/client';
import { lastOrdersStore } from '@shop/shared/stores';

/**
 * The guest leaves an unpaid order behind (another checkout, 'Bestellung abbrechen'): the server
 * cancels it at once so that its stock and coupons are free (CancelUnpaidOrder), and the device
 * stops following it. Best effort: an order that is not cancelled expires on its own.
 */
export function abandonUnpaidOrder(uniqueOrderId: string): void {
  lastOrdersStore.update((list) => list.filter((o) => o.uniqueOrderId !== uniqueOrderId));
  void callAction('CancelUnpaidOrder', { uniqueOrderId }).catch(() => undefined);
}
