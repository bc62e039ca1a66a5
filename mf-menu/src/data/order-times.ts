import type { MenuItem, OpeningHours } from '@shop/shared/contract';
import { openingRows } from '@shop/shared/domain/opening-hours';
import { de } from '../texts';

function minutes(value: string): [number, number] {
  const [h = '0', m = '0'] = value.split(':');
  return [Number(h), Number(m)];
}

/** 'Mo-Fr 11:00 bis 15:00 Uhr' for an item's order times (days without an entry are left out). */
export function orderTimesText(orderTimes: MenuItem['orderTimes']): string {
  if (!orderTimes) return '';
  const none = { fromHour: -1, fromMinute: 0, tillHour: -1, tillMinute: 0 };
  const hours = Object.fromEntries(
    ['1', '2', '3', '4', '5', '6', '7'].map((d) => {
      const t = orderTimes[d];
      if (!t) return [d, { opened: false, a: none, b: none }];
      const [fh, fm] = minutes(t.validFrom);
      const [th, tm] = minutes(t.validTo);
      return [d, { opened: true, a: { fromHour: fh, fromMinute: fm, tillHour: th, tillMinute: tm }, b: none }];
    }),
  ) as OpeningHours;
  return openingRows(hours, { closed: de.menu.closed, window: de.menu.timeWindow, and: de.menu.and, weekdays: de.menu.weekdaysShort })
    .filter((r) => !r.closed)
    .map((r) => `${r.days} ${r.text}`)
    .join(', ');
}
