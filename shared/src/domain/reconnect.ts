/**
 * Reconnecting a live stream (docs/requirements.md#live-updates-heal): exponential backoff with
 * jitter, capped, so that a dropped network or a restarted API does not leave a stream closed, and
 * thousands of clients coming back do not arrive in the same instant.
 */
export const RECONNECT = {
  /** The first retry waits about this long (attempt 0). */
  baseMs: 1_000,
  /** No wait is longer than this, however many attempts failed. */
  capMs: 30_000,
  /** Each failed attempt multiplies the ceiling by this. */
  factor: 2,
} as const;

export interface BackoffSchedule {
  readonly baseMs: number;
  readonly capMs: number;
  readonly factor: number;
}

/**
 * The wait before reconnect attempt `attempt` (0 = the first after a drop): "equal jitter", i.e. a
 * random point in the upper half of min(cap, base * factor^attempt). Never below half the ceiling (so
 * a broken server is not hammered), never above the cap.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random, schedule: BackoffSchedule = RECONNECT): number {
  const n = Number.isNaN(attempt) || attempt <= 0 ? 0 : Math.min(Math.floor(attempt), 64);
  const ceiling = Math.min(schedule.capMs, schedule.baseMs * schedule.factor ** n);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}
