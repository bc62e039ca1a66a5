import type { OrderMode } from '@shop/shared/contract';
import { isTableNumber } from '@shop/shared/domain/table-entry';

export interface EntryDecision {
  readonly mode?: OrderMode;
  readonly table?: string;
  readonly area?: string;
  readonly tableFlex?: boolean;
  readonly clearTable: boolean;
  /** Query parameters handled here and removed from the address bar. */
  readonly consumedParams: readonly string[];
}

/**
 * requirements#order-mode: query parameters table, takeaway=true, t (forces takeaway and clears
 * the table), area, tableFlex; a host containing 'inhouse' is an in-house host.
 */
export function interpretEntry(search: string, hostname: string, inhouseHost = false): EntryDecision {
  const q = new URLSearchParams(search);
  const consumed: string[] = [];
  const take = (name: string) => {
    if (!q.has(name)) return undefined;
    consumed.push(name);
    return q.get(name) ?? '';
  };
  const t = take('t');
  const takeaway = take('takeaway');
  const table = take('table');
  const area = take('area');
  const tableFlex = take('tableFlex');
  take('webshop');

  if (t !== undefined || takeaway === 'true') {
    return { mode: 'takeaway', clearTable: true, consumedParams: consumed };
  }
  const validTable = table !== undefined && isTableNumber(table.trim()) ? table.trim() : undefined;
  const validArea = area !== undefined && area.trim() !== '' ? area.trim().slice(0, 40) : undefined;
  if (validTable !== undefined || validArea !== undefined) {
    return {
      mode: 'inhouse',
      ...(validTable !== undefined ? { table: validTable } : {}),
      ...(validArea !== undefined ? { area: validArea } : {}),
      ...(tableFlex !== undefined ? { tableFlex: tableFlex !== 'false' } : {}),
      clearTable: false,
      consumedParams: consumed,
    };
  }
  if (inhouseHost || hostname.toLowerCase().includes('inhouse')) {
    return { mode: 'inhouse', clearTable: false, consumedParams: consumed };
  }
  return { clearTable: false, consumedParams: consumed };
}
