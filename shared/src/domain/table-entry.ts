import { SHOP_CONSTANTS } from './shop-constants';

/**
 * Entering a table (requirements#screens Table-number dialog and QR scanner, requirements#order-mode, requirements#shop-validation Table
 * number): the digit entry of the full-screen dialog and the reading of a scanned table QR code.
 */

const DIGIT = /^\d$/;
const TABLE = new RegExp(`^\\d{1,${SHOP_CONSTANTS.tableNumberMaxDigits}}$`);

/**
 * The entry after a key: digits only; a digit on an empty entry (or a lone 0) replaces it; extra
 * digits are ignored at the maximum length.
 */
export function typeTableDigit(entry: string, key: string): string {
  if (!DIGIT.test(key)) return entry;
  if (entry === '' || entry === '0') return key;
  if (entry.length >= SHOP_CONSTANTS.tableNumberMaxDigits) return entry;
  return entry + key;
}

export function isTableNumber(entry: string): boolean {
  return TABLE.test(entry);
}

export type TableScan =
  { readonly kind: 'ignored' } | { readonly kind: 'foreign' } | { readonly kind: 'unreadable' } | { readonly kind: 'table'; readonly table: string };

/**
 * A scanned QR code: shorter than 5 characters is ignored; a link to another host is foreign
 * (only the shop's own QR codes count); otherwise the table is its `table` query parameter.
 */
export function readTableQr(text: string, shopHost: string): TableScan {
  const raw = text.trim();
  if (raw.length < SHOP_CONSTANTS.qrMinLength) return { kind: 'ignored' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'unreadable' };
  }
  if (url.host.toLowerCase() !== shopHost.toLowerCase()) return { kind: 'foreign' };
  const table = url.searchParams.get('table')?.trim() ?? '';
  return isTableNumber(table) ? { kind: 'table', table } : { kind: 'unreadable' };
}
