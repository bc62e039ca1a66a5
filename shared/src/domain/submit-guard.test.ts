import { describe, expect, it } from 'vitest';
import { createPaypalApproveGuard, createSubmitGuard } from './submit-guard';

describe('double-submit guard (requirements#checkout-constants: 2 s, PayPal 3 s)', () => {
  it('lets the first submit through and refuses others within 2 s', () => {
    const guard = createSubmitGuard();
    expect(guard.tryEnter(10_000)).toBe(true);
    expect(guard.tryEnter(10_001)).toBe(false);
    expect(guard.tryEnter(11_999)).toBe(false);
    expect(guard.tryEnter(12_000)).toBe(true);
  });
  it('can be released after a failure', () => {
    const guard = createSubmitGuard();
    expect(guard.tryEnter(0)).toBe(true);
    guard.release();
    expect(guard.tryEnter(1)).toBe(true);
  });
  it('suppresses a double PayPal approve within 3 s', () => {
    const guard = createPaypalApproveGuard();
    expect(guard.tryEnter(0)).toBe(true);
    expect(guard.tryEnter(2_999)).toBe(false);
    expect(guard.tryEnter(3_000)).toBe(true);
  });
});
