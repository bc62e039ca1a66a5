import type { OpeningHours } from '@shop/shared/contract';

const NO_WINDOW = { fromHour: -1, fromMinute: 0, tillHour: -1, tillMinute: 0 };

function day(a: [number, number, number, number], b?: [number, number, number, number]) {
  return {
    opened: true,
    a: { fromHour: a[0], fromMinute: a[1], tillHour: a[2], tillMinute: a[3] },
    b: b ? { fromHour: b[0], fromMinute: b[1], tillHour: b[2], tillMinute: b[3] } : NO_WINDOW,
  };
}
const closed = { opened: false, a: NO_WINDOW, b: NO_WINDOW };

/** Hamburg city branch: lunch and dinner windows on weekdays, all day at the weekend, closed Monday. */
export const cityHours: OpeningHours = {
  '1': closed,
  '2': day([11, 30, 15, 0], [17, 0, 22, 0]),
  '3': day([11, 30, 15, 0], [17, 0, 22, 0]),
  '4': day([11, 30, 15, 0], [17, 0, 22, 0]),
  '5': day([11, 30, 23, 0]),
  '6': day([12, 0, 23, 0]),
  '7': day([12, 0, 21, 0]),
};

/** Eimsbüttel branch: open every day from noon. */
export const eimsbuettelHours: OpeningHours = {
  '1': day([12, 0, 21, 30]),
  '2': day([12, 0, 21, 30]),
  '3': day([12, 0, 21, 30]),
  '4': day([12, 0, 21, 30]),
  '5': day([12, 0, 22, 30]),
  '6': day([12, 0, 22, 30]),
  '7': day([13, 0, 21, 0]),
};

/** Ordering windows of the shop (takeaway): every day, so that a demo works any day of the week. */
export const orderingHours: OpeningHours = {
  '1': day([11, 0, 22, 0]),
  '2': day([11, 0, 15, 0], [16, 30, 22, 0]),
  '3': day([11, 0, 15, 0], [16, 30, 22, 0]),
  '4': day([11, 0, 15, 0], [16, 30, 22, 0]),
  '5': day([11, 0, 23, 0]),
  '6': day([11, 30, 23, 0]),
  '7': day([12, 0, 21, 30]),
};
