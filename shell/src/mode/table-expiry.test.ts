import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on, type OverlayRequest } from '@shop/shared/bus';
import { orderModeStore, tableStore } from '@shop/shared/stores';
import { onTableExpired } from './table-expiry';

const ENTERED = Date.UTC(2026, 10, 23, 11, 0, 0);
/** The spec's number, written out (docs/requirements.md#order-mode): not derived from the constant it pins. */
const TWO_HOURS = 7_200_000;

describe('an expired table (requirements#shop-behaviour: kept 2 h, checked every 4 s)', () => {
  let seen: OverlayRequest[];
  let subscriptions: { unsubscribe(): void }[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(ENTERED);
    tableStore.set({ table: '12' });
    orderModeStore.set('inhouse');
    seen = [];
    subscriptions = [on('shell:overlay').subscribe((o) => seen.push(o)), tableStore.expired$.subscribe(onTableExpired)];
  });
  afterEach(() => {
    subscriptions.forEach((s) => s.unsubscribe());
    vi.useRealTimers();
  });

  it('keeps the table for 2 hours (7200000 ms)', () => {
    vi.setSystemTime(ENTERED + TWO_HOURS);
    expect(tableStore.get()).toEqual({ table: '12' });
    expect(orderModeStore.get()).toBe('inhouse');
    expect(seen).toEqual([]);
  });

  it('then leaves in-house mode and asks to scan the QR code again, once', () => {
    vi.setSystemTime(ENTERED + TWO_HOURS + 1);
    expect(tableStore.get()).toEqual({});
    expect(orderModeStore.get()).toBe('takeaway');
    const infos = () => seen.filter((o) => o.kind === 'info' && o.title === 'Die maximale Zeit am Tisch ist überschritten');
    expect(infos()).toHaveLength(1);
    vi.setSystemTime(ENTERED + TWO_HOURS + 4_000);
    tableStore.get();
    expect(infos()).toHaveLength(1);
  });

  it('a table left on purpose (reset) is not announced', () => {
    tableStore.reset();
    vi.setSystemTime(ENTERED + TWO_HOURS + 1);
    tableStore.get();
    expect(seen).toEqual([]);
  });
});
