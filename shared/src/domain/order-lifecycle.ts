import type { SavedOrder } from '../contract/order';
import { isCancelledOrFinished } from './orders';

/**
 * What the kitchen does with an order on the staff board (ARCHITECTURE: "the staff order board";
 * checkout-spec §4 order statuses Confirmed, Rejected, Cancelled, Collected): accept it, say it is
 * ready, hand it over, or reject it. Pure: the caller stores the order and runs the payment step.
 *
 * - confirm: New → Confirmed; the order has reached the till (sentToPos, kasseFertig). An online
 *   payment that is authorized is captured now (the order is accepted).
 * - ready: food and drinks ready for pickup (abholbereit, getraenkeAbholbereit); a New order is
 *   confirmed on the way.
 * - collected: handed over (Collected, collectedAt).
 * - reject: Rejected with a reason; an authorized online payment is voided.
 * A change the order already has is a no-op; a finished, cancelled or rejected order does not change.
 */
export type StaffChange = 'confirm' | 'ready' | 'collected' | 'reject';

export type PaymentStep = 'capture' | 'void' | null;

export type LifecycleResult =
  | { readonly ok: true; readonly order: SavedOrder; readonly changed: boolean; readonly payment: PaymentStep }
  | { readonly ok: false; readonly reason: 'finished' };

const closed = (order: SavedOrder) => isCancelledOrFinished(order) || order.state === 'Rejected';

function confirmed(order: SavedOrder, now: number): SavedOrder {
  if (order.state !== 'New') return order;
  return { ...order, state: 'Confirmed', sentToPos: true, kasseFertig: true, history: [...order.history, { state: 'Confirmed', at: now }] };
}

/** Whether the order's online payment is authorized and still to be captured or voided. */
function authorizedOnline(order: SavedOrder): boolean {
  return order.onlinePay === true && order.authCompleted === true && order.captured !== true;
}

export function applyStaffChange(order: SavedOrder, change: StaffChange, now: number, reason?: string): LifecycleResult {
  if (closed(order)) {
    const already = (change === 'collected' && order.state === 'Collected') || (change === 'reject' && order.state === 'Rejected');
    return already ? { ok: true, order, changed: false, payment: null } : { ok: false, reason: 'finished' };
  }
  switch (change) {
    case 'confirm': {
      const next = confirmed(order, now);
      return { ok: true, order: next, changed: next !== order, payment: next !== order && authorizedOnline(order) ? 'capture' : null };
    }
    case 'ready': {
      const wasNew = order.state === 'New';
      if (!wasNew && order.abholbereit && order.getraenkeAbholbereit) return { ok: true, order, changed: false, payment: null };
      const next = { ...confirmed(order, now), abholbereit: true, getraenkeAbholbereit: true };
      return { ok: true, order: next, changed: true, payment: wasNew && authorizedOnline(order) ? 'capture' : null };
    }
    case 'collected': {
      const base = confirmed(order, now);
      const next: SavedOrder = { ...base, state: 'Collected', collectedAt: now, history: [...base.history, { state: 'Collected', at: now }] };
      return { ok: true, order: next, changed: true, payment: order.state === 'New' && authorizedOnline(order) ? 'capture' : null };
    }
    case 'reject': {
      const next: SavedOrder = {
        ...order,
        state: 'Rejected',
        ...(reason ? { rejectReason: reason } : {}),
        history: [...order.history, { state: 'Rejected', at: now, ...(reason ? { reason } : {}) }],
      };
      return { ok: true, order: next, changed: true, payment: authorizedOnline(order) ? 'void' : null };
    }
  }
}

/** Orders the board shows as open: not finished, cancelled or rejected. */
export function isOpenForKitchen(order: SavedOrder): boolean {
  return !closed(order);
}
