/**
 * Pickup and delivery time slots (requirements#time-slots "Pickup and delivery time slots", requirements#checkout-constants).
 *
 * - Day choices are today (Heute) and tomorrow (Morgen) only; a day without a slot is closed
 *   ('Heute geschlossen' / 'Morgen geschlossen') and offers nothing to pick.
 * - Within the next hour every 5-minute slot is offered, later slots in 15-minute steps.
 * - Slots lie inside the day's opening windows a and b (a from-hour of -1 means no window),
 *   start and end included.
 * - Slots are later than now plus the delay, so the current hour and minute are never offered.
 * - The delay is the appconfig block's delayInMinutes (takeAway or delivery), raised by the
 *   largest item delay over the base preparation delay (requirements#menu-visibility).
 *
 * Pure and clock-injected: `now` is passed in; local times are the restaurant's (Europe/Berlin).
 */
import type { OpeningDay, OpeningHours, OpeningWindow } from '../contract/appconfig';
import type { SelectedTime } from '../contract/order';
import { checkout as checkoutTexts } from '../i18n/de/checkout';
import { fill } from '../i18n/fill';
import { CHECKOUT_CONSTANTS } from './checkout-constants';
import { SHOP_CONSTANTS } from './shop-constants';
import { hhmm, isoDate, nextDay, restaurantZone, weekdayOf, type Zone } from './wall-clock';

const MINUTE = 60_000;
const LAST_MINUTE_OF_DAY = 23 * 60 + 59;

export type DayKind = 'today' | 'tomorrow';

export interface DaySlots {
  readonly kind: DayKind;
  /** Local calendar date 'YYYY-MM-DD'. */
  readonly date: string;
  /** Weekday 1 (Monday) to 7 (Sunday). */
  readonly weekday: number;
  /** True when no slot is left on this day. */
  readonly closed: boolean;
  readonly slots: readonly SelectedTime[];
}

export interface SlotInput {
  /** The current instant (ms). */
  readonly now: number;
  readonly openingHours: OpeningHours;
  /** Minutes from now before the first slot (see preparationDelayMinutes). */
  readonly delayMinutes: number;
  readonly zone?: Zone;
}

/**
 * The delay of a cart: the block's delay raised by the largest item delay over the base
 * preparation delay (base 5: an item delay of 12 adds 7 minutes).
 */
export function preparationDelayMinutes(
  blockDelayMinutes: number,
  itemDelays: readonly number[],
  baseDelayMinutes: number = SHOP_CONSTANTS.basePreparationDelayMinutes,
): number {
  const largest = itemDelays.reduce((max, d) => (d > max ? d : max), 0);
  return blockDelayMinutes + Math.max(0, largest - baseDelayMinutes);
}

function windowBounds(w: OpeningWindow): [number, number] | null {
  if (w.fromHour < 0 || w.tillHour < 0) return null;
  const from = w.fromHour * 60 + w.fromMinute;
  const till = Math.min(w.tillHour * 60 + w.tillMinute, LAST_MINUTE_OF_DAY);
  return till >= from ? [from, till] : null;
}

/** Opening windows of a day in minutes after midnight (none when the day is not opened). */
export function openWindows(day: OpeningDay | undefined): Array<[number, number]> {
  if (!day?.opened) return [];
  return [day.a, day.b].map(windowBounds).filter((w): w is [number, number] => w !== null);
}

/** A slot as stored and sent: value 'HH:MM', display 'ca. HH:MM Uhr', utc (ms). */
export function toSlot(minutesOfDay: number, utc: number): SelectedTime {
  const value = hhmm(minutesOfDay);
  return { value, display: fill(checkoutTexts.slotDisplay, { time: value }), utc };
}

function slotsOfDate(date: { year: number; month: number; day: number }, input: Required<SlotInput>): SelectedTime[] {
  const windows = openWindows(input.openingHours[String(weekdayOf(date)) as keyof OpeningHours]);
  if (windows.length === 0) return [];
  const earliest = input.now + input.delayMinutes * MINUTE;
  const nearLimit = input.now + CHECKOUT_CONSTANTS.slotNearWindowMinutes * MINUTE;
  const slots: SelectedTime[] = [];
  for (let m = 0; m <= LAST_MINUTE_OF_DAY; m += CHECKOUT_CONSTANTS.slotStepNearMinutes) {
    if (!windows.some(([from, till]) => m >= from && m <= till)) continue;
    const utc = input.zone.toInstant(date.year, date.month, date.day, 0, m);
    if (utc <= earliest) continue;
    const near = utc <= nearLimit;
    if (!near && m % CHECKOUT_CONSTANTS.slotStepFarMinutes !== 0) continue;
    slots.push(toSlot(m, utc));
  }
  return slots;
}

/** Today's and tomorrow's slots (requirements#checkout-behaviour). */
export function pickupDays(input: SlotInput): [DaySlots, DaySlots] {
  const full: Required<SlotInput> = { zone: restaurantZone, ...input };
  const wall = full.zone.toWall(full.now);
  const today = { year: wall.year, month: wall.month, day: wall.day };
  const tomorrow = nextDay(today);
  const make = (kind: DayKind, date: typeof today): DaySlots => {
    const slots = slotsOfDate(date, full);
    return { kind, date: isoDate(date), weekday: weekdayOf(date), closed: slots.length === 0, slots };
  };
  return [make('today', today), make('tomorrow', tomorrow)];
}

/** The label of a day choice: 'Heute', 'Morgen', 'Heute geschlossen', 'Morgen geschlossen'. */
export function dayLabel(day: Pick<DaySlots, 'kind' | 'closed'>): string {
  if (day.kind === 'today') return day.closed ? checkoutTexts.todayClosed : checkoutTexts.today;
  return day.closed ? checkoutTexts.tomorrowClosed : checkoutTexts.tomorrow;
}

/** A stored selection is kept only while it is still offered (same day and utc). */
export function findOfferedSlot(days: readonly DaySlots[], selected: SelectedTime | null | undefined): { day: DaySlots; slot: SelectedTime } | null {
  if (!selected) return null;
  for (const day of days) {
    const slot = day.slots.find((s) => s.utc === selected.utc);
    if (slot) return { day, slot };
  }
  return null;
}

/**
 * The server's check of a pickup or delivery time (nothing the kitchen cannot honour is saved):
 * on the restaurant's today or tomorrow, on the 5-minute grid, inside an opening window of its
 * day, and later than now plus the delay, less `slotServerGraceMinutes` for a guest who took a
 * while. The 5/15-minute step split is a display rule and not enforced here.
 */
export function isAcceptableTargetTime(targetTime: number, input: SlotInput): boolean {
  const zone = input.zone ?? restaurantZone;
  const grace = CHECKOUT_CONSTANTS.slotServerGraceMinutes * MINUTE;
  if (targetTime <= input.now - grace + input.delayMinutes * MINUTE) return false;
  const at = zone.toWall(targetTime);
  const minutes = at.hour * 60 + at.minute;
  if (minutes % CHECKOUT_CONSTANTS.slotStepNearMinutes !== 0 || targetTime % MINUTE !== 0) return false;
  // Today or tomorrow as seen now, or as seen when the grace began (a guest who picked before midnight).
  const dates = new Set<string>();
  for (const instant of [input.now - grace, input.now]) {
    const wall = zone.toWall(instant);
    const today = { year: wall.year, month: wall.month, day: wall.day };
    dates.add(isoDate(today)).add(isoDate(nextDay(today)));
  }
  if (!dates.has(isoDate(at))) return false;
  const windows = openWindows(input.openingHours[String(weekdayOf(at)) as keyof OpeningHours]);
  return windows.some(([from, till]) => minutes >= from && minutes <= till);
}

/** In-house online target time: now plus 2 minutes (requirements#checkout-behaviour, requirements#checkout-constants). */
export function inhouseOnlineTargetTime(now: number): number {
  return now + CHECKOUT_CONSTANTS.inhouseOnlineTargetOffsetMs;
}

/** In-house mobile payment and digital flow target time: now plus 5 minutes. */
export function mobilePaymentTargetTime(now: number): number {
  return now + CHECKOUT_CONSTANTS.mobilePaymentTargetOffsetMs;
}
