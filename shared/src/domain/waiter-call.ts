import { SHOP_CONSTANTS } from './shop-constants';

/**
 * Waiter call rules (shop-spec §2 Kellnerruf, §6 enableKellnerruf "in-house only"): a call needs
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
