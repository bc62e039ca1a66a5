import { describe, expect, it } from 'vitest';
import { orderState, type OrderState, type SavedOrder } from '../contract/order';
import { testLine, testOrder } from '../testing/orders';
import {
  earnsStamps,
  isOpenForKitchen,
  isOverdueUnpaid,
  isUnacceptedTooLong,
  unpaidDeadline,
  ORDER_TRANSITIONS,
  transition,
  type LifecycleEvent,
  type LifecycleEventType,
} from './order-lifecycle';

const T0 = Date.UTC(2026, 10, 25, 11, 0);
const LATER = T0 + 60_000;

const line = (type: 'food' | 'drink', id = `${type}-1`) => testLine({ name: id, type, price: 850 });
const order = (overrides: Partial<SavedOrder> = {}): SavedOrder =>
  testOrder({ createdAt: T0, orderData: [line('food')], history: [{ state: 'New', at: T0 }], ...overrides });

const EVENTS: Record<LifecycleEventType, LifecycleEvent> = {
  edit: { type: 'edit' },
  paymentStarted: { type: 'paymentStarted' },
  paymentFailed: { type: 'paymentFailed' },
  authorized: { type: 'authorized' },
  accept: { type: 'accept' },
  ready: { type: 'ready' },
  handOver: { type: 'handOver' },
  reject: { type: 'reject', reason: 'Zutat ausverkauft' },
  cancel: { type: 'cancel', reason: 'Küche schließt früher' },
  expire: { type: 'expire' },
};

/** The expected table, written out: every state × every event. '✗' is refused. */
const EXPECTED: Record<OrderState, Record<LifecycleEventType, OrderState | '✗'>> = {
  Draft: {
    edit: 'Draft',
    paymentStarted: 'AwaitingPayment',
    paymentFailed: 'Draft',
    authorized: 'New',
    accept: '✗',
    ready: '✗',
    handOver: '✗',
    reject: 'Rejected',
    cancel: 'Cancelled',
    expire: 'Expired',
  },
  AwaitingPayment: {
    edit: 'Draft',
    paymentStarted: 'AwaitingPayment',
    paymentFailed: 'Draft',
    authorized: 'New',
    accept: '✗',
    ready: '✗',
    handOver: '✗',
    reject: 'Rejected',
    cancel: 'Cancelled',
    expire: 'Expired',
  },
  New: {
    edit: '✗',
    paymentStarted: '✗',
    paymentFailed: '✗',
    authorized: 'New',
    accept: 'Confirmed',
    ready: 'Ready',
    handOver: 'Collected',
    reject: 'Rejected',
    cancel: 'Cancelled',
    expire: '✗',
  },
  Confirmed: {
    edit: '✗',
    paymentStarted: '✗',
    paymentFailed: '✗',
    authorized: 'Confirmed',
    accept: 'Confirmed',
    ready: 'Ready',
    handOver: 'Collected',
    reject: '✗',
    cancel: 'Cancelled',
    expire: '✗',
  },
  Ready: {
    edit: '✗',
    paymentStarted: '✗',
    paymentFailed: '✗',
    authorized: 'Ready',
    accept: 'Ready',
    ready: 'Ready',
    handOver: 'Collected',
    reject: '✗',
    cancel: 'Cancelled',
    expire: '✗',
  },
  Collected: {
    edit: '✗',
    paymentStarted: '✗',
    paymentFailed: '✗',
    authorized: '✗',
    accept: '✗',
    ready: '✗',
    handOver: 'Collected',
    reject: '✗',
    cancel: '✗',
    expire: '✗',
  },
  PickedUp: {
    edit: '✗',
    paymentStarted: '✗',
    paymentFailed: '✗',
    authorized: '✗',
    accept: '✗',
    ready: '✗',
    handOver: 'PickedUp',
    reject: '✗',
    cancel: '✗',
    expire: '✗',
  },
  Rejected: {
    edit: '✗',
    paymentStarted: '✗',
    paymentFailed: '✗',
    authorized: '✗',
    accept: '✗',
    ready: '✗',
    handOver: '✗',
    reject: 'Rejected',
    cancel: '✗',
    expire: '✗',
  },
  Cancelled: {
    edit: '✗',
    paymentStarted: '✗',
    paymentFailed: '✗',
    authorized: '✗',
    accept: '✗',
    ready: '✗',
    handOver: '✗',
    reject: '✗',
    cancel: 'Cancelled',
    expire: '✗',
  },
  Expired: {
    edit: '✗',
    paymentStarted: '✗',
    paymentFailed: '✗',
    authorized: '✗',
    accept: '✗',
    ready: '✗',
    handOver: '✗',
    reject: '✗',
    cancel: '✗',
    expire: 'Expired',
  },
};

const cases = orderState.options.flatMap((state) =>
  (Object.keys(EVENTS) as LifecycleEventType[]).map((event) => [state, event, EXPECTED[state][event]] as const),
);

describe('the order state machine: every state × every event', () => {
  it('the table in the code is the table written here', () => {
    for (const state of orderState.options) {
      for (const event of Object.keys(EVENTS) as LifecycleEventType[]) {
        const expected = EXPECTED[state][event];
        expect(ORDER_TRANSITIONS[state][event] ?? '✗', `${state} --${event}-->`).toBe(expected);
      }
    }
  });

  it.each(cases)('%s --%s--> %s', (state, event, expected) => {
    const from = order({ state, history: [{ state, at: T0 }] });
    const result = transition(from, EVENTS[event], LATER);
    if (expected === '✗') {
      expect(result.ok).toBe(false);
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.state).toBe(expected);
    // A repeated event where the order already is changes nothing.
    expect(result.changed).toBe(expected !== state || (event === 'ready' && !from.abholbereit));
    if (result.changed) expect(result.order.history.at(-1)?.at).toBe(LATER);
  });
});

describe('effects of the transitions', () => {
  const authorized = { onlinePay: true, authCompleted: true, psp: 'credit' as const };

  it('accepting an authorized order captures it; accepting a pay-on-site order captures nothing', () => {
    expect(transition(order(authorized), EVENTS.accept, LATER)).toMatchObject({
      ok: true,
      money: 'capture',
      order: { state: 'Confirmed', sentToPos: true, kasseFertig: true },
    });
    expect(transition(order(), EVENTS.accept, LATER)).toMatchObject({ ok: true, money: null });
    // Ready or handed over straight from New accepts on the way: one capture.
    expect(transition(order(authorized), EVENTS.ready, LATER)).toMatchObject({ money: 'capture', order: { state: 'Ready', abholbereit: true } });
    expect(transition(order(authorized), EVENTS.handOver, LATER)).toMatchObject({ money: 'capture', order: { state: 'Collected', collectedAt: LATER } });
    // Already captured: nothing more to capture.
    expect(transition(order({ ...authorized, captured: true }), EVENTS.accept, LATER)).toMatchObject({ money: null });
  });

  it('an authorization that arrives after acceptance is captured at once', () => {
    expect(transition(order({ ...authorized, state: 'Confirmed' }), EVENTS.authorized, LATER)).toMatchObject({ ok: true, changed: false, money: 'capture' });
    expect(transition(order({ ...authorized, state: 'New' }), EVENTS.authorized, LATER)).toMatchObject({ ok: true, changed: false, money: null });
  });

  it('a late authorization of a rejected, cancelled or expired order is refused and released at once', () => {
    for (const state of ['Rejected', 'Cancelled', 'Expired'] as const) {
      expect(transition(order({ ...authorized, state }), EVENTS.authorized, LATER)).toEqual({ ok: false, state, money: 'release' });
    }
    expect(transition(order({ state: 'Collected' }), EVENTS.authorized, LATER)).toEqual({ ok: false, state: 'Collected', money: null });
  });

  it('the authorization places the order: Draft → New, no longer expiring', () => {
    const placed = transition(order({ state: 'AwaitingPayment', onlinePay: true, expiresAt: T0 + 30 * 60_000 }), EVENTS.authorized, LATER);
    expect(placed).toMatchObject({ ok: true, changed: true, order: { state: 'New' } });
    if (placed.ok) expect(placed.order.expiresAt).toBeUndefined();
  });

  it('reject, cancel and expire give back the money held and the reservations, with the reason', () => {
    const rejected = transition(order(authorized), EVENTS.reject, LATER);
    expect(rejected).toMatchObject({ ok: true, money: 'release', release: true, order: { state: 'Rejected', rejectReason: 'Zutat ausverkauft' } });
    if (rejected.ok) expect(rejected.order.history.at(-1)).toEqual({ state: 'Rejected', at: LATER, reason: 'Zutat ausverkauft' });
    expect(transition(order({ ...authorized, state: 'Confirmed', captured: true }), EVENTS.cancel, LATER)).toMatchObject({
      money: 'release',
      release: true,
      order: { cancelReason: 'Küche schließt früher' },
    });
    expect(transition(order({ state: 'AwaitingPayment', onlinePay: true }), EVENTS.expire, LATER)).toMatchObject({
      money: 'release',
      release: true,
      order: { state: 'Expired' },
    });
    expect(transition(order({ state: 'Draft', onlinePay: true }), EVENTS.expire, LATER)).toMatchObject({ money: null, release: true });
    expect(transition(order(), EVENTS.reject, LATER)).toMatchObject({ money: null, release: true });
    // Already released: nothing more to release.
    expect(transition(order({ ...authorized, paymentReleased: 'voided' }), EVENTS.cancel, LATER)).toMatchObject({ money: null });
  });

  it('editing an order whose payment attempt runs drops that attempt', () => {
    expect(transition(order({ state: 'AwaitingPayment', onlinePay: true }), EVENTS.edit, LATER)).toMatchObject({
      ok: true,
      money: 'release',
      order: { state: 'Draft' },
    });
    expect(transition(order({ state: 'Draft', onlinePay: true }), EVENTS.edit, LATER)).toMatchObject({ ok: true, changed: false, money: null });
  });
});

describe('food and drinks are readied separately', () => {
  const both = () => order({ orderData: [line('food'), line('drink')], state: 'Confirmed' });

  it('one part keeps the order Confirmed, the second makes it Ready', () => {
    const food = transition(both(), { type: 'ready', part: 'food' }, LATER);
    expect(food).toMatchObject({ ok: true, changed: true, order: { state: 'Confirmed', abholbereit: true, getraenkeAbholbereit: false, foodReadyAt: LATER } });
    if (!food.ok) return;
    const drinks = transition(food.order, { type: 'ready', part: 'drinks' }, LATER + 1);
    expect(drinks).toMatchObject({ ok: true, changed: true, order: { state: 'Ready', getraenkeAbholbereit: true, drinksReadyAt: LATER + 1 } });
    if (!drinks.ok) return;
    expect(transition(drinks.order, { type: 'ready', part: 'drinks' }, LATER + 2)).toMatchObject({ ok: true, changed: false });
  });

  it('ready without a part readies every expected part', () => {
    expect(transition(both(), EVENTS.ready, LATER)).toMatchObject({ order: { state: 'Ready', abholbereit: true, getraenkeAbholbereit: true } });
  });

  it('refuses drinks for an order without drinks', () => {
    expect(transition(order({ state: 'Confirmed' }), { type: 'ready', part: 'drinks' }, LATER)).toMatchObject({ ok: false });
  });
});

describe('who sees what', () => {
  it('the kitchen sees open orders until handed over or ended', () => {
    expect(orderState.options.filter((state) => isOpenForKitchen({ state }))).toEqual(['New', 'Confirmed', 'Ready']);
  });

  it('an unpaid order is overdue at its deadline', () => {
    expect(isOverdueUnpaid({ state: 'Draft', expiresAt: LATER }, LATER - 1)).toBe(false);
    expect(isOverdueUnpaid({ state: 'AwaitingPayment', expiresAt: LATER }, LATER)).toBe(true);
    expect(isOverdueUnpaid({ state: 'New', expiresAt: LATER }, LATER + 1)).toBe(false);
  });
});

describe('deadlines (ADR 0026)', () => {
  const HALF_HOUR = 30 * 60_000;
  it('an unpaid order expires its expiry time after it was first saved', () => {
    expect(unpaidDeadline({ usecase: 'takeaway', targetTime: T0 + 3 * HALF_HOUR }, T0, HALF_HOUR)).toBe(T0 + HALF_HOUR);
    expect(unpaidDeadline({ usecase: 'tableordering' }, T0, HALF_HOUR)).toBe(T0 + HALF_HOUR);
  });

  it('a pre-order expires at its slot when that comes sooner: never paid after its time', () => {
    const slot = T0 + 24 * 60_000;
    expect(unpaidDeadline({ usecase: 'takeaway', targetTime: slot }, T0, HALF_HOUR)).toBe(slot);
    expect(unpaidDeadline({ usecase: 'delivery', targetTime: slot }, T0, HALF_HOUR)).toBe(slot);
  });

  it('in-house and digital target times are estimates, not slots: they do not shorten the deadline', () => {
    expect(unpaidDeadline({ usecase: 'tableordering', targetTime: T0 + 120_000 }, T0, HALF_HOUR)).toBe(T0 + HALF_HOUR);
    expect(unpaidDeadline({ usecase: 'digital', targetTime: T0 + 300_000 }, T0, HALF_HOUR)).toBe(T0 + HALF_HOUR);
  });

  it('a placed order left unaccepted is due for cancellation the limit after its time or its placing', () => {
    const placed = order({
      state: 'New',
      history: [
        { state: 'Draft', at: T0 },
        { state: 'New', at: T0 + 60_000 },
      ],
    });
    expect(isUnacceptedTooLong(placed, T0 + 60_000 + HALF_HOUR - 1, HALF_HOUR)).toBe(false);
    expect(isUnacceptedTooLong(placed, T0 + 60_000 + HALF_HOUR, HALF_HOUR)).toBe(true);
    const later = { ...placed, targetTime: T0 + 4 * HALF_HOUR };
    expect(isUnacceptedTooLong(later, T0 + 60_000 + HALF_HOUR, HALF_HOUR)).toBe(false);
    expect(isUnacceptedTooLong(later, T0 + 5 * HALF_HOUR, HALF_HOUR)).toBe(true);
    expect(isUnacceptedTooLong({ ...placed, state: 'Confirmed' }, T0 + 10 * HALF_HOUR, HALF_HOUR)).toBe(false);
  });
});

describe('stamps only for money received', () => {
  const collecting = { collectStempel: true };
  it('an order earns stamps once handed over and, online, captured', () => {
    expect(earnsStamps(order({ ...collecting, state: 'New' }))).toBe(false);
    expect(earnsStamps(order({ ...collecting, state: 'Confirmed' }))).toBe(false);
    expect(earnsStamps(order({ ...collecting, state: 'Collected' }))).toBe(true);
    expect(earnsStamps(order({ ...collecting, state: 'Collected', onlinePay: true, authCompleted: true }))).toBe(false);
    expect(earnsStamps(order({ ...collecting, state: 'Collected', onlinePay: true, authCompleted: true, captured: true }))).toBe(true);
    expect(earnsStamps(order({ state: 'Collected' }))).toBe(false);
    expect(earnsStamps(order({ ...collecting, state: 'Cancelled' }))).toBe(false);
  });
});
