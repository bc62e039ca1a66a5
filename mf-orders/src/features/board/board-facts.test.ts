import { describe, expect, it } from 'vitest';
import { savedOrder, type SavedOrder } from '@shop/shared/contract';
import { boardActions, boardFacts, boardTimeText } from './board-facts';

const T0 = Date.parse('2026-11-24T19:46:00+01:00');
const line = (type: 'food' | 'drink') => ({
  kind: 'product' as const,
  cartItemId: `ci-${type}`,
  id: type,
  type,
  nameToDisplay: type,
  count: 1,
  sizePrice: 500,
  itemTotal: 500,
  delay: 0,
  description: '',
  notes: '',
  vol: '',
  sumOfExtras: 0,
  extras: [],
  extrasToDisplay: '',
  variantsSelected: [],
  stylesSelected: [],
});

function order(overrides: Partial<SavedOrder> = {}): SavedOrder {
  return savedOrder.parse({
    clientId: 'client-00000001',
    onlinePay: false,
    asGuest: true,
    usecase: 'takeaway',
    createdAt: T0,
    orderData: [line('food')],
    paymentInfo: { amount: 500, itemsTotal: 500 },
    userInfo: { name: 'Erika Mustermann', phone: '+4915112345678' },
    uniqueOrderId: 'o-1',
    orderNumber: 1001,
    state: 'New',
    total: 500,
    ...overrides,
  });
}

describe('the board card', () => {
  it('shows a table order with the time it was placed, not as a pre-order', () => {
    expect(boardTimeText(order({ usecase: 'tableordering', table: '12' }), T0 + 60_000)).toBe('bestellt 19:46 Uhr');
    expect(boardTimeText(order({ usecase: 'takeaway', targetTime: T0 + 30 * 60_000 }), T0)).toBe('für 20:16 Uhr');
    expect(boardTimeText(order({ usecase: 'takeaway', targetTime: T0 + 24 * 60 * 60_000 }), T0)).toBe('für Mittwoch, 25. Nov., 19:46 Uhr');
  });

  it('lists tip, delivery address, floor, phone, company invoice, Mehrweg, "Wir sind fertig" and a failed capture', () => {
    const facts = boardFacts(
      order({
        usecase: 'delivery',
        paymentInfo: { amount: 550, itemsTotal: 500, tip: 50 },
        deliveryAddress: { company: '', street: 'Lange Reihe 10', plz: '20099', city: 'Hamburg', etage: '3. OG' },
        invoiceAddress: { company: 'Muster GmbH', street: 'Lange Reihe 10', plz: '20099', city: 'Hamburg' },
        mehrwegOption: true,
        mehrwegOptionCompanyName: 'REBOWL',
        allReady: true,
        captureFailed: true,
        onlinePay: true,
      }),
    ).map((f) => f.text);
    expect(facts).toEqual([
      'Zahlung konnte nicht eingezogen werden – wird automatisch erneut versucht.',
      'Tisch meldet: „Wir sind fertig“',
      'Trinkgeld 0,50\u00a0€',
      'Lange Reihe 10, 20099 Hamburg',
      'Etage 3. OG',
      'Tel. +4915112345678',
      'Firmenrechnung: Muster GmbH',
      'Mehrweg: REBOWL',
    ]);
    expect(boardFacts(order({ mehrwegOption: false })).map((f) => f.text)).toEqual(['Tel. +4915112345678', 'Kein Mehrweg']);
  });

  it('offers the next steps the state machine allows: food and drinks apart when both were ordered', () => {
    expect(boardActions(order())).toEqual(['confirm', 'ready', 'reject']);
    expect(boardActions(order({ state: 'Confirmed' }))).toEqual(['ready', 'collected', 'cancel']);
    const both = order({ state: 'Confirmed', orderData: [line('food'), line('drink')] });
    expect(boardActions(both)).toEqual(['readyFood', 'readyDrinks', 'collected', 'cancel']);
    expect(boardActions({ ...both, abholbereit: true })).toEqual(['readyDrinks', 'collected', 'cancel']);
    expect(boardActions(order({ state: 'Ready' }))).toEqual(['collected', 'cancel']);
    expect(boardActions(order({ state: 'Collected' }))).toEqual([]);
    expect(boardActions(order({ state: 'Draft' }))).toEqual(['reject']);
  });
});
