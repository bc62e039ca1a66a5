import { describe, expect, it } from 'vitest';
import { savedOrder, type SavedOrder } from '../contract/order';
import { applyStaffChange, isOpenForKitchen } from './order-lifecycle';

const T0 = Date.UTC(2026, 10, 25, 11, 0);

function order(overrides: Partial<SavedOrder> = {}): SavedOrder {
  return savedOrder.parse({
    clientId: 'client-00000001',
    onlinePay: false,
    asGuest: true,
    usecase: 'takeaway',
    createdAt: T0,
    orderData: [
      { kind: 'product', cartItemId: 'ci-1', id: 'tacos', type: 'food', nameToDisplay: 'Tacos', count: 1, sizePrice: 850, itemTotal: 850, delay: 0, description: '', notes: '', vol: '', sumOfExtras: 0, extras: [], extrasToDisplay: '', variantsSelected: [], stylesSelected: [] },
    ],
    paymentInfo: { amount: 850, itemsTotal: 850 },
    userInfo: { name: 'Erika Mustermann' },
    uniqueOrderId: 'o-1',
    orderNumber: 1001,
    state: 'New',
    history: [{ state: 'New', at: T0 }],
    total: 850,
    ...overrides,
  });
}

const paidOnline = { onlinePay: true, authCompleted: true, psp: 'credit' as const };

describe('the kitchen changes an order (staff board)', () => {
  it('confirms a new order: it reached the till; an authorized online payment is captured', () => {
    const cash = applyStaffChange(order(), 'confirm', T0 + 60_000);
    expect(cash).toMatchObject({ ok: true, changed: true, payment: null, order: { state: 'Confirmed', sentToPos: true, kasseFertig: true } });
    if (!cash.ok) throw new Error('expected ok');
    expect(cash.order.history.at(-1)).toEqual({ state: 'Confirmed', at: T0 + 60_000 });
    expect(applyStaffChange(order(paidOnline), 'confirm', T0)).toMatchObject({ payment: 'capture' });
    // Confirming again changes nothing and captures nothing.
    expect(applyStaffChange(cash.order, 'confirm', T0 + 120_000)).toMatchObject({ ok: true, changed: false, payment: null });
  });

  it('marks food and drinks ready, confirming a new order on the way (capturing once)', () => {
    const ready = applyStaffChange(order(paidOnline), 'ready', T0);
    expect(ready).toMatchObject({ ok: true, changed: true, payment: 'capture', order: { state: 'Confirmed', abholbereit: true, getraenkeAbholbereit: true } });
    const confirmedFirst = applyStaffChange(order({ ...paidOnline, state: 'Confirmed' }), 'ready', T0);
    expect(confirmedFirst).toMatchObject({ changed: true, payment: null });
    if (!ready.ok) throw new Error('expected ok');
    expect(applyStaffChange(ready.order, 'ready', T0)).toMatchObject({ changed: false });
  });

  it('hands an order over (Collected) and then leaves it alone', () => {
    const done = applyStaffChange(order({ state: 'Confirmed', abholbereit: true }), 'collected', T0 + 5);
    expect(done).toMatchObject({ ok: true, order: { state: 'Collected', collectedAt: T0 + 5 } });
    if (!done.ok) throw new Error('expected ok');
    expect(isOpenForKitchen(done.order)).toBe(false);
    expect(applyStaffChange(done.order, 'collected', T0 + 9)).toMatchObject({ ok: true, changed: false });
    expect(applyStaffChange(done.order, 'ready', T0 + 9)).toEqual({ ok: false, reason: 'finished' });
    expect(applyStaffChange(done.order, 'reject', T0 + 9)).toEqual({ ok: false, reason: 'finished' });
  });

  it('rejects with a reason; an authorized online payment is voided; a rejected order stays rejected', () => {
    const rejected = applyStaffChange(order(paidOnline), 'reject', T0, 'Küche geschlossen');
    expect(rejected).toMatchObject({ ok: true, payment: 'void', order: { state: 'Rejected', rejectReason: 'Küche geschlossen' } });
    expect(applyStaffChange(order(), 'reject', T0)).toMatchObject({ payment: null });
    if (!rejected.ok) throw new Error('expected ok');
    expect(isOpenForKitchen(rejected.order)).toBe(false);
    expect(applyStaffChange(rejected.order, 'confirm', T0)).toEqual({ ok: false, reason: 'finished' });
    expect(applyStaffChange(order({ storno: true }), 'ready', T0)).toEqual({ ok: false, reason: 'finished' });
  });
});
