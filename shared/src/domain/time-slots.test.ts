import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '../contract/appconfig';
import {
  dayLabel,
  findOfferedSlot,
  inhouseOnlineTargetTime,
  isAcceptableTargetTime,
  mobilePaymentTargetTime,
  pickupDays,
  preparationDelayMinutes,
} from './time-slots';
import { restaurantZone } from './wall-clock';

const NONE = { fromHour: -1, fromMinute: 0, tillHour: -1, tillMinute: 0 };
const win = (fh: number, fm: number, th: number, tm: number) => ({ fromHour: fh, fromMinute: fm, tillHour: th, tillMinute: tm });
const closed = { opened: false, a: NONE, b: NONE };
const split = { opened: true, a: win(11, 0, 15, 0), b: win(16, 30, 22, 0) };

/** Monday closed; Tuesday to Saturday lunch (a) and dinner (b); Sunday until midnight. */
const HOURS: OpeningHours = {
  '1': closed,
  '2': split,
  '3': split,
  '4': split,
  '5': split,
  '6': { opened: true, a: win(12, 0, 23, 0), b: NONE },
  '7': { opened: true, a: win(12, 0, 24, 0), b: NONE },
};

/** Berlin wall time -> instant. 2025-06-10 is a Tuesday (summer time, UTC+2). */
const at = (y: number, mo: number, d: number, h: number, mi: number) => restaurantZone.toInstant(y, mo, d, h, mi);
const values = (slots: readonly { value: string }[]) => slots.map((s) => s.value);

describe('pickup days and slots (requirements#checkout-behaviour, requirements#checkout-constants)', () => {
  it('offers 5-minute steps within the next hour, then 15-minute steps, later than now plus the delay', () => {
    const [today, tomorrow] = pickupDays({ now: at(2025, 6, 10, 12, 7), openingHours: HOURS, delayMinutes: 15 });
    expect(today.kind).toBe('today');
    expect(today.date).toBe('2025-06-10');
    expect(today.closed).toBe(false);
    const v = values(today.slots);
    // now 12:07 + 15 min = 12:22: the first slot is 12:25; 5-minute steps up to 13:07 (one hour from now).
    expect(v.slice(0, 10)).toEqual(['12:25', '12:30', '12:35', '12:40', '12:45', '12:50', '12:55', '13:00', '13:05', '13:15']);
    expect(v).not.toContain('13:10');
    expect(v).toContain('14:45');
    expect(v).not.toContain('14:50');
    // Window a ends at 15:00 (included), window b starts at 16:30.
    expect(v).toContain('15:00');
    expect(v).not.toContain('15:15');
    expect(v).not.toContain('16:15');
    expect(v[v.length - 1]).toBe('22:00');
    expect(tomorrow.kind).toBe('tomorrow');
    expect(tomorrow.date).toBe('2025-06-11');
    expect(values(tomorrow.slots)[0]).toBe('11:00');
    expect(values(tomorrow.slots)[1]).toBe('11:15');
  });

  it('gives each slot the value, the display and the utc instant', () => {
    const [today] = pickupDays({ now: at(2025, 6, 10, 12, 7), openingHours: HOURS, delayMinutes: 15 });
    expect(today.slots[0]).toEqual({ value: '12:25', display: 'ca. 12:25 Uhr', utc: Date.UTC(2025, 5, 10, 10, 25) });
    // In winter Berlin is UTC+1.
    const [winter] = pickupDays({ now: at(2025, 1, 14, 12, 0), openingHours: HOURS, delayMinutes: 15 });
    expect(winter.slots[0]).toEqual({ value: '12:20', display: 'ca. 12:20 Uhr', utc: Date.UTC(2025, 0, 14, 11, 20) });
  });

  it('never offers the current hour and minute, even without a delay', () => {
    const [today] = pickupDays({ now: at(2025, 6, 10, 12, 10), openingHours: HOURS, delayMinutes: 0 });
    expect(values(today.slots)[0]).toBe('12:15');
  });

  it('near closing: only what is left before the window ends, then "Heute geschlossen"', () => {
    const [late] = pickupDays({ now: at(2025, 6, 10, 21, 40), openingHours: HOURS, delayMinutes: 15 });
    expect(values(late.slots)).toEqual(['22:00']);
    const [tooLate, tomorrow] = pickupDays({ now: at(2025, 6, 10, 21, 50), openingHours: HOURS, delayMinutes: 15 });
    expect(tooLate.closed).toBe(true);
    expect(tooLate.slots).toEqual([]);
    expect(dayLabel(tooLate)).toBe('Heute geschlossen');
    expect(dayLabel(tomorrow)).toBe('Morgen');
  });

  it('across windows a and b: the end of a in 5-minute steps, then b in 15-minute steps', () => {
    const [today] = pickupDays({ now: at(2025, 6, 10, 14, 20), openingHours: HOURS, delayMinutes: 15 });
    expect(values(today.slots).slice(0, 8)).toEqual(['14:40', '14:45', '14:50', '14:55', '15:00', '16:30', '16:45', '17:00']);
    const [between] = pickupDays({ now: at(2025, 6, 10, 15, 45), openingHours: HOURS, delayMinutes: 15 });
    // 16:30 is within the next hour: 5-minute steps there until 16:45.
    expect(values(between.slots).slice(0, 5)).toEqual(['16:30', '16:35', '16:40', '16:45', '17:00']);
  });

  it('after midnight: today is the new day', () => {
    const [today, tomorrow] = pickupDays({ now: at(2025, 6, 11, 0, 20), openingHours: HOURS, delayMinutes: 15 });
    expect(today.date).toBe('2025-06-11');
    expect(today.weekday).toBe(3);
    expect(values(today.slots)[0]).toBe('11:00');
    expect(tomorrow.date).toBe('2025-06-12');
  });

  it('a window until 24:00 ends at 23:59: the last slot of the day is 23:45, hours 0-23 only', () => {
    const [sunday] = pickupDays({ now: at(2025, 6, 15, 22, 0), openingHours: HOURS, delayMinutes: 15 });
    const v = values(sunday.slots);
    expect(v[v.length - 1]).toBe('23:45');
    expect(v.every((x) => Number(x.slice(0, 2)) <= 23)).toBe(true);
  });

  it('closed days: "Heute geschlossen" on Monday, "Morgen geschlossen" on Sunday', () => {
    const [monday] = pickupDays({ now: at(2025, 6, 9, 12, 0), openingHours: HOURS, delayMinutes: 15 });
    expect(monday.closed).toBe(true);
    expect(dayLabel(monday)).toBe('Heute geschlossen');
    const [sunday, nextMonday] = pickupDays({ now: at(2025, 6, 15, 12, 0), openingHours: HOURS, delayMinutes: 15 });
    expect(sunday.closed).toBe(false);
    expect(nextMonday.closed).toBe(true);
    expect(dayLabel(nextMonday)).toBe('Morgen geschlossen');
  });

  it('a month end rolls over to the next month', () => {
    const [, tomorrow] = pickupDays({ now: at(2025, 6, 30, 12, 0), openingHours: HOURS, delayMinutes: 15 });
    expect(tomorrow.date).toBe('2025-07-01');
  });

  it('the delay: the block delay raised by the largest item delay over the base of 5', () => {
    expect(preparationDelayMinutes(15, [])).toBe(15);
    expect(preparationDelayMinutes(15, [3, 5])).toBe(15);
    expect(preparationDelayMinutes(15, [8, 12])).toBe(22);
    const [slow] = pickupDays({ now: at(2025, 6, 10, 12, 7), openingHours: HOURS, delayMinutes: preparationDelayMinutes(15, [12]) });
    expect(values(slow.slots)[0]).toBe('12:30');
  });

  it('keeps a stored selection only while it is still offered', () => {
    const days = pickupDays({ now: at(2025, 6, 10, 12, 7), openingHours: HOURS, delayMinutes: 15 });
    const chosen = days[0].slots[3]!;
    expect(findOfferedSlot(days, chosen)?.slot).toEqual(chosen);
    const later = pickupDays({ now: at(2025, 6, 10, 12, 40), openingHours: HOURS, delayMinutes: 15 });
    expect(findOfferedSlot(later, chosen)).toBeNull();
    expect(findOfferedSlot(days, null)).toBeNull();
  });
});

describe('the server check of a pickup or delivery time', () => {
  const input = (now: number) => ({ now, openingHours: HOURS, delayMinutes: 15 });

  it('accepts every slot the guest is offered, today and tomorrow', () => {
    const now = at(2025, 6, 10, 12, 7);
    const [today, tomorrow] = pickupDays(input(now));
    for (const slot of [...today.slots, ...tomorrow.slots]) expect(isAcceptableTargetTime(slot.utc, input(now)), slot.value).toBe(true);
  });

  it('accepts a slot offered a little earlier (grace 15 min) but not one that passed longer ago', () => {
    const offered = pickupDays(input(at(2025, 6, 10, 12, 7)))[0].slots[0]!; // 12:25
    expect(isAcceptableTargetTime(offered.utc, input(at(2025, 6, 10, 12, 20)))).toBe(true);
    expect(isAcceptableTargetTime(offered.utc, input(at(2025, 6, 10, 12, 25)))).toBe(false);
    expect(isAcceptableTargetTime(at(2025, 6, 10, 12, 0), input(at(2025, 6, 10, 12, 7)))).toBe(false);
  });

  it('refuses a time outside the opening windows, off the 5-minute grid, on a closed day, or after tomorrow', () => {
    const now = at(2025, 6, 10, 12, 7);
    expect(isAcceptableTargetTime(at(2025, 6, 10, 15, 30), input(now))).toBe(false); // between windows a and b
    expect(isAcceptableTargetTime(at(2025, 6, 10, 16, 30), input(now))).toBe(true);
    expect(isAcceptableTargetTime(at(2025, 6, 10, 22, 5), input(now))).toBe(false);
    expect(isAcceptableTargetTime(at(2025, 6, 10, 13, 2), input(now))).toBe(false);
    expect(isAcceptableTargetTime(at(2025, 6, 10, 13, 0) + 30_000, input(now))).toBe(false);
    expect(isAcceptableTargetTime(at(2025, 6, 12, 12, 0), input(now))).toBe(false); // the day after tomorrow
    // Sunday night: Monday (tomorrow) is closed.
    expect(isAcceptableTargetTime(at(2025, 6, 16, 12, 0), input(at(2025, 6, 15, 20, 0)))).toBe(false);
  });

  it('keeps a slot for tomorrow picked just before midnight acceptable just after it', () => {
    // Picked on Saturday 23:50 for Sunday noon ("Morgen"), sent at 00:02 when Sunday is today.
    const sundayNoon = at(2025, 6, 15, 12, 0);
    expect(isAcceptableTargetTime(sundayNoon, input(at(2025, 6, 14, 23, 50)))).toBe(true);
    expect(isAcceptableTargetTime(sundayNoon, input(at(2025, 6, 15, 0, 2)))).toBe(true);
  });
});

describe('in-house target times (requirements#checkout-constants)', () => {
  it('in-house online: now + 120000 ms; mobile payment and digital: now + 5 minutes', () => {
    const now = at(2025, 6, 10, 19, 3);
    expect(inhouseOnlineTargetTime(now)).toBe(now + 120_000);
    expect(mobilePaymentTargetTime(now)).toBe(now + 300_000);
  });
});
