import { parseInstant } from '../domain/wall-clock';

/**
 * The instants tests run at (the suite passes at any hour, docs/adr/0033-test-layers.md). Every time-dependent test is
 * pinned: by default to DEFAULT_TEST_INSTANT, and the time matrix runs the time-sensitive tests
 * (named with TIME_TAG) again at each of TEST_INSTANTS. Wall times are the restaurant's
 * (Europe/Berlin) and written with their UTC offset, so each names exactly one instant.
 *
 * The seed's ordering windows (api/src/seed/opening-hours.ts): Mon 11–22, Tue–Thu 11–15 and
 * 16:30–22, Fri 11–23, Sat 11:30–23, Sun 12–21:30.
 */

/** Tuesday lunchtime: the shop is open, today offers pickup slots. */
export const DEFAULT_TEST_INSTANT = '2026-11-24T12:07:00+01:00';

/** Tests whose name carries this tag also run at every instant of TEST_INSTANTS. */
export const TIME_TAG = '@time';

export const TEST_INSTANTS = {
  'Tue 00:30 (today opens later)': '2026-11-24T00:30:00+01:00',
  'Tue 10:59 (a minute before opening)': '2026-11-24T10:59:00+01:00',
  'Tue 11:00 (opening)': '2026-11-24T11:00:00+01:00',
  'Tue 14:59 (before the lunch break)': '2026-11-24T14:59:00+01:00',
  'Mon 20:40 (last window ends within the delay)': '2026-11-23T20:40:00+01:00',
  'Tue 20:45': '2026-11-24T20:45:00+01:00',
  'Tue 21:55 (today closed after the delay)': '2026-11-24T21:55:00+01:00',
  'Tue 23:59 (a minute before tomorrow)': '2026-11-24T23:59:00+01:00',
  'Sun 12:07 (Sunday hours)': '2026-11-29T12:07:00+01:00',
  'Sun 28 Mar 2027 01:30 (clocks go forward at 02:00)': '2027-03-28T01:30:00+01:00',
  'Sun 25 Oct 2026 01:30 CEST (clocks go back at 03:00)': '2026-10-25T01:30:00+02:00',
} as const satisfies Readonly<Record<string, string>>;

/**
 * The instants the e2e suite repeats its @time journeys at: one per thing the pages show differently (today's
 * slots only later, today over so tomorrow's slots, a day the clocks change). Every instant of TEST_INSTANTS
 * is checked where the behaviour lives: the rules in shared/src/domain/now-rules.test.ts, every checkout flow
 * saved by the API in api/test/time-matrix.test.ts (docs/adr/0033-test-layers.md).
 */
export const E2E_TIME_MATRIX: readonly (keyof typeof TEST_INSTANTS)[] = [
  'Tue 00:30 (today opens later)',
  'Tue 21:55 (today closed after the delay)',
  'Sun 28 Mar 2027 01:30 (clocks go forward at 02:00)',
];

/** The instant a test process runs at: SHOP_TEST_NOW when set (the matrix), else the default. */
export function testInstant(env: Record<string, string | undefined> = typeof process === 'undefined' ? {} : process.env): number {
  return parseInstant(env.SHOP_TEST_NOW?.trim() || DEFAULT_TEST_INSTANT);
}
