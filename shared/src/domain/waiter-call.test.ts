import { describe, expect, it } from 'vitest';
import { SHOP_CONSTANTS } from './shop-constants';
import { repeatsLastCall, waiterCallBlock } from './waiter-call';

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
