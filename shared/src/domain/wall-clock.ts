/**
 * Wall-clock time of the restaurant's time zone. Pickup slots, opening windows and "today" are
 * local times in Hamburg (Europe/Berlin), whatever zone the browser or the server runs in.
 * Pure: every function takes the instant it works on; nothing reads the system clock.
 */

export interface WallTime {
  readonly year: number;
  /** 1-12 */
  readonly month: number;
  /** 1-31 */
  readonly day: number;
  /** 0-23 */
  readonly hour: number;
  /** 0-59 */
  readonly minute: number;
  /** 1 (Monday) to 7 (Sunday), as the opening hours are keyed (requirements#entities). */
  readonly weekday: number;
}

export interface Zone {
  /** The local wall time of an instant. */
  toWall(instant: number): WallTime;
  /** The instant of a local date and time (minutes may exceed 59 or hours 23: they roll over). */
  toInstant(year: number, month: number, day: number, hour: number, minute: number): number;
}

export const RESTAURANT_TIME_ZONE = 'Europe/Berlin';

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** A zone backed by Intl (IANA name); handles daylight saving time. */
export function ianaZone(timeZone: string): Zone {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
    hourCycle: 'h23',
  });

  function toWall(instant: number): WallTime {
    const parts: Record<string, string> = {};
    for (const p of format.formatToParts(new Date(instant))) parts[p.type] = p.value;
    return {
      year: Number(parts.year),
      month: Number(parts.month),
      day: Number(parts.day),
      hour: Number(parts.hour) % 24,
      minute: Number(parts.minute),
      weekday: WEEKDAYS[parts.weekday ?? ''] ?? 1,
    };
  }

  /** Offset of the zone at an instant, in ms (local = utc + offset). */
  function offsetAt(instant: number): number {
    const w = toWall(instant);
    const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
    const flooredInstant = instant - (((instant % 60_000) + 60_000) % 60_000);
    return asUtc - flooredInstant;
  }

  function toInstant(year: number, month: number, day: number, hour: number, minute: number): number {
    const local = Date.UTC(year, month - 1, day, hour, minute);
    // Two passes settle the offset also next to a daylight-saving switch.
    let guess = local - offsetAt(local);
    guess = local - offsetAt(guess);
    return guess;
  }

  return { toWall, toInstant };
}

/** The restaurant's zone (Europe/Berlin). */
export const restaurantZone: Zone = ianaZone(RESTAURANT_TIME_ZONE);

/** 'HH:MM' of minutes after midnight. */
export function hhmm(minutesOfDay: number): string {
  const h = Math.floor(minutesOfDay / 60);
  const m = minutesOfDay % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' of a wall time. */
export function isoDate(w: Pick<WallTime, 'year' | 'month' | 'day'>): string {
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The calendar day after a wall date (month and year roll over). */
export function nextDay(w: Pick<WallTime, 'year' | 'month' | 'day'>): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Weekday 1 (Monday) to 7 (Sunday) of a calendar date. */
export function weekdayOf(date: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  const js = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return js === 0 ? 7 : js;
}

/**
 * An instant written as ISO 8601 with an offset ('2026-11-24T12:07:00+01:00') or as epoch ms.
 * Throws on anything else, so a typo never silently means "now".
 */
export function parseInstant(value: string): number {
  const trimmed = value.trim();
  const instant = /^\d{10,}$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed);
  if (!Number.isFinite(instant)) throw new Error(`Not an instant: "${value}" (use ISO 8601 with an offset, or epoch ms)`);
  return instant;
}
