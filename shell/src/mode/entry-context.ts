import type { ResolvedDescriptor } from '@shop/shared/contract';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { orderModeStore, tableStore } from '@shop/shared/stores';
import { interpretEntry, type EntryDecision } from './interpret-entry';

const GUARD_KEY = 'shell:lastQuery';

let expiredOnEntry = false;

/** What the shell saw and decided at the start (shown on /debugParams). */
export interface EntrySnapshot {
  readonly search: string;
  readonly hostname: string;
  readonly decision: EntryDecision;
  /** False when the 10 s query guard skipped applying the same query again. */
  readonly applied: boolean;
}

let entrySnapshot: EntrySnapshot | null = null;

/** The query parameters and entry context the shell interpreted at the start of this page. */
export function lastEntry(): EntrySnapshot | null {
  return entrySnapshot;
}

/** Whether the entry found an expired table (read once: the info is shown once). */
export function tableExpiredOnEntry(): boolean {
  const expired = expiredOnEntry;
  expiredOnEntry = false;
  return expired;
}

/** Applies what the entry URL and host say about the order mode (requirements#shop-behaviour), once per 10 s per query. */
export function applyEntryContext(location: Location, descriptor: ResolvedDescriptor, now: number = Date.now()): EntryDecision {
  const decision = interpretEntry(location.search, location.hostname, descriptor.branch.inhouse);
  const guard = sessionStorage.getItem(GUARD_KEY);
  const [lastQuery, lastAt] = guard ? (JSON.parse(guard) as [string, number]) : ['', 0];
  const skipped = Boolean(location.search) && lastQuery === location.search && now - lastAt < SHOP_CONSTANTS.queryGuardMs;
  entrySnapshot = { search: location.search, hostname: location.hostname, decision, applied: !skipped };
  if (skipped) return decision;
  sessionStorage.setItem(GUARD_KEY, JSON.stringify([location.search, now]));

  if (decision.clearTable) tableStore.reset();
  if (decision.table !== undefined || decision.area !== undefined) {
    tableStore.set({
      ...(decision.table !== undefined ? { table: decision.table } : {}),
      ...(decision.area !== undefined ? { area: decision.area } : {}),
      ...(decision.tableFlex ? { tableFlex: true } : {}),
    });
  }
  if (decision.mode) orderModeStore.set(decision.mode);
  else if (orderModeStore.get() === 'inhouse' && !tableStore.get().table && !tableStore.get().area) {
    // The table expired (2 h) while the shop was closed: back to the default mode, and the guest
    // is told once the shell shows dialogs (tableExpiredOnEntry).
    orderModeStore.set('takeaway');
    expiredOnEntry = true;
  }
  if (decision.consumedParams.length > 0) {
    const url = new URL(location.href);
    for (const p of decision.consumedParams) url.searchParams.delete(p);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  return decision;
}
