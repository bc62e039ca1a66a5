import type { CouponLine, ProductLine } from '../contract/cart';
import type { PaymentMethodId, Usecase } from '../contract/common';
import type { OrderState, ReadyPart, SavedOrder } from '../contract/order';
import { orders as orderTexts } from '../i18n/de/orders';
import { fill } from '../i18n/fill';
import { SHOP_CONSTANTS } from './shop-constants';

/**
 * Local order records (requirements#shop-behaviour) and the rules of the order status page (requirements#checkout-screens, requirements#checkout-behaviour).
 * Pure functions; the order remote and the checkout call them.
 */

/** Flags that, once set locally, are never cleared by an update (requirements#shop-behaviour). */
export const STICKY_ORDER_FLAGS = [
  'kasseFertig',
  'abholbereit',
  'getraenkeAbholbereit',
  'storno',
  'paid',
  'charged',
  'captured',
  'authCompleted',
  'sentToPos',
] as const satisfies readonly (keyof SavedOrder)[];

/**
 * The spec's "two terminal states (names not shown)": read as cancelled (Cancelled, Rejected —
 * the restaurant's cancellation — and Expired, an online order left unpaid) and finished
 * (Collected, and the picked-up state).
 */
export const CANCELLED_STATES: readonly OrderState[] = ['Cancelled', 'Rejected', 'Expired'];
export const FINISHED_STATES: readonly OrderState[] = ['Collected', 'PickedUp'];
/** An online order that is saved but not paid yet (not an order for the kitchen or the guest's list). */
export const UNPAID_ORDER_STATES: readonly OrderState[] = ['Draft', 'AwaitingPayment'];

/**
 * The spec's "two specific in-house and takeaway cases" whose orders can be current: takeaway
 * (collected at the counter) and self-service (in-house, collected at the counter).
 */
export const CURRENT_ORDER_USECASES: readonly Usecase[] = ['takeaway', 'selfservice'];

/** Merges an update into the local copy of the same order: the update wins, sticky flags stay set. */
export function mergeOrder(local: SavedOrder | undefined, update: SavedOrder): SavedOrder {
  if (!local) return update;
  const merged: SavedOrder = { ...local, ...update };
  for (const flag of STICKY_ORDER_FLAGS) {
    if (local[flag] === true) (merged as Record<string, unknown>)[flag] = true;
  }
  return merged;
}

/**
 * Merges updates into the last orders by uniqueOrderId; newest first (createdAt), at most `max`.
 * Unchanged orders keep their place in the result; the input arrays are not changed.
 */
export function mergeLastOrders(list: readonly SavedOrder[], updates: readonly SavedOrder[], max: number = SHOP_CONSTANTS.lastOrdersMax): SavedOrder[] {
  const byId = new Map<string, SavedOrder>();
  for (const order of list) {
    if (order && typeof order.uniqueOrderId === 'string') byId.set(order.uniqueOrderId, mergeOrder(byId.get(order.uniqueOrderId), order));
  }
  for (const order of updates) byId.set(order.uniqueOrderId, mergeOrder(byId.get(order.uniqueOrderId), order));
  return [...byId.values()].sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0)).slice(0, Math.max(0, max));
}

/** The order with this id among the last orders. */
export function findOrder(list: readonly SavedOrder[], uniqueOrderId: string): SavedOrder | undefined {
  return list.find((o) => o.uniqueOrderId === uniqueOrderId);
}

export function isCancelledOrder(order: Pick<SavedOrder, 'storno' | 'state'>): boolean {
  return order.storno === true || CANCELLED_STATES.includes(order.state);
}

/** Cancelled or finished: storno is set or the state is terminal (requirements#shop-behaviour). */
export function isCancelledOrFinished(order: Pick<SavedOrder, 'storno' | 'state'>): boolean {
  return isCancelledOrder(order) || FINISHED_STATES.includes(order.state);
}

/** The target time, or 14 minutes after creation when the order has none (requirements#shop-behaviour). */
export function effectiveTargetTime(order: Pick<SavedOrder, 'targetTime' | 'createdAt'>): number {
  return order.targetTime ?? order.createdAt + SHOP_CONSTANTS.defaultTargetAfterCreatedMs;
}

/**
 * Current order (requirements#shop-behaviour): a takeaway or self-service order while now lies between 20 minutes
 * before and 5 minutes after its target time.
 */
export function isCurrentOrder(order: Pick<SavedOrder, 'usecase' | 'targetTime' | 'createdAt'>, now: number): boolean {
  if (!CURRENT_ORDER_USECASES.includes(order.usecase)) return false;
  const target = effectiveTargetTime(order);
  return now >= target - SHOP_CONSTANTS.currentOrderBeforeTargetMs && now <= target + SHOP_CONSTANTS.currentOrderAfterTargetMs;
}

/** The newest current order that is neither cancelled nor finished. */
export function currentOrder(list: readonly SavedOrder[], now: number): SavedOrder | undefined {
  return list.find((o) => isCurrentOrder(o, now) && !isCancelledOrFinished(o));
}

/**
 * Order-update logic (requirements#shop-behaviour): an update of a last order within 1 hour before and 10 minutes
 * after its target time takes the guest to the order page.
 */
export function shouldJumpToOrder(order: Pick<SavedOrder, 'targetTime' | 'createdAt' | 'storno' | 'state'>, now: number): boolean {
  if (isCancelledOrFinished(order)) return false;
  const target = effectiveTargetTime(order);
  return now >= target - SHOP_CONSTANTS.orderJumpBeforeTargetMs && now <= target + SHOP_CONSTANTS.orderJumpAfterTargetMs;
}

/**
 * The state (the spec's "constant") at which a guest waiting on the confirmation page is taken to
 * the order page (requirements#shop-behaviour): the restaurant has accepted the order.
 */
export const CONFIRMATION_TARGET_STATE: OrderState = 'Confirmed';

/** Where the confirmation page sends the guest: the order page once the order has left 'New', home without an order. */
export function confirmationNext(order: Pick<SavedOrder, 'state' | 'storno'> | undefined): 'home' | 'order' | 'stay' {
  if (!order) return 'home';
  // Ready, cancelled or finished orders have passed the target state too: their page says what happened.
  return order.state === CONFIRMATION_TARGET_STATE || order.state === 'Ready' || isCancelledOrFinished(order) ? 'order' : 'stay';
}

/** At most this many of a device's orders are followed live on one event stream (the server's limit too). */
export const LIVE_ORDERS_MAX = 10;

/**
 * The orders a device follows live (their access tokens open their event channels): unpaid ones
 * (the payment step hears of a rejection) and placed ones until handed over or ended; newest first.
 */
export function ordersToFollow(list: readonly SavedOrder[]): { uniqueOrderId: string; accessToken: string }[] {
  return [...list]
    .filter((o) => typeof o.accessToken === 'string' && o.accessToken.length > 0 && !isCancelledOrFinished(o))
    .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))
    .slice(0, LIVE_ORDERS_MAX)
    .map((o) => ({ uniqueOrderId: o.uniqueOrderId, accessToken: o.accessToken! }));
}

/** Orders the guest's list shows: placed ones and those that ended after placing (not unpaid drafts, not expired). */
export function isListedOrder(order: Pick<SavedOrder, 'state'>): boolean {
  return !UNPAID_ORDER_STATES.includes(order.state) && order.state !== 'Expired';
}

// ---------------------------------------------------------------------------------------------
// Order status page (requirements#checkout-screens)

/** The online payment providers (a direct-pay order waits for their authorization). */
export const ONLINE_PAYMENT_METHODS: readonly PaymentMethodId[] = ['paypal', 'credit', 'wallet', 'customerCard'];

export type OrderSituation = 'awaitingAuthorization' | 'rejected' | 'cancelled' | 'expired' | 'takeaway' | 'delivery' | 'table' | 'selfservice';

/** Which content the order status page shows (requirements#checkout-screens "Content by situation"). */
export function orderSituation(order: SavedOrder): OrderSituation {
  if (order.state === 'Rejected') return 'rejected';
  if (order.state === 'Expired') return 'expired';
  if (order.storno === true || order.state === 'Cancelled') return 'cancelled';
  if (isAwaitingAuthorization(order)) return 'awaitingAuthorization';
  if (order.usecase === 'selfservice' || order.selfServiceEnabled === true) return 'selfservice';
  if (order.usecase === 'tableordering' || order.usecase === 'inhouseMobilePayment') return 'table';
  if (order.usecase === 'delivery') return 'delivery';
  return 'takeaway';
}

/**
 * A direct-pay order with a payment provider whose authorization is not complete: the page
 * redirects to Home (requirements#checkout-screens). Online orders get their psp only when authorized, so a
 * direct-pay order without a psp is awaiting too.
 */
export function isAwaitingAuthorization(order: Pick<SavedOrder, 'directPay' | 'psp' | 'authCompleted' | 'state'>): boolean {
  if (UNPAID_ORDER_STATES.includes(order.state)) return true;
  if (!order.directPay || order.authCompleted) return false;
  return order.psp === undefined || ONLINE_PAYMENT_METHODS.includes(order.psp);
}

/** The payment method of an order: its psp, else what the usecase implies for an order without online payment. */
export function orderPaymentMethod(order: Pick<SavedOrder, 'psp' | 'usecase' | 'onlinePay'>): PaymentMethodId | undefined {
  if (order.psp) return order.psp;
  if (order.onlinePay) return undefined;
  if (order.usecase === 'takeaway') return 'beiAbholung';
  if (order.usecase === 'delivery') return 'beiLieferung';
  if (order.usecase === 'tableordering') return 'waiter';
  return undefined;
}

export function orderProductLines(order: Pick<SavedOrder, 'orderData'>): ProductLine[] {
  return order.orderData.filter((l): l is ProductLine & { kind: 'product' } => l.kind === 'product');
}

/** Food is expected when a food line is ordered; drinks when a drink line is. */
export function expectedReadiness(order: Pick<SavedOrder, 'orderData'>): { food: boolean; drinks: boolean } {
  const lines = orderProductLines(order);
  return { food: lines.some((l) => l.type === 'food'), drinks: lines.some((l) => l.type === 'drink') };
}

/** True when every expected part (food, drinks) is ready. */
export function isOrderReady(order: Pick<SavedOrder, 'orderData' | 'abholbereit' | 'getraenkeAbholbereit'>): boolean {
  const expected = expectedReadiness(order);
  return (!expected.food || order.abholbereit) && (!expected.drinks || order.getraenkeAbholbereit);
}

/**
 * The status page refreshes (every 15 s) until food and drinks are each ready, or when neither
 * is expected (requirements#checkout-behaviour); a cancelled or finished order is not refreshed either.
 */
export function needsStatusRefresh(order: SavedOrder): boolean {
  if (isCancelledOrFinished(order)) return false;
  return !isOrderReady(order);
}

/** Which ready flags turned true between two versions of an order (ready dialogs, requirements#checkout-behaviour). */
export function readyTransitions(
  before: Pick<SavedOrder, 'abholbereit' | 'getraenkeAbholbereit'> | undefined,
  after: Pick<SavedOrder, 'abholbereit' | 'getraenkeAbholbereit'>,
): { food: boolean; drinks: boolean } {
  return {
    food: after.abholbereit && before?.abholbereit !== true,
    drinks: after.getraenkeAbholbereit && before?.getraenkeAbholbereit !== true,
  };
}

/** When the order was collected: collectedAt, else the time of its Collected/PickedUp history entry. */
export function collectedAt(order: Pick<SavedOrder, 'collectedAt' | 'history' | 'state'>): number | undefined {
  if (order.collectedAt !== undefined) return order.collectedAt;
  if (!FINISHED_STATES.includes(order.state)) return undefined;
  const entry = [...order.history].reverse().find((h) => FINISHED_STATES.includes(h.state));
  return entry?.at;
}

/** The reason of a rejection (shown as 'Ablehnungsgrund'), when the state is Rejected. */
export function rejectionReason(order: Pick<SavedOrder, 'state' | 'rejectReason' | 'history'>): string | undefined {
  if (order.state !== 'Rejected') return undefined;
  if (order.rejectReason) return order.rejectReason;
  return [...order.history].reverse().find((h) => h.state === 'Rejected' && h.reason)?.reason;
}

/** The reason the restaurant gave for a cancellation, when the state is Cancelled. */
export function cancellationReason(order: Pick<SavedOrder, 'state' | 'cancelReason' | 'history'>): string | undefined {
  if (order.state !== 'Cancelled') return undefined;
  if (order.cancelReason) return order.cancelReason;
  return [...order.history].reverse().find((h) => h.state === 'Cancelled' && h.reason)?.reason;
}

/**
 * Why an order can no longer be paid or changed, as the guest reads it: rejected or cancelled with
 * the restaurant's reason, or expired unpaid. Undefined for an order that has not ended.
 */
export function closedOrderText(order: Pick<SavedOrder, 'state' | 'rejectReason' | 'cancelReason' | 'history'>): string | undefined {
  if (order.state === 'Rejected') {
    const reason = rejectionReason(order)?.trim();
    return reason ? fill(orderTexts.closedRejected, { reason }) : orderTexts.closedRejectedNoReason;
  }
  if (order.state === 'Cancelled') {
    const reason = cancellationReason(order)?.trim();
    return reason ? fill(orderTexts.closedCancelled, { reason }) : orderTexts.closedCancelledNoReason;
  }
  if (order.state === 'Expired') return orderTexts.closedExpired;
  return undefined;
}

/**
 * What happened to the money of an order that ended without a hand-over: an online payment was
 * released (authorization voided) or refunded, is being given back, or nothing was charged.
 */
export type MoneyOutcome = 'voided' | 'refunded' | 'releasing' | 'notCharged';

export function moneyOutcome(order: Pick<SavedOrder, 'onlinePay' | 'authCompleted' | 'captured' | 'paymentReleased'>): MoneyOutcome {
  if (order.paymentReleased) return order.paymentReleased;
  if (order.onlinePay && (order.authCompleted || order.captured)) return 'releasing';
  return 'notCharged';
}

export type ProgressStep = 'received' | 'accepted' | 'ready' | 'handedOver';

export interface ProgressEntry {
  readonly step: ProgressStep;
  /** When the step was reached; undefined while it is still ahead. */
  readonly at: number | undefined;
  /** For 'ready' when food and drinks are readied separately: which parts are ready. */
  readonly parts?: readonly { readonly part: ReadyPart; readonly at: number | undefined }[];
}

function firstAt(order: Pick<SavedOrder, 'history'>, states: readonly OrderState[]): number | undefined {
  return order.history.find((h) => states.includes(h.state) && h.part === undefined)?.at;
}

/**
 * The guest's progress of a placed order (received → accepted → ready → handed over, with the
 * times), for every mode; food and drinks are listed separately when both were ordered.
 */
export function orderProgress(order: SavedOrder): ProgressEntry[] {
  const expected = expectedReadiness(order);
  const received = firstAt(order, ['New']) ?? order.authCompletedAt ?? order.createdAt;
  const accepted = firstAt(order, ['Confirmed']) ?? order.foodReadyAt ?? order.drinksReadyAt;
  const handedOver = order.collectedAt ?? firstAt(order, FINISHED_STATES);
  const parts: { part: ReadyPart; at: number | undefined }[] = [];
  if (expected.food) parts.push({ part: 'food', at: order.abholbereit ? (order.foodReadyAt ?? firstAt(order, ['Ready'])) : undefined });
  if (expected.drinks) parts.push({ part: 'drinks', at: order.getraenkeAbholbereit ? (order.drinksReadyAt ?? firstAt(order, ['Ready'])) : undefined });
  const readyAt = parts.length > 0 && parts.every((p) => p.at !== undefined) ? Math.max(...parts.map((p) => p.at!)) : firstAt(order, ['Ready']);
  return [
    { step: 'received', at: received },
    { step: 'accepted', at: accepted ?? (handedOver !== undefined ? handedOver : undefined) },
    { step: 'ready', at: readyAt ?? (handedOver !== undefined ? handedOver : undefined), ...(parts.length > 1 ? { parts } : {}) },
    { step: 'handedOver', at: handedOver },
  ];
}

/**
 * Whether an order is served at the table (table ordering, in-house mobile payment, not in
 * self-service mode): the guest is never told to pick it up (docs/requirements.md#honest-words).
 */
export function isServedAtTable(order: Pick<SavedOrder, 'usecase' | 'selfServiceEnabled'>): boolean {
  return (order.usecase === 'tableordering' || order.usecase === 'inhouseMobilePayment') && order.selfServiceEnabled !== true;
}

/** The title of the ready dialog, notification and push message (requirements#checkout-behaviour), served or picked up. */
export function readyTitle(order: Pick<SavedOrder, 'usecase' | 'selfServiceEnabled'>, part: ReadyPart): string {
  if (isServedAtTable(order)) return part === 'food' ? orderTexts.tableFoodReadyDialog : orderTexts.tableDrinksReadyDialog;
  return part === 'food' ? orderTexts.foodReadyDialog : orderTexts.drinksReadyDialog;
}

/** True when every line is a ticket (digital flow: the tickets go to the guest's e-mail). */
export function isTicketOrder(order: Pick<SavedOrder, 'orderData' | 'usecase'>): boolean {
  const lines = orderProductLines(order);
  return order.usecase === 'digital' || (lines.length > 0 && lines.every((l) => l.type === 'ticket' || l.ticket === true));
}

export type CouponDisplay =
  | { readonly kind: 'bundle'; readonly amount: number }
  | { readonly kind: 'amount'; readonly amount: number }
  | { readonly kind: 'percent'; readonly percent: number };

/** A coupon line on the status page: a bundle amount, an amount deduction or a percent discount. */
export function couponDisplay(line: Pick<CouponLine, 'type' | 'amount' | 'discount' | 'fixedprice'>): CouponDisplay {
  if (line.type === 'bundle') return { kind: 'bundle', amount: line.fixedprice ?? 0 };
  if (line.type === 'discount') return { kind: 'percent', percent: line.discount };
  return { kind: 'amount', amount: -Math.abs(line.amount) };
}

/** A size label is shown unless the vol is empty or 'standard' (requirements#entities Size). */
export function visibleVol(vol: string | undefined): string | undefined {
  if (!vol) return undefined;
  return vol.trim().toLowerCase() === 'standard' ? undefined : vol;
}

/**
 * The phone helper of the status page: strips spaces, slashes, dashes and leading zeros and
 * prefixes +49 (requirements#checkout-screens). A number that already has an international prefix (+ or 00) keeps it.
 */
export function telHref(phone: string): string {
  const compact = phone.replace(/[\s/-]/g, '');
  if (compact.startsWith('+')) return `tel:${compact}`;
  // A leading 00 is an international prefix (requirements#shop-validation normalisation: 00 becomes plus).
  if (compact.startsWith('00')) return `tel:+${compact.slice(2)}`;
  return `tel:+49${compact.replace(/^0+/, '')}`;
}

// ---------------------------------------------------------------------------------------------
// Clock of the restaurant (Europe/Berlin), independent of the device's time zone

export interface ShopClockParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  /** 1 (Monday) to 7 (Sunday). */
  readonly weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
let partsFormat: Intl.DateTimeFormat | undefined;

/** Wall-clock parts of an instant in the shop's time zone. */
export function shopClockParts(ms: number): ShopClockParts {
  partsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_CONSTANTS.shopTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const p of partsFormat.formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 1,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' in the shop's time zone ('Vorbestellung für {time} Uhr'). */
export function shopClockTime(ms: number): string {
  const p = shopClockParts(ms);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** 'DD.MM.YYYY' in the shop's time zone. */
export function shopDate(ms: number): string {
  const p = shopClockParts(ms);
  return `${pad(p.day)}.${pad(p.month)}.${p.year}`;
}

/** Whether two instants fall on the same calendar day in the shop's time zone. */
export function isSameShopDay(a: number, b: number): boolean {
  return shopDate(a) === shopDate(b);
}

/** 'Freitag, 13. Juni' in the shop's time zone (German day names, month abbreviations). */
export function weekdayDate(ms: number): string {
  const p = shopClockParts(ms);
  return fill(orderTexts.dateWithWeekday, {
    weekday: orderTexts.weekdays[p.weekday - 1] ?? '',
    day: p.day,
    month: orderTexts.monthsShort[p.month - 1] ?? '',
  });
}

/** '13.06.2025, 12:30 Uhr' in the shop's time zone. */
export function dateTime(ms: number): string {
  return fill(orderTexts.dateTime, { date: shopDate(ms), time: shopClockTime(ms) });
}

/**
 * The {time} of 'Vorbestellung für {time} Uhr': the clock time for a pickup today, otherwise
 * preceded by the day ('Dienstag, 24. Nov., 12:45'), so a guest reading the page never mistakes
 * tomorrow's pickup for today's.
 */
export function preorderTime(target: number, now: number): string {
  return isSameShopDay(target, now) ? shopClockTime(target) : `${weekdayDate(target)}, ${shopClockTime(target)}`;
}

/** One line of a delivery address: 'Firma, Straße 1, 20099 Hamburg' (empty parts left out). */
export function addressLine(address: { company?: string; street?: string; plz?: string; city?: string; etage?: string | undefined }): string {
  const place = [address.plz, address.city].filter(Boolean).join(' ');
  return [address.company, address.street, address.etage, place].filter((part) => part && part.trim() !== '').join(', ');
}
