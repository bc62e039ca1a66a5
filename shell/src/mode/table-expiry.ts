import { inform } from '@shop/shared/bus';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { shell as texts } from '@shop/shared/i18n/shell';
import { orderModeStore, tableStore } from '@shop/shared/stores';

/**
 * The end of a table (requirements#shop-behaviour): the table is kept for 2 hours (the table store's time to
 * live) and checked every 4 s. When it runs out, the shop leaves in-house mode and says the QR
 * code must be scanned again.
 */

function tellTableExpired(): void {
  void inform(texts.tableExpiredTitle, texts.tableExpiredText);
}

/** What happens when the table store drops an expired table while the page runs. */
export function onTableExpired(): void {
  if (orderModeStore.get() !== 'inhouse') return;
  orderModeStore.set('takeaway');
  tellTableExpired();
}

/**
 * Starts the 4 s check; `expiredOnEntry`: the entry already ended an expired table, say so now.
 * Any read of the table store past its 2 h finds the expiry, the check makes sure one happens.
 */
export function startTableExpiryCheck(expiredOnEntry: boolean): void {
  if (expiredOnEntry) tellTableExpired();
  // The store may find the expiry while a component renders (its get()): act after that render.
  tableStore.expired$.subscribe(() => queueMicrotask(onTableExpired));
  window.setInterval(() => tableStore.get(), SHOP_CONSTANTS.tableCheckIntervalMs);
}
