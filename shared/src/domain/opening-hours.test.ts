import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '../contract/appconfig';
import { de } from '../i18n';
import { dayText, isOpenAt, openingRows, type OpeningTexts } from './opening-hours';

const texts: OpeningTexts = { closed: de.menu.closed, window: de.menu.timeWindow, and: de.menu.and, weekdays: de.menu.weekdays };
const none = { fromHour: -1, fromMinute: 0, tillHour: -1, tillMinute: 0 };
const day = (a: [number, number, number, number], b?: [number, number, number, number]) => ({
  opened: true,
  a: { fromHour: a[0], fromMinute: a[1], tillHour: a[2], tillMinute: a[3] },
  b: b ? { fromHour: b[0], fromMinute: b[1], tillHour: b[2], tillMinute: b[3] } : none,
});
const closed = { opened: false, a: none, b: none };

const hours: OpeningHours = {
  '1': closed,
  '2': day([11, 30, 15, 0], [17, 0, 22, 0]),
  '3': day([11, 30, 15, 0], [17, 0, 22, 0]),
  '4': day([11, 30, 15, 0], [17, 0, 22, 0]),
  '5': day([11, 30, 23, 0]),
  '6': day([12, 0, 23, 0]),
  '7': day([12, 0, 23, 0]),
};

describe('opening hours table', () => {
  it("reads 'X bis Y Uhr', joins a second window with 'und' and closed days read 'Geschlossen'", () => {
    expect(dayText(hours['5'], texts)).toBe('11:30 bis 23:00 Uhr');
    expect(dayText(hours['2'], texts)).toBe('11:30 bis 15:00 Uhr und 17:00 bis 22:00 Uhr');
    expect(dayText(hours['1'], texts)).toBe('Geschlossen');
    expect(dayText(undefined, texts)).toBe('Geschlossen');
  });

  it("merges consecutive days with identical text into a range 'first-last'", () => {
    expect(openingRows(hours, texts).map((r) => [r.days, r.text])).toEqual([
      ['Montag', 'Geschlossen'],
      ['Dienstag-Donnerstag', '11:30 bis 15:00 Uhr und 17:00 bis 22:00 Uhr'],
      ['Freitag', '11:30 bis 23:00 Uhr'],
      ['Samstag-Sonntag', '12:00 bis 23:00 Uhr'],
    ]);
  });

  it('does not merge equal days that are not consecutive', () => {
    const alternating: OpeningHours = { ...hours, '1': day([12, 0, 23, 0]), '2': closed, '3': day([12, 0, 23, 0]), '4': closed, '5': closed };
    expect(openingRows(alternating, texts).map((r) => r.days)).toEqual(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag-Freitag', 'Samstag-Sonntag']);
  });

  it('merges a whole week into one row', () => {
    const week = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, day([12, 0, 21, 30])])) as OpeningHours;
    expect(openingRows(week, texts)).toEqual([{ firstDay: 1, lastDay: 7, days: 'Montag-Sonntag', text: '12:00 bis 21:30 Uhr', closed: false }]);
  });

  it('tells whether the shop is open at a time', () => {
    expect(isOpenAt(hours, 2, 12 * 60)).toBe(true);
    expect(isOpenAt(hours, 2, 16 * 60)).toBe(false);
    expect(isOpenAt(hours, 2, 17 * 60)).toBe(true);
    expect(isOpenAt(hours, 1, 12 * 60)).toBe(false);
  });
});
