import type { SavedOrder } from '@shop/shared/contract';
import { findOrder, shouldJumpToOrder } from '@shop/shared/domain/orders';
import { matchRoute, type RouteName } from '@shop/shared/routes';

/** Pages the jump never leaves: the order's own page, the order list (it follows its orders live), the confirmation page (its own rule) and the staff pages. */
const STAYS_ON: readonly RouteName[] = ['Bestaetigung', 'Bestellungen', 'Bestellboard', 'Verwaltung'];

/** Orders still being paid for: the checkout owns the guest until the order is placed. */
const NOT_PLACED_YET: readonly SavedOrder['state'][] = ['Draft', 'AwaitingPayment'];

/**
 * The jump to the order page (docs/requirements.md#local-orders): an update of one of the device's
 * last orders within 1 hour before and 10 minutes after its target time takes the guest to that
 * order's page. Never out of the checkout (a payment, a 3-D Secure step may be under way) and never
 * for an order not placed yet. Returns the order id to show, or null to stay.
 */
export function orderToJumpTo(uniqueOrderId: string, lastOrders: readonly SavedOrder[], pathname: string, now: number): string | null {
  const order = findOrder(lastOrders, uniqueOrderId);
  if (!order || NOT_PLACED_YET.includes(order.state) || !shouldJumpToOrder(order, now)) return null;
  const here = matchRoute(pathname);
  if (here && (STAYS_ON.includes(here.name) || here.app === 'mf_checkout')) return null;
  if (here?.name === 'Bestellung' && here.params.uniqueOrderId === uniqueOrderId) return null;
  return uniqueOrderId;
}
