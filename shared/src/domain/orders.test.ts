import { describe, expect, it } from 'vitest';
import type { SavedOrder } from '../contract/order';
import { testLine, testOrder } from '../testing/orders';
import {
  closedOrderText,
  collectedAt,
  confirmationNext,
  couponDisplay,
  currentOrder,
  effectiveTargetTime,
  expectedReadiness,
  isAwaitingAuthorization,
  isCancelledOrFinished,
  isCurrentOrder,
  isTicketOrder,
  mergeLastOrders,
  mergeOrder,
  needsStatusRefresh,
  orderPaymentMethod,
  orderSituation,
  readyTransitions,
  rejectionReason,
  shopClockParts,
  shopClockTime,
  shopDate,
  isSameShopDay,
  addressLine,
  shouldJumpToOrder,
  telHref,
  visibleVol,
} from './orders';
import * as orderFns from './orders';

const MIN = 60_000;
const T0 = Date.UTC(2025, 5, 13, 10, 0); // Friday 13 June 2025, 12:00 in Berlin (CEST)

const line = (type: 'food' | 'drink' | 'ticket', id = `${type}-1`) => testLine({ name: id, type });
const order = (overrides: Partial<SavedOrder> = {}): SavedOrder => testOrder({ createdAt: T0, orderData: [line('food')], ...overrides });

describe('merging last orders (requirements#shop-behaviour)', () => {
  it('merges by uniqueOrderId, the update winning', () => {
    const list = [order({ uniqueOrderId: 'a', state: 'New' }), order({ uniqueOrderId: 'b', createdAt: T0 + 1 })];
    const merged = mergeLastOrders(list, [order({ uniqueOrderId: 'a', state: 'Confirmed' })]);
    expect(merged).toHaveLength(2);
    expect(merged.find((o) => o.uniqueOrderId === 'a')?.state).toBe('Confirmed');
  });

  it('never clears a sticky flag once set locally', () => {
    const local = order({
      abholbereit: true,
      getraenkeAbholbereit: true,
      paid: true,
      storno: true,
      kasseFertig: true,
      charged: true,
      captured: true,
      authCompleted: true,
      sentToPos: true,
    });
    const stale = order({ state: 'Confirmed' });
    const merged = mergeOrder(local, stale);
    for (const flag of ['kasseFertig', 'abholbereit', 'getraenkeAbholbereit', 'storno', 'paid', 'charged', 'captured', 'authCompleted', 'sentToPos'] as const) {
      expect(merged[flag], flag).toBe(true);
    }
    expect(merged.state).toBe('Confirmed');
  });

  it('lets an update set a flag that was not set', () => {
    expect(mergeOrder(order(), order({ abholbereit: true })).abholbereit).toBe(true);
  });

  it('does not make sticky a flag that is not in the list', () => {
    expect(mergeOrder(order({ allReady: true }), order({ allReady: false })).allReady).toBe(false);
  });

  it('keeps the newest first and at most the given number', () => {
    const list = [1, 2, 3, 4].map((n) => order({ uniqueOrderId: `o${n}`, createdAt: T0 + n }));
    expect(mergeLastOrders(list, [], 3).map((o) => o.uniqueOrderId)).toEqual(['o4', 'o3', 'o2']);
    expect(mergeLastOrders([], [order({ uniqueOrderId: 'x', createdAt: T0 - 5 }), order({ uniqueOrderId: 'y' })]).map((o) => o.uniqueOrderId)).toEqual([
      'y',
      'x',
    ]);
  });

  it('collapses duplicates already in the stored list', () => {
    const merged = mergeLastOrders([order({ uniqueOrderId: 'd', paid: true }), order({ uniqueOrderId: 'd' })], []);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.paid).toBe(true);
  });
});

describe('cancelled, finished and current orders (requirements#shop-behaviour)', () => {
  it('is cancelled or finished with storno or a terminal state', () => {
    expect(isCancelledOrFinished(order())).toBe(false);
    expect(isCancelledOrFinished(order({ state: 'Confirmed' }))).toBe(false);
    expect(isCancelledOrFinished(order({ storno: true }))).toBe(true);
    expect(isCancelledOrFinished(order({ state: 'Cancelled' }))).toBe(true);
    expect(isCancelledOrFinished(order({ state: 'Collected' }))).toBe(true);
  });

  it('defaults a missing target time to 14 minutes after creation', () => {
    expect(effectiveTargetTime(order({ targetTime: undefined }))).toBe(T0 + 14 * MIN);
    expect(effectiveTargetTime(order({ targetTime: T0 + 60 * MIN }))).toBe(T0 + 60 * MIN);
  });

  it('is current from 20 minutes before to 5 minutes after the target time', () => {
    const o = order({ targetTime: T0 + 60 * MIN });
    expect(isCurrentOrder(o, T0 + 39 * MIN)).toBe(false);
    expect(isCurrentOrder(o, T0 + 40 * MIN)).toBe(true);
    expect(isCurrentOrder(o, T0 + 65 * MIN)).toBe(true);
    expect(isCurrentOrder(o, T0 + 65 * MIN + 1)).toBe(false);
  });

  it('is current only for takeaway and self-service orders', () => {
    const at = T0 + 14 * MIN;
    expect(isCurrentOrder(order({ usecase: 'takeaway' }), at)).toBe(true);
    expect(isCurrentOrder(order({ usecase: 'selfservice' }), at)).toBe(true);
    expect(isCurrentOrder(order({ usecase: 'delivery' }), at)).toBe(false);
    expect(isCurrentOrder(order({ usecase: 'tableordering' }), at)).toBe(false);
  });

  it('picks the newest current order that is still open', () => {
    const list = mergeLastOrders([], [order({ uniqueOrderId: 'old', createdAt: T0 - MIN }), order({ uniqueOrderId: 'new', storno: true })]);
    expect(currentOrder(list, T0 + 10 * MIN)?.uniqueOrderId).toBe('old');
  });

  it('jumps to the order page from 1 hour before to 10 minutes after the target', () => {
    const o = order({ targetTime: T0 + 120 * MIN });
    expect(shouldJumpToOrder(o, T0 + 59 * MIN)).toBe(false);
    expect(shouldJumpToOrder(o, T0 + 60 * MIN)).toBe(true);
    expect(shouldJumpToOrder(o, T0 + 130 * MIN)).toBe(true);
    expect(shouldJumpToOrder(o, T0 + 131 * MIN)).toBe(false);
    expect(shouldJumpToOrder({ ...o, state: 'Collected' }, T0 + 120 * MIN)).toBe(false);
  });
});

describe('confirmation page (requirements#shop-behaviour)', () => {
  it('goes home without an order, to the order page once the order is confirmed (or further)', () => {
    expect(confirmationNext(undefined)).toBe('home');
    expect(confirmationNext(order())).toBe('stay');
    expect(confirmationNext(order({ state: 'Confirmed' }))).toBe('order');
    expect(confirmationNext(order({ state: 'Rejected' }))).toBe('order');
    expect(confirmationNext(order({ storno: true }))).toBe('order');
  });
});

describe('order status page (requirements#checkout-screens, requirements#checkout-behaviour)', () => {
  it('tells the situations apart', () => {
    expect(orderSituation(order())).toBe('takeaway');
    expect(orderSituation(order({ usecase: 'digital' }))).toBe('takeaway');
    expect(orderSituation(order({ usecase: 'delivery' }))).toBe('delivery');
    expect(orderSituation(order({ usecase: 'tableordering', table: '12' }))).toBe('table');
    expect(orderSituation(order({ usecase: 'inhouseMobilePayment' }))).toBe('table');
    expect(orderSituation(order({ usecase: 'selfservice' }))).toBe('selfservice');
    expect(orderSituation(order({ storno: true }))).toBe('cancelled');
    expect(orderSituation(order({ state: 'Cancelled' }))).toBe('cancelled');
    expect(orderSituation(order({ directPay: true, onlinePay: true, psp: 'credit', authCompleted: false }))).toBe('awaitingAuthorization');
  });

  it('waits for authorization only for direct-pay orders with a payment provider', () => {
    expect(isAwaitingAuthorization(order({ directPay: true, psp: 'paypal', authCompleted: false }))).toBe(true);
    expect(isAwaitingAuthorization(order({ directPay: true, psp: 'paypal', authCompleted: true }))).toBe(false);
    expect(isAwaitingAuthorization(order({ directPay: true, psp: 'beiAbholung' }))).toBe(false);
    expect(isAwaitingAuthorization(order({ directPay: false, psp: 'credit' }))).toBe(false);
    // Online orders get their psp only at authorization.
    expect(isAwaitingAuthorization(order({ directPay: true, authCompleted: false }))).toBe(true);
  });

  it('names the payment method, also for orders without psp', () => {
    expect(orderPaymentMethod(order({ psp: 'paypal' }))).toBe('paypal');
    expect(orderPaymentMethod(order({ psp: undefined }))).toBe('beiAbholung');
    expect(orderPaymentMethod(order({ psp: undefined, usecase: 'delivery' }))).toBe('beiLieferung');
    expect(orderPaymentMethod(order({ psp: undefined, usecase: 'tableordering' }))).toBe('waiter');
  });

  it('refreshes until food and drinks are each ready', () => {
    const both = order({ orderData: [line('food'), line('drink')] });
    expect(expectedReadiness(both)).toEqual({ food: true, drinks: true });
    expect(needsStatusRefresh(both)).toBe(true);
    expect(needsStatusRefresh({ ...both, abholbereit: true })).toBe(true);
    expect(needsStatusRefresh({ ...both, getraenkeAbholbereit: true })).toBe(true);
    expect(needsStatusRefresh({ ...both, abholbereit: true, getraenkeAbholbereit: true })).toBe(false);
  });

  it('does not wait for drinks when none were ordered, nor for anything when neither is expected', () => {
    expect(needsStatusRefresh(order({ abholbereit: true }))).toBe(false);
    expect(needsStatusRefresh(order({ orderData: [line('ticket')] }))).toBe(false);
  });

  it('stops refreshing a cancelled or collected order', () => {
    expect(needsStatusRefresh(order({ storno: true }))).toBe(false);
    expect(needsStatusRefresh(order({ state: 'Collected' }))).toBe(false);
  });

  it('reports the ready flags that just turned true', () => {
    expect(readyTransitions(order(), order({ abholbereit: true }))).toEqual({ food: true, drinks: false });
    expect(readyTransitions(order({ abholbereit: true }), order({ abholbereit: true, getraenkeAbholbereit: true }))).toEqual({ food: false, drinks: true });
    expect(readyTransitions(order({ abholbereit: true }), order({ abholbereit: true }))).toEqual({ food: false, drinks: false });
    expect(readyTransitions(undefined, order({ abholbereit: true }))).toEqual({ food: true, drinks: false });
  });

  it('finds the pickup time and the rejection reason', () => {
    expect(collectedAt(order({ collectedAt: T0 + 5 }))).toBe(T0 + 5);
    expect(
      collectedAt(
        order({
          state: 'Collected',
          history: [
            { state: 'New', at: T0 },
            { state: 'Collected', at: T0 + 9 },
          ],
        }),
      ),
    ).toBe(T0 + 9);
    expect(collectedAt(order({ state: 'Confirmed' }))).toBeUndefined();
    expect(rejectionReason(order({ state: 'Rejected', history: [{ state: 'Rejected', at: T0, reason: 'Küche geschlossen' }] }))).toBe('Küche geschlossen');
    expect(rejectionReason(order({ state: 'Rejected', rejectReason: 'Ausverkauft' }))).toBe('Ausverkauft');
    expect(rejectionReason(order({ state: 'Confirmed', rejectReason: 'x' }))).toBeUndefined();
  });

  it('says why an order closed, and without a reason never shows an empty placeholder', () => {
    expect(closedOrderText(order({ state: 'Rejected', rejectReason: 'Ausverkauft' }))).toBe('Die Bestellung wurde vom Restaurant abgelehnt: Ausverkauft');
    expect(closedOrderText(order({ state: 'Rejected' }))).toBe('Die Bestellung wurde vom Restaurant abgelehnt.');
    expect(closedOrderText(order({ state: 'Cancelled', cancelReason: '  ' }))).toBe('Die Bestellung wurde storniert.');
    expect(closedOrderText(order({ state: 'Cancelled', cancelReason: 'Zu spät' }))).toBe('Die Bestellung wurde storniert: Zu spät');
    expect(closedOrderText(order({ state: 'Confirmed' }))).toBeUndefined();
  });

  it('recognises ticket orders', () => {
    expect(isTicketOrder(order({ orderData: [line('ticket')] }))).toBe(true);
    expect(isTicketOrder(order({ orderData: [line('ticket'), line('food')] }))).toBe(false);
    expect(isTicketOrder(order({ usecase: 'digital' }))).toBe(true);
  });

  it('shows coupons as a bundle amount, an amount deduction or a percent discount', () => {
    expect(couponDisplay({ type: 'bundle', amount: 0, discount: 0, fixedprice: 1290 })).toEqual({ kind: 'bundle', amount: 1290 });
    expect(couponDisplay({ type: 'amount', amount: 300, discount: 0 })).toEqual({ kind: 'amount', amount: -300 });
    expect(couponDisplay({ type: 'individual', amount: 150, discount: 0 })).toEqual({ kind: 'amount', amount: -150 });
    expect(couponDisplay({ type: 'discount', amount: 0, discount: 10 })).toEqual({ kind: 'percent', percent: 10 });
  });

  it('hides the size label when empty or standard', () => {
    expect(visibleVol('Large')).toBe('Large');
    expect(visibleVol('standard')).toBeUndefined();
    expect(visibleVol('')).toBeUndefined();
  });

  it('builds a tel link: strips spaces, slashes, dashes and leading zeros, prefixes +49', () => {
    expect(telHref('040 / 123-456 78')).toBe('tel:+494012345678');
    expect(telHref('0151-1234 567')).toBe('tel:+491511234567');
    expect(telHref('0049 40 1234')).toBe('tel:+49401234');
    expect(telHref('+49 40 1234')).toBe('tel:+49401234');
  });
});

describe('addressLine', () => {
  it('joins the parts that are there', () => {
    expect(addressLine({ company: '', street: 'Grindelallee 12', plz: '20146', city: 'Hamburg', etage: '3. OG' })).toBe(
      'Grindelallee 12, 3. OG, 20146 Hamburg',
    );
    expect(addressLine({ company: 'Muster GmbH', street: 'Lange Reihe 1', plz: '20099', city: 'Hamburg' })).toBe('Muster GmbH, Lange Reihe 1, 20099 Hamburg');
  });
});

describe('shop clock (Europe/Berlin)', () => {
  it('shows the target time in Berlin, whatever the device zone', () => {
    expect(shopClockTime(T0)).toBe('12:00');
    expect(shopClockTime(Date.UTC(2025, 0, 10, 17, 5))).toBe('18:05'); // CET
    expect(shopDate(Date.UTC(2025, 11, 31, 23, 30))).toBe('01.01.2026');
  });

  it('follows the summer time change', () => {
    expect(shopClockTime(Date.UTC(2025, 2, 30, 0, 59))).toBe('01:59');
    expect(shopClockTime(Date.UTC(2025, 2, 30, 1, 0))).toBe('03:00');
  });

  it('compares calendar days in Berlin, not in UTC', () => {
    expect(isSameShopDay(T0, T0 + 9 * 3_600_000)).toBe(true); // 21:00 the same day
    expect(isSameShopDay(T0, Date.UTC(2025, 5, 13, 22, 30))).toBe(false); // 00:30 the next day in Berlin
    expect(isSameShopDay(Date.UTC(2025, 5, 13, 22, 30), Date.UTC(2025, 5, 14, 9, 0))).toBe(true);
  });

  it('numbers weekdays from Monday 1 to Sunday 7', () => {
    expect(shopClockParts(T0).weekday).toBe(5);
    expect(shopClockParts(Date.UTC(2025, 5, 15, 10)).weekday).toBe(7);
    expect(shopClockParts(Date.UTC(2025, 5, 16, 10)).weekday).toBe(1);
  });
});

describe('orders that ended, and the progress of placed ones', () => {
  const { orderProgress, moneyOutcome, isListedOrder, cancellationReason } = orderFns;

  it('shows rejected, cancelled and expired orders as such, before anything else', () => {
    expect(orderSituation(order({ state: 'Rejected', rejectReason: 'Ausverkauft' }))).toBe('rejected');
    expect(orderSituation(order({ state: 'Cancelled' }))).toBe('cancelled');
    expect(orderSituation(order({ state: 'Expired', onlinePay: true, directPay: true }))).toBe('expired');
    // A rejected order that was never paid is not "awaiting authorization": its page says why.
    expect(orderSituation(order({ state: 'Rejected', onlinePay: true, directPay: true }))).toBe('rejected');
    expect(orderSituation(order({ state: 'Draft', onlinePay: true, directPay: true }))).toBe('awaitingAuthorization');
    expect(cancellationReason(order({ state: 'Cancelled', cancelReason: 'Ofen defekt' }))).toBe('Ofen defekt');
    expect(cancellationReason(order({ state: 'Cancelled', history: [{ state: 'Cancelled', at: T0, reason: 'Aus der Historie' }] }))).toBe('Aus der Historie');
    expect(cancellationReason(order({ state: 'Rejected', cancelReason: 'x' }))).toBeUndefined();
  });

  it('says what happened to the money', () => {
    expect(moneyOutcome(order())).toBe('notCharged');
    expect(moneyOutcome(order({ onlinePay: true }))).toBe('notCharged');
    expect(moneyOutcome(order({ onlinePay: true, authCompleted: true }))).toBe('releasing');
    expect(moneyOutcome(order({ onlinePay: true, authCompleted: true, paymentReleased: 'voided' }))).toBe('voided');
    expect(moneyOutcome(order({ onlinePay: true, captured: true, paymentReleased: 'refunded' }))).toBe('refunded');
  });

  it('lists placed and ended orders, not unpaid drafts or expired ones', () => {
    expect(['New', 'Confirmed', 'Ready', 'Collected', 'Rejected', 'Cancelled'].every((state) => isListedOrder({ state: state as SavedOrder['state'] }))).toBe(
      true,
    );
    expect(['Draft', 'AwaitingPayment', 'Expired'].some((state) => isListedOrder({ state: state as SavedOrder['state'] }))).toBe(false);
  });

  it('builds the progress received → accepted → ready → handed over with the times, food and drinks apart', () => {
    const placed = order({ history: [{ state: 'New', at: T0 }] });
    expect(orderProgress(placed).map((p) => [p.step, p.at])).toEqual([
      ['received', T0],
      ['accepted', undefined],
      ['ready', undefined],
      ['handedOver', undefined],
    ]);
    const both = order({
      orderData: [line('food'), line('drink')],
      state: 'Confirmed',
      abholbereit: true,
      foodReadyAt: T0 + 9 * MIN,
      history: [
        { state: 'New', at: T0 },
        { state: 'Confirmed', at: T0 + MIN },
        { state: 'Confirmed', at: T0 + 9 * MIN, part: 'food' },
      ],
    });
    const progress = orderProgress(both);
    expect(progress[1]).toEqual({ step: 'accepted', at: T0 + MIN });
    expect(progress[2]).toEqual({
      step: 'ready',
      at: undefined,
      parts: [
        { part: 'food', at: T0 + 9 * MIN },
        { part: 'drinks', at: undefined },
      ],
    });
    const done = orderProgress({ ...both, state: 'Collected', getraenkeAbholbereit: true, drinksReadyAt: T0 + 10 * MIN, collectedAt: T0 + 12 * MIN });
    expect(done[2]!.at).toBe(T0 + 10 * MIN);
    expect(done[3]).toEqual({ step: 'handedOver', at: T0 + 12 * MIN });
  });
});
