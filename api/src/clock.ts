/**
 * The API's one notion of "now". Production runs on the system clock; tests (NODE_ENV=test) may
 * start the server at a fixed instant (SHOP_TEST_NOW) and move it with PUT /api/test/clock, so that
 * slots, opening hours and expiries do not depend on the hour the suite runs at. The clock keeps
 * ticking in real time from the instant it was set to, so timeouts and "later" still work.
 */
export { parseInstant } from '@shop/shared/domain/wall-clock';

export interface Clock {
  now(): number;
}

export interface AdjustableClock extends Clock {
  /** From now on, `now()` continues from `instant`. */
  set(instant: number): void;
}

/** A clock that starts at `startAt` and runs at real speed (offset from the system clock). */
export function offsetClock(startAt: number, real: () => number = Date.now): AdjustableClock {
  let offset = startAt - real();
  return {
    now: () => real() + offset,
    set(instant: number) {
      offset = instant - real();
    },
  };
}
