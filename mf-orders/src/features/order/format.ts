import { isSameShopDay, shopClockParts, shopClockTime, shopDate } from '@shop/shared/domain/orders';
import { orders as texts } from '@shop/shared/i18n/orders';
import { fill } from '@shop/shared/i18n/fill';

/** 'Freitag, 13. Juni' in the shop's time zone (German day names, month abbreviations). */
export function weekdayDate(ms: number): string {
  const p = shopClockParts(ms);
  return fill(texts.dateWithWeekday, {
    weekday: texts.weekdays[p.weekday - 1] ?? '',
    day: p.day,
    month: texts.monthsShort[p.month - 1] ?? '',
  });
}

/** '13.06.2025, 12:30 Uhr' in the shop's time zone. */
export function dateTime(ms: number): string {
  return fill(texts.dateTime, { date: shopDate(ms), time: shopClockTime(ms) });
}

export { shopClockTime };

/**
 * The {time} of 'Vorbestellung für {time} Uhr': the clock time for a pickup today, otherwise
 * preceded by the day ('Dienstag, 24. Nov., 12:45'), so a guest reading the page never mistakes
 * tomorrow's pickup for today's.
 */
export function preorderTime(target: number, now: number): string {
  return isSameShopDay(target, now) ? shopClockTime(target) : `${weekdayDate(target)}, ${shopClockTime(target)}`;
}
