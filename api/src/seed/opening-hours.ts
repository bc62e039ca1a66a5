import type { OpeningHours } from '@shop/shared/contract';

const NO_WINDOW = { fromHour: -1, fromMinute: 0, tillHour: -1, tillMinute: 0 };

function day(a: [number, number, number, number], b?: [number, number, number, number]) {
  return {
    opened: true,
    a: { fromHour: a[0], fromMinute: a[1], tillHour: a[2], tillMinute: a[3] },
    b: b ? { fromHour: b[0], fromMinute: b[1], tillHour: b[2], tillMinute: b[3] } : NO_WINDOW,
  };
}

/**
 * Ordering windows of the shop (takeaway and delivery): every day, so that a demo works any day of
 * the week. Pickup and delivery slots are offered only inside these windows.
 */
export const orderingHours: OpeningHours = {
  '1': day([11, 0, 22, 0]),
  '2': day([11, 0, 15, 0], [16, 30, 22, 0]),
  '3': day([11, 0, 15, 0], [16, 30, 22, 0]),
  '4': day([11, 0, 15, 0], [16, 30, 22, 0]),
  '5': day([11, 0, 23, 0]),
  '6': day([11, 30, 23, 0]),
  '7': day([12, 0, 21, 30]),
};

/**
 * Hamburg city branch, the default pickup address: open exactly when pickup orders are offered, so
 * that /Filialen, /Oeffnungszeiten, /Abholzeiten and the checkout's slots never contradict each other.
 */
export const cityHours: OpeningHours = orderingHours;

/** Eimsbüttel branch: open without a lunch break; its hours contain every ordering window. */
export const eimsbuettelHours: OpeningHours = {
  '1': day([11, 0, 22, 0]),
  '2': day([11, 0, 22, 0]),
  '3': day([11, 0, 22, 0]),
  '4': day([11, 0, 22, 0]),
  '5': day([11, 0, 23, 0]),
  '6': day([11, 30, 23, 0]),
  '7': day([12, 0, 21, 30]),
};
