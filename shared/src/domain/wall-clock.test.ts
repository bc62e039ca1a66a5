import { describe, expect, it } from 'vitest';
import { hhmm, isoDate, nextDay, restaurantZone, weekdayOf } from './wall-clock';

describe('restaurant wall clock (Europe/Berlin)', () => {
  it('converts local times to instants across daylight saving', () => {
    expect(restaurantZone.toInstant(2025, 1, 14, 12, 0)).toBe(Date.UTC(2025, 0, 14, 11, 0));
    expect(restaurantZone.toInstant(2025, 6, 14, 12, 0)).toBe(Date.UTC(2025, 5, 14, 10, 0));
    // 30 March 2025: clocks jump from 02:00 to 03:00.
    expect(restaurantZone.toInstant(2025, 3, 30, 3, 30)).toBe(Date.UTC(2025, 2, 30, 1, 30));
    expect(restaurantZone.toInstant(2025, 3, 30, 1, 30)).toBe(Date.UTC(2025, 2, 30, 0, 30));
  });
  it('reads the local wall time and weekday of an instant', () => {
    expect(restaurantZone.toWall(Date.UTC(2025, 5, 10, 22, 30))).toEqual({ year: 2025, month: 6, day: 11, hour: 0, minute: 30, weekday: 3 });
  });
  it('formats and steps calendar days', () => {
    expect(hhmm(9 * 60 + 5)).toBe('09:05');
    expect(isoDate({ year: 2025, month: 3, day: 7 })).toBe('2025-03-07');
    expect(nextDay({ year: 2024, month: 12, day: 31 })).toEqual({ year: 2025, month: 1, day: 1 });
    expect(nextDay({ year: 2024, month: 2, day: 28 })).toEqual({ year: 2024, month: 2, day: 29 });
    expect(weekdayOf({ year: 2025, month: 6, day: 15 })).toBe(7);
  });
});
