import { savedOrder, type SavedOrder } from '@shop/shared/contract';
import { callAction } from '@shop/shared/client';
import { findOrder, mergeLastOrders } from '@shop/shared/domain/orders';
import { lastOrdersStore } from '@shop/shared/stores';

/** A server document as a saved order (defaults filled in), or null when it is not one. */
export function toSavedOrder(doc: unknown): SavedOrder | null {
  const parsed = savedOrder.safeParse(doc);
  if (parsed.success) return parsed.data;
  // A newer server may add fields or values this bundle does not know: keep what identifies the order.
  const raw = doc as Partial<SavedOrder> | null;
  if (raw && typeof raw.uniqueOrderId === 'string' && Array.isArray(raw.orderData) && typeof raw.orderNumber === 'number') {
    console.warn('[mf_orders] order does not match the contract', parsed.error.issues.slice(0, 3));
    return { history: [], stornoAmounts: [], ...raw } as SavedOrder;
  }
  return null;
}

/** Keeps orders in the guest's last orders, merged by uniqueOrderId (sticky flags stay set). */
export function rememberOrders(orders: readonly SavedOrder[]): void {
  if (orders.length === 0) return;
  lastOrdersStore.update((list) => mergeLastOrders(list, orders));
}

/**
 * Loads one order by its id (LoadDocs on the orders collection, requirements#checkout-calls) with the access
 * token this device holds for it, and keeps it in the last orders. Null when the server does not
 * (yet) know it, or this device may not read it.
 */
export async function fetchOrder(uniqueOrderId: string): Promise<SavedOrder | null> {
  const accessToken = findOrder(lastOrdersStore.get(), uniqueOrderId)?.accessToken;
  const res = await callAction('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId, ...(accessToken ? { accessToken } : {}) } });
  if (!res.ok) return null;
  const order = res.docs.map(toSavedOrder).find((o): o is SavedOrder => o !== null && o.uniqueOrderId === uniqueOrderId) ?? null;
  if (order) rememberOrders([order]);
  return order;
}

/** Loads the caller's last orders from the server (GetLastSelfOrders) into the local list. */
export async function refreshLastOrders(): Promise<void> {
  const res = await callAction('GetLastSelfOrders', {});
  if (!res.ok) return;
  rememberOrders(res.orders.map(toSavedOrder).filter((o): o is SavedOrder => o !== null));
}
