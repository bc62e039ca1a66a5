import type { OpeningDay, OpeningHours, OpeningWindow } from '../contract/appconfig';

/**
 * The opening hours table (requirements#screens, requirements#checkout-constants Display): times read 'X bis Y Uhr',
 * 'und' joins a second window, closed days read 'Geschlossen', and consecutive days with
 * identical text merge into a range 'first-last'.
 */
export interface OpeningTexts {
  /** 'Geschlossen' */
  readonly closed: string;
  /** '{from} bis {till} Uhr' */
  readonly window: string;
  /** ' und ' */
  readonly and: string;
  /** Day names, Monday first (7 entries). */
  readonly weekdays: readonly string[];
}

export interface OpeningRow {
  readonly firstDay: number;
  readonly lastDay: number;
  /** 'Montag' or 'Dienstag-Donnerstag'. */
  readonly days: string;
  readonly text: string;
  readonly closed: boolean;
}

const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

function clock(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** A window exists when its from-hour is not -1. */
export function hasWindow(window: OpeningWindow): boolean {
  return window.fromHour >= 0 && window.tillHour >= 0;
}

function windowText(window: OpeningWindow, texts: OpeningTexts): string {
  return texts.window.replace('{from}', clock(window.fromHour, window.fromMinute)).replace('{till}', clock(window.tillHour, window.tillMinute));
}

/** Text of one day: 'Geschlossen', '11:30 bis 15:00 Uhr' or '11:30 bis 15:00 Uhr und 17:00 bis 22:00 Uhr'. */
export function dayText(day: OpeningDay | undefined, texts: OpeningTexts): string {
  if (!day || !day.opened || !hasWindow(day.a)) return texts.closed;
  const parts = [windowText(day.a, texts)];
  if (hasWindow(day.b)) parts.push(windowText(day.b, texts));
  return parts.join(texts.and);
}

/** Rows of the table, Monday to Sunday, consecutive days with the same text merged. */
export function openingRows(hours: OpeningHours, texts: OpeningTexts): OpeningRow[] {
  const rows: OpeningRow[] = [];
  DAYS.forEach((key, index) => {
    const weekday = index + 1;
    const text = dayText(hours[key], texts);
    const previous = rows[rows.length - 1];
    if (previous && previous.text === text && previous.lastDay === weekday - 1) {
      rows[rows.length - 1] = { ...previous, lastDay: weekday };
    } else {
      rows.push({ firstDay: weekday, lastDay: weekday, days: '', text, closed: text === texts.closed });
    }
  });
  return rows.map((row) => ({
    ...row,
    days:
      row.firstDay === row.lastDay
        ? (texts.weekdays[row.firstDay - 1] ?? '')
        : `${texts.weekdays[row.firstDay - 1] ?? ''}-${texts.weekdays[row.lastDay - 1] ?? ''}`,
  }));
}

/** Whether the shop is open at a clock time (minutes since midnight) of a weekday. */
export function isOpenAt(hours: OpeningHours, weekday: number, minutes: number): boolean {
  const day = hours[String(weekday) as (typeof DAYS)[number]];
  if (!day || !day.opened) return false;
  return [day.a, day.b].some((w) => {
    if (!hasWindow(w)) return false;
    const from = w.fromHour * 60 + w.fromMinute;
    const till = w.tillHour * 60 + w.tillMinute;
    return minutes >= from && minutes < till;
  });
}
