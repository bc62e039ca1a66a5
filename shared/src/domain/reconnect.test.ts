import { describe, expect, it } from 'vitest';
import { RECONNECT, reconnectDelayMs } from './reconnect';

describe('reconnectDelayMs (docs/requirements.md#live-updates-heal)', () => {
  it('grows exponentially from the base while below the cap', () => {
    const top = (attempt: number) => reconnectDelayMs(attempt, () => 1);
    expect([0, 1, 2, 3, 4].map(top)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('is capped, however many attempts failed', () => {
    for (const attempt of [5, 6, 10, 100, 10_000, Number.POSITIVE_INFINITY]) {
      expect(reconnectDelayMs(attempt, () => 1)).toBe(RECONNECT.capMs);
    }
  });

  it('jitters within the upper half of the ceiling', () => {
    expect(reconnectDelayMs(0, () => 0)).toBe(500);
    expect(reconnectDelayMs(3, () => 0)).toBe(4_000);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(6_000);
    expect(reconnectDelayMs(20, () => 0)).toBe(RECONNECT.capMs / 2);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const delay = reconnectDelayMs(2);
      expect(delay).toBeGreaterThanOrEqual(2_000);
      expect(delay).toBeLessThanOrEqual(4_000);
      seen.add(delay);
    }
    // Random: clients that dropped together come back spread out.
    expect(seen.size).toBeGreaterThan(20);
  });

  it('treats a negative, fractional or missing attempt as the first', () => {
    expect(reconnectDelayMs(-3, () => 1)).toBe(1_000);
    expect(reconnectDelayMs(Number.NaN, () => 1)).toBe(1_000);
    expect(reconnectDelayMs(1.7, () => 1)).toBe(2_000);
  });

  it('clamps a random source outside [0, 1]', () => {
    expect(reconnectDelayMs(0, () => 7)).toBe(1_000);
    expect(reconnectDelayMs(0, () => -1)).toBe(500);
  });

  it('follows another schedule when given one', () => {
    expect(reconnectDelayMs(2, () => 1, { baseMs: 100, capMs: 250, factor: 3 })).toBe(250);
    expect(reconnectDelayMs(1, () => 1, { baseMs: 100, capMs: 250, factor: 2 })).toBe(200);
  });
});
