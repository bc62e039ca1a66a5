import type { WaiterMute } from '@shop/shared/contract';
import { callAction } from '@shop/shared/client';
import { isMuted, WAITER_CALL_LIMITS } from '@shop/shared/domain/waiter-call';

/**
 * The board's hook for muting a table that keeps calling the waiter (requirements#security): the server refuses
 * that table's calls meanwhile (the guest is asked to speak to the staff) and tells every board of
 * the branch (event waiterMutesChanged on the staff channel). LoadStaffOrders answers the mutes too.
 * Texts: orders.waiterMuteTable, waiterMutedUntil, waiterUnmuteTable.
 */
export async function muteWaiterCalls(table: string, minutes: number = WAITER_CALL_LIMITS.defaultMuteMinutes): Promise<WaiterMute[]> {
  const res = await callAction('MuteWaiterCalls', { table, minutes });
  if (!res.ok) throw new Error('MuteWaiterCalls refused');
  return res.waiterMutes;
}

export const unmuteWaiterCalls = (table: string): Promise<WaiterMute[]> => muteWaiterCalls(table, 0);

/** The mutes that still hold now. */
export function activeWaiterMutes(mutes: readonly WaiterMute[], now: number): WaiterMute[] {
  return mutes.filter((m) => isMuted(m.until, now));
}
