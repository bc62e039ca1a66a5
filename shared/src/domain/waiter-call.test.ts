import { describe, expect, it } from 'vitest';
import { SHOP_CONSTANTS } from './shop-constants';
import { isMuted, repeatsLastCall, tablePagedEnough, WAITER_CALL_LIMITS, waiterCallBlock } from './waiter-call';

describe('waiter call', () => {
  it('needs the feature, in-house mode and a table number', () => {
    expect(waiterCallBlock({ enabled: false, inhouse: true, table: '12' })).toBe('feature-off');
    expect(waiterCallBlock({ enabled: true, inhouse: false, table: '12' })).toBe('not-inhouse');
    expect(waiterCallBlock({ enabled: true, inhouse: true, table: undefined })).toBe('no-table');
    expect(waiterCallBlock({ enabled: true, inhouse: true, table: '  ' })).toBe('no-table');
    expect(waiterCallBlock({ enabled: true, inhouse: true, table: '12' })).toBeNull();
  });

  it('treats a call within a minute of the last one as the same call', () => {
    const now = 1_800_000_000_000;
    expect(SHOP_CONSTANTS.waiterCallRepeatMs).toBe(60_000);
    expect(repeatsLastCall(null, now)).toBe(false);
    expect(repeatsLastCall(now - 59_999, now)).toBe(true);
    expect(repeatsLastCall(now - 60_000, now)).toBe(false);
  });
});

describe('waiter call bounds (requirements#security)', () => {
  it('a table pages at most pagesPerTable times in its window', () => {
    expect(tablePagedEnough(WAITER_CALL_LIMITS.pagesPerTable - 1)).toBe(false);
    expect(tablePagedEnough(WAITER_CALL_LIMITS.pagesPerTable)).toBe(true);
  });

  it('a mute holds until its end', () => {
    expect(isMuted(null, 1000)).toBe(false);
    expect(isMuted(2000, 1999)).toBe(true);
    expect(isMuted(2000, 2000)).toBe(false);
  });
});
