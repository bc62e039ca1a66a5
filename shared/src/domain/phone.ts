/**
 * Phone numbers (requirements#person-data, requirements#checkout-validation).
 *
 * - Input allows only digits, spaces and plus (`filterPhoneInput`).
 * - A number is well-formed when it has only digits and spaces with at most one leading plus,
 *   and its normalised form has 6 to 15 digits (E.164).
 * - Length rules count the characters typed, spaces removed: at least 8 in the general check,
 *   9 in the in-house waiter flow, 10 in the pickup, delivery and mobile-payment flows.
 * - Normalisation: leading 00 becomes +; no prefix becomes +49; spaces removed; a zero right
 *   after a 2-digit country code is dropped (+49 0151 … → +49151 …).
 */

const MAX_E164_DIGITS = 15;
const MIN_E164_DIGITS = 6;

/** Keeps only digits, spaces and plus (the characters the phone field accepts). */
export function filterPhoneInput(raw: string): string {
  return raw.replace(/[^\d +]/g, '');
}

/** Characters counted by the length rules: the typed value without spaces. */
export function phoneLength(raw: string): number {
  return raw.replace(/\s/g, '').length;
}

/** Normalises a phone number to international form (+49…). Returns '' for an empty input. */
export function normalisePhone(raw: string): string {
  let s = raw.replace(/\s/g, '');
  if (s === '') return '';
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  else if (!s.startsWith('+')) s = `+49${s}`;
  // A zero right after a 2-digit country code is the national trunk prefix: +490151 -> +49151.
  if (/^\+\d{2}0/.test(s)) s = `${s.slice(0, 3)}${s.slice(4)}`;
  return s;
}

/** Only digits and spaces with at most one leading plus, and a plausible length once normalised. */
export function isWellFormedPhone(raw: string): boolean {
  const trimmed = raw.trim();
  if (!/^\+?[\d ]+$/.test(trimmed)) return false;
  const digits = normalisePhone(trimmed).slice(1);
  return /^\d+$/.test(digits) && digits.length >= MIN_E164_DIGITS && digits.length <= MAX_E164_DIGITS;
}

/** At least `minLength` characters (spaces not counted). */
export function isLongEnoughPhone(raw: string, minLength: number): boolean {
  return phoneLength(raw.trim()) >= minLength;
}
