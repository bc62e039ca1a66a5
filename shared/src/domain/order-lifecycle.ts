import type { OrderState, ReadyPart, SavedOrder } from '../contract/order';
import { expectedReadiness } from './orders';

/**
 * The order state machine (one for every handler: checkout, payments, staff board, expiry).
 *
 *   Draft ──paymentStarted──▶ AwaitingPayment ──authorized──▶ New ──accept──▶ Confirmed ──ready──▶ Ready ──handOver──▶ Collected
 *     ▲ edit / paymentFailed ───────┘                          ▲ (pay on site: saved as New)
 *   reject: Draft, AwaitingPayment, New → Rejected (the kitchen declines, with a reason)
 *   cancel: any state before hand-over → Cancelled (with a reason)
 *   expire: Draft, AwaitingPayment → Expired (left unpaid)
 *
 * Pure: the caller stores the order (with a row lock) and carries out the effects: `money`
 * (capture the authorized payment; release it: void an authorization, refund a capture) and
 * `release` (give back the stock, coupons and stamp card the order had taken).
 */

export type LifecycleEvent =
  /** The guest changes the unpaid order (back from the payment step); a running payment attempt is dropped. */
  | { readonly type: 'edit' }
  | { readonly type: 'paymentStarted' }
  /** The payment attempt was declined, failed or dropped: the order can be paid again. */
  | { readonly type: 'paymentFailed' }
  /** The provider confirmed the authorization of the order's total. */
  | { readonly type: 'authorized' }
  | { readonly type: 'accept' }
  /** Food, drinks, or (no part) every expected part is ready. */
  | { readonly type: 'ready'; readonly part?: ReadyPart }
  | { readonly type: 'handOver' }
  | { readonly type: 'reject'; readonly reason: string }
  | { readonly type: 'cancel'; readonly reason: string }
  | { readonly type: 'expire' };

export type LifecycleEventType = LifecycleEvent['type'];

/**
 * The allowed transitions: state → event → next state. An event not listed for a state is refused.
 * 'ready' leads to Ready only when every expected part is ready, else the order stays Confirmed.
 */
export const ORDER_TRANSITIONS: { readonly [S in OrderState]: { readonly [E in LifecycleEventType]?: OrderState } } = {
  Draft: {
    edit: 'Draft',
    paymentStarted: 'AwaitingPayment',
    paymentFailed: 'Draft',
    authorized: 'New',
    reject: 'Rejected',
    cancel: 'Cancelled',
    expire: 'Expired',
  },
  AwaitingPayment: {
    edit: 'Draft',
    paymentStarted: 'AwaitingPayment',
    paymentFailed: 'Draft',
    authorized: 'New',
    reject: 'Rejected',
    cancel: 'Cancelled',
    expire: 'Expired',
  },
  New: { authorized: 'New', accept: 'Confirmed', ready: 'Ready', handOver: 'Collected', reject: 'Rejected', cancel: 'Cancelled' },
  Confirmed: { authorized: 'Confirmed', accept: 'Confirmed', ready: 'Ready', handOver: 'Collected', cancel: 'Cancelled' },
  Ready: { authorized: 'Ready', accept: 'Ready', ready: 'Ready', handOver: 'Collected', cancel: 'Cancelled' },
  Collected: { handOver: 'Collected' },
  PickedUp: { handOver: 'PickedUp' },
  Rejected: { reject: 'Rejected' },
  Cancelled: { cancel: 'Cancelled' },
  Expired: { expire: 'Expired' },
};

/** What happens to the order's online payment with a transition. */
export type MoneyEffect = 'capture' | 'release' | null;

export type TransitionResult =
  | {
      readonly ok: true;
      readonly order: SavedOrder;
      /** False when the order already was where the event leads (a repeated tap, a retry). */
      readonly changed: boolean;
      readonly money: MoneyEffect;
      /** Give back the stock, coupons and stamp card the order took (it will not be sold). */
      readonly release: boolean;
    }
  | {
      readonly ok: false;
      readonly state: OrderState;
      /** A late authorization of a closed order: release it at once. */
      readonly money: MoneyEffect;
    };

/** Placed orders the kitchen works on. */
export const KITCHEN_OPEN_STATES: readonly OrderState[] = ['New', 'Confirmed', 'Ready'];
/** States before the order is placed (unpaid online orders): the kitchen does not see them. */
export const UNPAID_STATES: readonly OrderState[] = ['Draft', 'AwaitingPayment'];
/** States that end an order without a hand-over. */
export const ENDED_STATES: readonly OrderState[] = ['Rejected', 'Cancelled', 'Expired'];

/** An online payment that is authorized and neither captured nor released. */
function holdsAuthorization(order: SavedOrder): boolean {
  return order.onlinePay && order.authCompleted && !order.captured && order.paymentReleased === undefined;
}

/** An online payment attempt or authorization, or a capture, that must be given back if the order ends. */
function holdsMoney(order: SavedOrder): boolean {
  if (!order.onlinePay || order.paymentReleased !== undefined) return false;
  return order.state === 'AwaitingPayment' || order.authCompleted;
}

const entry = (state: OrderState, at: number, extra: { reason?: string; part?: ReadyPart } = {}) => ({ state, at, ...extra });

function withState(order: SavedOrder, state: OrderState, now: number, extra: { reason?: string; part?: ReadyPart } = {}): SavedOrder {
  return { ...order, state, history: [...order.history, entry(state, now, extra)] };
}

/** The order after the kitchen accepted it: it reached the till. */
function accepted(order: SavedOrder, now: number): SavedOrder {
  if (order.state !== 'New') return order;
  return { ...withState(order, 'Confirmed', now), sentToPos: true, kasseFertig: true };
}

/** The parts 'ready' marks: the named one, or every expected part (food for an order of neither, e.g. tickets). */
function partsToReady(order: SavedOrder, part: ReadyPart | undefined): ReadyPart[] | null {
  const expected = expectedReadiness(order);
  if (part === 'drinks' && !expected.drinks) return null;
  if (part === 'food' && !expected.food && expected.drinks) return null;
  if (part) return [part];
  const all: ReadyPart[] = [...(expected.food ? (['food'] as const) : []), ...(expected.drinks ? (['drinks'] as const) : [])];
  return all.length > 0 ? all : ['food'];
}

function readied(order: SavedOrder, part: ReadyPart | undefined, now: number): SavedOrder | null {
  const parts = partsToReady(order, part);
  if (!parts) return null;
  let next = accepted(order, now);
  for (const p of parts) {
    if (p === 'food' && !next.abholbereit)
      next = { ...next, abholbereit: true, foodReadyAt: now, history: [...next.history, entry(next.state, now, { part: 'food' })] };
    if (p === 'drinks' && !next.getraenkeAbholbereit)
      next = { ...next, getraenkeAbholbereit: true, drinksReadyAt: now, history: [...next.history, entry(next.state, now, { part: 'drinks' })] };
  }
  const expected = expectedReadiness(order);
  const allReady =
    (!expected.food || next.abholbereit) && (!expected.drinks || next.getraenkeAbholbereit) && (expected.food || expected.drinks || next.abholbereit);
  return allReady && next.state !== 'Ready' ? withState(next, 'Ready', now) : next;
}

/**
 * Applies an event to an order (pure). Refused when the table does not list the event for the
 * order's state; a late authorization of a closed order is refused with `money: 'release'`.
 */
export function transition(order: SavedOrder, event: LifecycleEvent, now: number): TransitionResult {
  const target = ORDER_TRANSITIONS[order.state][event.type];
  if (target === undefined) {
    const lateAuthorization = event.type === 'authorized' && ENDED_STATES.includes(order.state);
    return { ok: false, state: order.state, money: lateAuthorization ? 'release' : null };
  }
  const same = (changed: SavedOrder, money: MoneyEffect = null, release = false): TransitionResult => ({
    ok: true,
    order: changed,
    changed: changed !== order,
    money,
    release,
  });

  switch (event.type) {
    case 'edit':
      return same(order.state === 'Draft' ? order : withState(order, 'Draft', now), order.state === 'AwaitingPayment' ? 'release' : null);
    case 'paymentStarted':
      return same(order.state === 'AwaitingPayment' ? order : withState(order, 'AwaitingPayment', now));
    case 'paymentFailed':
      return same(order.state === 'Draft' ? order : withState(order, 'Draft', now));
    case 'authorized': {
      if (target === order.state) return same(order, order.state !== 'New' && holdsAuthorization(order) ? 'capture' : null);
      const { expiresAt: _unpaidUntil, ...placed } = order;
      return same(withState(placed, 'New', now));
    }
    case 'accept': {
      const next = accepted(order, now);
      return same(next, next !== order && holdsAuthorization(order) ? 'capture' : null);
    }
    case 'ready': {
      const next = readied(order, event.part, now);
      if (!next) return { ok: false, state: order.state, money: null };
      const changed = next.abholbereit !== order.abholbereit || next.getraenkeAbholbereit !== order.getraenkeAbholbereit || next.state !== order.state;
      return same(changed ? next : order, order.state === 'New' && holdsAuthorization(order) ? 'capture' : null);
    }
    case 'handOver': {
      if (target === order.state) return same(order);
      const base = accepted(order, now);
      return same({ ...withState(base, 'Collected', now), collectedAt: now }, order.state === 'New' && holdsAuthorization(order) ? 'capture' : null);
    }
    case 'reject': {
      if (order.state === 'Rejected') return same(order);
      const reason = event.reason.trim();
      return same({ ...withState(order, 'Rejected', now, { reason }), rejectReason: reason }, holdsMoney(order) ? 'release' : null, true);
    }
    case 'cancel': {
      if (order.state === 'Cancelled') return same(order);
      const reason = event.reason.trim();
      return same({ ...withState(order, 'Cancelled', now, { reason }), cancelReason: reason }, holdsMoney(order) ? 'release' : null, true);
    }
    case 'expire': {
      if (order.state === 'Expired') return same(order);
      return same(withState(order, 'Expired', now), holdsMoney(order) ? 'release' : null, true);
    }
  }
}

/** Whether an event is allowed in a state (the table's answer, for buttons and checks). */
export function allows(state: OrderState, type: LifecycleEventType): boolean {
  return ORDER_TRANSITIONS[state][type] !== undefined;
}

/** Orders the board shows as open: placed and not yet handed over, rejected or cancelled. */
export function isOpenForKitchen(order: Pick<SavedOrder, 'state'>): boolean {
  return KITCHEN_OPEN_STATES.includes(order.state);
}

/** An unpaid online order that is past its payment deadline. */
export function isOverdueUnpaid(order: Pick<SavedOrder, 'state' | 'expiresAt'>, now: number): boolean {
  return UNPAID_STATES.includes(order.state) && order.expiresAt !== undefined && now >= order.expiresAt;
}

/**
 * Stamps are earned only for money received (requirements#checkout-behaviour stamp card): the order was handed
 * over and, when paid online, its payment was captured.
 */
export function earnsStamps(order: Pick<SavedOrder, 'collectStempel' | 'state' | 'onlinePay' | 'captured'>): boolean {
  if (order.collectStempel !== true) return false;
  if (order.state !== 'Collected' && order.state !== 'PickedUp') return false;
  return !order.onlinePay || order.captured;
}

/**
 * When an unpaid online order expires (ADR 0026): its expiry time after it was first saved, or the
 * pickup or delivery time it was saved for when that comes sooner, so a pre-order is never paid
 * after its slot. Editing the order (back from the payment step) does not move the deadline: a
 * draft holds stock and coupons for at most the expiry time.
 */
export function unpaidDeadline(order: Pick<SavedOrder, 'usecase' | 'targetTime'>, firstSavedAt: number, expiryMs: number): number {
  const deadline = firstSavedAt + expiryMs;
  const slotted = order.usecase === 'takeaway' || order.usecase === 'delivery';
  return slotted && order.targetTime !== undefined ? Math.min(deadline, order.targetTime) : deadline;
}

/** Events of the guest and the payment that an unpaid order past its deadline no longer takes: it expires instead. */
export const EVENTS_REFUSED_WHEN_OVERDUE: readonly LifecycleEventType[] = ['edit', 'paymentStarted', 'paymentFailed', 'authorized'];

/**
 * A placed order the kitchen never accepted (ADR 0026): 'New' this long after its time (the pickup
 * or delivery slot, else when it was placed). The sweep cancels it and releases its money.
 */
export function isUnacceptedTooLong(order: Pick<SavedOrder, 'state' | 'targetTime' | 'createdAt' | 'history'>, now: number, limitMs: number): boolean {
  if (order.state !== 'New') return false;
  const placedAt = [...order.history].reverse().find((h) => h.state === 'New')?.at ?? order.createdAt;
  return now - Math.max(placedAt, order.targetTime ?? 0) >= limitMs;
}
