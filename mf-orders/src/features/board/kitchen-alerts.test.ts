import { describe, expect, it } from 'vitest';
import type { SavedOrder } from '@shop/shared/contract';
import { testLine, testOrder } from '@shop/shared/testing/orders';
import { allReadyKey, coalescedPattern, nextAlert, pendingAlerts, QUIET, type AlertSchedule, type KitchenAlert } from './kitchen-alerts';

const T0 = Date.parse('2026-11-24T19:46:00+01:00');
const REPEAT = 15_000;
const line = (type: 'food' | 'drink') => testLine({ name: type, type });
const order = (id: string, overrides: Partial<SavedOrder> = {}): SavedOrder =>
  testOrder({ uniqueOrderId: id, createdAt: T0, userInfo: { name: 'Erika Mustermann', phone: '+4915112345678' }, ...overrides });

/** Runs the schedule once a second from `from` to `to` (ms), as the board does; returns when it played what. */
function run(schedule: AlertSchedule, alerts: (at: number) => KitchenAlert[], from: number, to: number, canPlay: (at: number) => boolean = () => true) {
  const played: [number, string][] = [];
  let current = schedule;
  for (let at = from; at <= to; at += 1_000) {
    const step = nextAlert(current, alerts(at), at, canPlay(at), REPEAT);
    if (step.play) played.push([at - from, step.play]);
    current = step.schedule;
  }
  return { played, schedule: current };
}

describe('pendingAlerts (docs/requirements.md#sounds)', () => {
  it('is every New order, every open waiter call of an unmuted table, and every unseen "Wir sind fertig" of an open order', () => {
    const alerts = pendingAlerts(
      {
        orders: [
          order('new-food'),
          order('new-drinks', { orderData: [line('drink')] }),
          order('accepted', { state: 'Confirmed' }),
          order('table-done', { state: 'Confirmed', usecase: 'tableordering', table: '7', allReady: true }),
          order('table-done-seen', { state: 'Confirmed', usecase: 'tableordering', table: '8', allReady: true }),
          order('table-done-collected', { state: 'Collected', usecase: 'tableordering', table: '9', allReady: true }),
        ],
        waiterCalls: [
          { signalId: 'sig-1', table: '4' },
          { signalId: 'sig-2', table: '5' },
        ],
        waiterMutes: [
          { table: '5', until: T0 + 60_000 },
          { table: '4', until: T0 - 1 },
        ],
      },
      new Set([allReadyKey('table-done-seen')]),
      T0,
    );
    expect(alerts).toEqual([
      { key: 'order:new-food', kind: 'order' },
      { key: 'order:new-drinks', kind: 'drinks' },
      { key: 'call:sig-1', kind: 'waiterCall' },
      { key: 'allReady:table-done', kind: 'allReady' },
    ]);
  });
});

describe('nextAlert: the alert schedule (docs/requirements.md#sounds)', () => {
  const newOrder: KitchenAlert = { key: 'order:a', kind: 'order' };

  it('sounds at once, then repeats every interval until acknowledged, then stays quiet', () => {
    const acknowledgedAt = T0 + 50_000;
    const { played, schedule } = run(QUIET, (at) => (at < acknowledgedAt ? [newOrder] : []), T0, T0 + 120_000);
    expect(played).toEqual([
      [0, 'order'],
      [15_000, 'order'],
      [30_000, 'order'],
      [45_000, 'order'],
    ]);
    expect(schedule).toEqual(QUIET);
  });

  it('keeps repeating as long as nobody acknowledges', () => {
    const { played } = run(QUIET, () => [newOrder], T0, T0 + 10 * 60_000);
    expect(played).toHaveLength(41);
    expect(played.every(([, pattern]) => pattern === 'order')).toBe(true);
  });

  it('coalesces several pending alerts into one sound per interval, the most urgent one', () => {
    const alerts: KitchenAlert[] = [
      { key: 'call:1', kind: 'waiterCall' },
      { key: 'order:b', kind: 'drinks' },
      { key: 'allReady:c', kind: 'allReady' },
      { key: 'call:2', kind: 'waiterCall' },
    ];
    const { played } = run(QUIET, () => alerts, T0, T0 + 30_000);
    expect(played).toEqual([
      [0, 'call'],
      [15_000, 'call'],
      [30_000, 'call'],
    ]);
    expect(coalescedPattern([{ key: 'd', kind: 'drinks' }])).toBe('drinks');
    expect(coalescedPattern([{ key: 'd', kind: 'drinks' }, newOrder])).toBe('order');
    expect(coalescedPattern([{ key: 'x', kind: 'allReady' }])).toBe('tableDone');
    expect(coalescedPattern([])).toBeNull();
  });

  it('a new arrival sounds at once even between repeats; acknowledging one of two keeps the other going', () => {
    const second: KitchenAlert = { key: 'call:9', kind: 'waiterCall' };
    const { played } = run(QUIET, (at) => (at < T0 + 5_000 ? [newOrder] : at < T0 + 40_000 ? [newOrder, second] : [second]), T0, T0 + 60_000);
    expect(played).toEqual([
      [0, 'order'],
      [5_000, 'order'],
      [20_000, 'order'],
      [35_000, 'order'],
      [50_000, 'call'],
    ]);
  });

  it('with sound blocked plays nothing and marks nothing played: enabling sound starts the pending alert at once', () => {
    const enabledAt = T0 + 42_000;
    const { played } = run(
      QUIET,
      () => [newOrder],
      T0,
      T0 + 60_000,
      (at) => at >= enabledAt,
    );
    expect(played).toEqual([
      [42_000, 'order'],
      [57_000, 'order'],
    ]);
  });
});
