import { describe, expect, it } from 'vitest';
import type { SavedOrder } from '@shop/shared/contract';
import { testLine, testOrder } from '@shop/shared/testing/orders';
import { boardActions, boardCounts, boardFacts, boardStage, boardTimeText, filterBoard, splitActions } from './board-facts';

const T0 = Date.parse('2026-11-24T19:46:00+01:00');
const line = (type: 'food' | 'drink') => testLine({ name: type, type });
const order = (overrides: Partial<SavedOrder> = {}): SavedOrder =>
  testOrder({ createdAt: T0, userInfo: { name: 'Erika Mustermann', phone: '+4915112345678' }, ...overrides });

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

  it('keeps "Annehmen" apart from "Fertig" (only after accepting) and from the actions that end an order', () => {
    expect(splitActions(boardActions(order()))).toEqual({ accept: ['confirm'], progress: [], end: ['reject'] });
    expect(splitActions(boardActions(order({ state: 'Confirmed' })))).toEqual({ accept: [], progress: ['ready'], end: ['collected', 'cancel'] });
    const both = order({ state: 'Confirmed', orderData: [line('food'), line('drink')] });
    expect(splitActions(boardActions(both))).toEqual({ accept: [], progress: ['readyFood', 'readyDrinks'], end: ['collected', 'cancel'] });
  });
});

describe('the board filter (docs/requirements.md#kitchen-board)', () => {
  it('counts and filters open orders as Neu, In Arbeit and Fertig', () => {
    const open = [
      order({ uniqueOrderId: 'a' }),
      order({ uniqueOrderId: 'b', state: 'Confirmed' }),
      order({ uniqueOrderId: 'c', state: 'Confirmed', abholbereit: true, orderData: [line('food'), line('drink')] }),
      order({ uniqueOrderId: 'd', state: 'Ready' }),
      order({ uniqueOrderId: 'e' }),
    ];
    expect(open.map(boardStage)).toEqual(['new', 'inProgress', 'inProgress', 'ready', 'new']);
    expect(boardCounts(open)).toEqual({ all: 5, new: 2, inProgress: 2, ready: 1 });
    expect(filterBoard(open, 'new').map((o) => o.uniqueOrderId)).toEqual(['a', 'e']);
    expect(filterBoard(open, 'inProgress').map((o) => o.uniqueOrderId)).toEqual(['b', 'c']);
    expect(filterBoard(open, 'ready').map((o) => o.uniqueOrderId)).toEqual(['d']);
    expect(filterBoard(open, 'all')).toHaveLength(5);
    expect(boardCounts([])).toEqual({ all: 0, new: 0, inProgress: 0, ready: 0 });
  });
});
