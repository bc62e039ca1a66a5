import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartLockStore, lockCart, untilCartUnlocked } from './shop-stores';

const NOW = Date.UTC(2026, 10, 23, 11, 0, 0);

describe('the cart lock after a restore (requirements#shop-behaviour)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    cartLockStore.next(0);
  });
  afterEach(() => vi.useRealTimers());

  it('resolves at once when the cart is not locked', async () => {
    let done = false;
    void untilCartUnlocked().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('holds a tap for 3 s and then lets it through', async () => {
    lockCart();
    let done = false;
    void untilCartUnlocked().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(cartLockStore.getValue()).toBe(0);
  });

  it('ends after 3 s even when the wall clock stands still', async () => {
    lockCart();
    let done = false;
    void untilCartUnlocked().then(() => (done = true));
    // Timers run, the clock does not (a frozen clock, or one set back).
    vi.setSystemTime(NOW);
    await vi.advanceTimersToNextTimerAsync();
    vi.setSystemTime(NOW);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('a second restore extends the lock; the first timer does not end it early', async () => {
    lockCart();
    await vi.advanceTimersByTimeAsync(2_000);
    lockCart();
    let done = false;
    void untilCartUnlocked().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1_500);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(done).toBe(true);
  });
});
