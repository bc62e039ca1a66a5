import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '../contract/appconfig';
import type { SavedOrder } from '../contract/order';
import { DEFAULT_TEST_INSTANT, TEST_INSTANTS } from '../testing/instants';
import { isLocalCartFresh, isServerCartFresh } from './cart-lock';
import { CHECKOUT_CONSTANTS } from './checkout-constants';
import { isCurrentOrder, preorderTime, shopClockTime } from './orders';
import { SHOP_CONSTANTS } from './shop-constants';
import { dayLabel, isAcceptableTargetTime, openWindows, pickupDays } from './time-slots';
import { isoDate, nextDay, parseInstant, restaurantZone } from './wall-clock';

/**
 * The rules that depend on "now", checked at each instant of the time matrix (TEST_INSTANTS): after
 * midnight, around opening, before the lunch break, late in the evening, on a Sunday and on the days
 * the clocks change. Expectations are derived from the rules' definitions, not from the hour.
 */
const MINUTE = 60_000;
const instants = Object.entries({ default: DEFAULT_TEST_INSTANT, ...TEST_INSTANTS });

const window = (fromHour: number, fromMinute: number, tillHour: number, tillMinute: number) => ({ fromHour, fromMinute, tillHour, tillMinute });
const none = window(-1, 0, -1, 0);
/** The seed's ordering windows (api/src/seed/opening-hours.ts), with a lunch break on Tue–Thu. */
const hours: OpeningHours = {
  '1': { opened: true, a: window(11, 0, 22, 0), b: none },
  '2': { opened: true, a: window(11, 0, 15, 0), b: window(16, 30, 22, 0) },
  '3': { opened: true, a: window(11, 0, 15, 0), b: window(16, 30, 22, 0) },
  '4': { opened: true, a: window(11, 0, 15, 0), b: window(16, 30, 22, 0) },
  '5': { opened: true, a: window(11, 0, 23, 0), b: none },
  '6': { opened: true, a: window(11, 30, 23, 0), b: none },
  '7': { opened: true, a: window(12, 0, 21, 30), b: none },
};

describe.each(instants)('rules that depend on now, at %s (%s)', (_label, instant) => {
  const now = parseInstant(instant);
  const delay = 20;
  const days = pickupDays({ now, openingHours: hours, delayMinutes: delay });
  const wall = restaurantZone.toWall(now);
  const today = { year: wall.year, month: wall.month, day: wall.day };

  it('offers today and tomorrow, by the restaurant’s calendar', () => {
    expect(days.map((d) => d.kind)).toEqual(['today', 'tomorrow']);
    expect(days[0].date).toBe(isoDate(today));
    expect(days[1].date).toBe(isoDate(nextDay(today)));
    for (const day of days) {
      expect(day.closed).toBe(day.slots.length === 0);
      expect(dayLabel(day)).toBe(`${day.kind === 'today' ? 'Heute' : 'Morgen'}${day.closed ? ' geschlossen' : ''}`);
    }
  });

  it('offers only slots after now plus the delay, inside a window of their day, 5 then 15 minutes apart', () => {
    for (const day of days) {
      for (const slot of day.slots) {
        const at = restaurantZone.toWall(slot.utc);
        const minutes = at.hour * 60 + at.minute;
        expect(isoDate(at)).toBe(day.date);
        expect(slot.utc).toBeGreaterThan(now + delay * MINUTE);
        expect(slot.value).toBe(shopClockTime(slot.utc));
        expect(openWindows(hours[String(at.weekday) as keyof OpeningHours]).some(([from, till]) => minutes >= from && minutes <= till)).toBe(true);
        const step =
          slot.utc <= now + CHECKOUT_CONSTANTS.slotNearWindowMinutes * MINUTE ? CHECKOUT_CONSTANTS.slotStepNearMinutes : CHECKOUT_CONSTANTS.slotStepFarMinutes;
        expect(minutes % step).toBe(0);
      }
      const utcs = day.slots.map((s) => s.utc);
      expect([...utcs].sort((a, b) => a - b)).toEqual(utcs);
    }
  });

  it('the server accepts every offered slot and refuses one inside the delay', () => {
    const offered = days.flatMap((d) => d.slots);
    for (const slot of offered) expect(isAcceptableTargetTime(slot.utc, { now, openingHours: hours, delayMinutes: delay }), slot.value).toBe(true);
    const tooSoon = now + (delay - CHECKOUT_CONSTANTS.slotServerGraceMinutes - 5) * MINUTE;
    expect(isAcceptableTargetTime(tooSoon - (tooSoon % (5 * MINUTE)), { now, openingHours: hours, delayMinutes: delay })).toBe(false);
  });

  it('names the day of a pre-order that is not today', () => {
    for (const slot of days.flatMap((d) => d.slots)) {
      const sameDay = isoDate(restaurantZone.toWall(slot.utc)) === isoDate(today);
      const text = preorderTime(slot.utc, now);
      if (sameDay) expect(text).toBe(slot.value);
      else expect(text).toMatch(new RegExp(`^\\w+, \\d{1,2}\\. \\S+, ${slot.value}$`));
    }
  });

  it('keeps a local cart 12 h and a server cart 4 h, counted from now', () => {
    expect(isLocalCartFresh(now - SHOP_CONSTANTS.localCartWindowMs + MINUTE, now)).toBe(true);
    expect(isLocalCartFresh(now - SHOP_CONSTANTS.localCartWindowMs - MINUTE, now)).toBe(false);
    expect(isServerCartFresh(now - SHOP_CONSTANTS.serverCartMaxAgeMs + MINUTE, now)).toBe(true);
    expect(isServerCartFresh(now - SHOP_CONSTANTS.serverCartMaxAgeMs - MINUTE, now)).toBe(false);
  });

  it('a takeaway order is current from 20 minutes before to 5 minutes after its target time', () => {
    const order = { usecase: 'takeaway', createdAt: now - 30 * MINUTE } as Pick<SavedOrder, 'usecase' | 'createdAt' | 'targetTime'>;
    expect(isCurrentOrder({ ...order, targetTime: now + 19 * MINUTE }, now)).toBe(true);
    expect(isCurrentOrder({ ...order, targetTime: now + 21 * MINUTE }, now)).toBe(false);
    expect(isCurrentOrder({ ...order, targetTime: now - 4 * MINUTE }, now)).toBe(true);
    expect(isCurrentOrder({ ...order, targetTime: now - 6 * MINUTE }, now)).toBe(false);
  });
});
