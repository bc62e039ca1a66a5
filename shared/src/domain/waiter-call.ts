import { SHOP_CONSTANTS } from './shop-constants';

/**
 * Waiter call rules (requirements#screens Kellnerruf, requirements#roles-and-flags enableKellnerruf "in-house only"): a call needs
 * in-house mode with a table number and the feature on; a second call from the same table within
 * `waiterCallRepeatMs` is the same call, so the staff are not paged twice.
 */

export type WaiterCallBlock = 'feature-off' | 'not-inhouse' | 'no-table';

export function waiterCallBlock(input: { enabled: boolean; inhouse: boolean; table: string | undefined }): WaiterCallBlock | null {
  if (!input.enabled) return 'feature-off';
  if (!input.inhouse) return 'not-inhouse';
  if (!input.table?.trim()) return 'no-table';
  return null;
}

/** Whether a call now repeats the table's last call (made at `lastCallAt`, null for none). */
export function repeatsLastCall(lastCallAt: number | null, now: number): boolean {
  return lastCallAt !== null && now - lastCallAt < SHOP_CONSTANTS.waiterCallRepeatMs;
}

/**
 * Bounds of waiter calls beyond the repeat rule (requirements#security): a table pages the staff at most
 * `pagesPerTable` times in `tableWindowMs` (then calls are answered as repeats), and the staff may
 * mute a table on the board for 1 to `maxMuteMinutes` minutes.
 */
export const WAITER_CALL_LIMITS = {
  pagesPerTable: 5,
  tableWindowMs: 30 * 60_000,
  maxMuteMinutes: 480,
  /** What the board's mute button offers. */
  defaultMuteMinutes: 30,
} as const;

/** Whether a table has paged the staff as often as its window allows (`pagesInWindow` calls since now - tableWindowMs). */
export function tablePagedEnough(pagesInWindow: number): boolean {
  return pagesInWindow >= WAITER_CALL_LIMITS.pagesPerTable;
}

/** Whether a mute (until `mutedUntil`, null for none) holds now. */
export function isMuted(mutedUntil: number | null, now: number): boolean {
  return mutedUntil !== null && now < mutedUntil;
}
