import { SHOP_CONSTANTS } from './shop-constants';

/**
 * Person data rules of requirements#shop-validation used by sign-in, registration and the account:
 * e-mail, full and short name, password strength, profile completeness.
 * Each rule answers with a reason code; the German texts live in i18n/de/account.ts.
 */

const LOCAL_PART = /^[^\s@"(),:;<>[\\\]]+$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const TLD = /^[a-z](?:[a-z0-9-]*[a-z0-9])?$/i;

/** E-mail addresses are compared and stored trimmed and in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A valid e-mail: local@domain.tld, no spaces, a top-level part of 2 to 63 characters
 * (the sign-in widget's rule).
 */
export function isValidEmail(email: string): boolean {
  const value = email.trim();
  const at = value.lastIndexOf('@');
  if (at <= 0 || at !== value.indexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!LOCAL_PART.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1]!;
  if (tld.length < SHOP_CONSTANTS.emailTldMinLength || tld.length > SHOP_CONSTANTS.emailTldMaxLength || !TLD.test(tld)) return false;
  return labels.every((label) => label.length > 0 && label.length <= 63 && DOMAIN_LABEL.test(label));
}

export type EmailProblem = 'empty' | 'invalid';

/** Why an e-mail field cannot be used, or null when it can. */
export function emailProblem(email: string): EmailProblem | null {
  if (email.trim() === '') return 'empty';
  return isValidEmail(email) ? null : 'invalid';
}

/**
 * Full name: longer than 3 characters with a space that is neither at the start (index under 2)
 * nor at the end. Checked on the trimmed value.
 */
export function isFullName(name: string): boolean {
  const value = name.trim();
  if (value.length < SHOP_CONSTANTS.fullNameMinLength) return false;
  const space = value.indexOf(' ', SHOP_CONSTANTS.fullNameSpaceMinIndex);
  return space >= SHOP_CONSTANTS.fullNameSpaceMinIndex && space < value.length - 1;
}

/** Short name: at least 2 characters. */
export function isShortName(name: string): boolean {
  return name.trim().length >= SHOP_CONSTANTS.shortNameMinLength;
}

export type PasswordProblem = 'empty' | 'weak';

/** Strong passwords have at least six characters with letters and digits (widget rule). */
export function isStrongPassword(password: string): boolean {
  return password.length >= SHOP_CONSTANTS.passwordMinLength && /\p{L}/u.test(password) && /\d/.test(password);
}

/** For sign-up: an empty or weak password; sign-in only needs a non-empty one. */
export function passwordProblem(password: string, mode: 'signIn' | 'signUp'): PasswordProblem | null {
  if (password === '') return 'empty';
  if (mode === 'signUp' && !isStrongPassword(password)) return 'weak';
  return null;
}

export interface ProfileFields {
  readonly displayName?: string | null;
  readonly email?: string | null;
  readonly phone?: string | null;
}

/**
 * Profile complete: display name over 3, a valid e-mail over 2 and a phone over 6 characters.
 * @public A rule of the spec that no screen calls yet (the profile form validates field by field).
 */
export function isProfileComplete(profile: ProfileFields): boolean {
  const name = (profile.displayName ?? '').trim();
  const email = (profile.email ?? '').trim();
  const phone = (profile.phone ?? '').trim();
  return (
    name.length >= SHOP_CONSTANTS.profileNameMinLength &&
    email.length >= SHOP_CONSTANTS.profileEmailMinLength &&
    isValidEmail(email) &&
    phone.length >= SHOP_CONSTANTS.profilePhoneMinLength
  );
}

/** Addresses are sent to the account only when their street is non-empty (§5). */
export function addressWorthSending<T extends { street?: string | null }>(address: T | null | undefined): address is T {
  return Boolean(address && (address.street ?? '').trim() !== '');
}
