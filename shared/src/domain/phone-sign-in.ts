import type { PhoneCountryCode, SignInSettings } from '../contract/deploy';
import { SHOP_CONSTANTS } from './shop-constants';

/**
 * Phone sign-in (requirements#entities "country entries", requirements#sign-in, requirements#shop-validation, requirements#constants): country DE by default, AT, CH;
 * a 6-digit code; at most 6 attempts; a new code after 15 s.
 */

export interface PhoneCountry {
  /** German name. */
  readonly name: string;
  /** Combined code (dial code and country), the value of the choice: '49-DE'. */
  readonly combined: string;
  /** '+49' */
  readonly dialCode: string;
  readonly countryCode: PhoneCountryCode;
}

export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { name: 'Deutschland', combined: '49-DE', dialCode: '+49', countryCode: 'DE' },
  { name: 'Österreich', combined: '43-AT', dialCode: '+43', countryCode: 'AT' },
  { name: 'Schweiz', combined: '41-CH', dialCode: '+41', countryCode: 'CH' },
];

export const DEFAULT_PHONE_COUNTRY: PhoneCountryCode = 'DE';

/** The countries a host offers: its whitelist, or all but its blacklist (never both, see the descriptor schema). */
export function offeredCountries(settings: Pick<SignInSettings, 'whitelistedCountries' | 'blacklistedCountries'>): readonly PhoneCountry[] {
  const white = settings.whitelistedCountries;
  const black = settings.blacklistedCountries ?? [];
  return PHONE_COUNTRIES.filter((c) => (white ? white.includes(c.countryCode) : !black.includes(c.countryCode)));
}

export type PhoneNumberProblem = 'empty' | 'invalid' | 'unsupportedCountry';

export type PhoneNumberResult = { readonly ok: true; readonly e164: string } | { readonly ok: false; readonly problem: PhoneNumberProblem };

/**
 * The number to send the code to, in E.164. The guest types the national number ('0151 1234567')
 * or an international one ('+43 …', '0043 …'); the latter must be one of the offered countries
 * ('Der angegebene Ländercode wird nicht unterstützt.'). Only digits, spaces and plus; at least
 * 8 characters (§5); a national trunk zero is dropped.
 */
export function phoneNumberFor(country: PhoneCountry, typed: string, offered: readonly PhoneCountry[] = PHONE_COUNTRIES): PhoneNumberResult {
  const raw = typed.trim();
  if (raw === '') return { ok: false, problem: 'empty' };
  if (!/^\+?[\d ]+$/.test(raw)) return { ok: false, problem: 'invalid' };
  let compact = raw.replace(/\s/g, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  let dial = country.dialCode;
  let national = compact;
  if (compact.startsWith('+')) {
    const match = offered.find((c) => compact.startsWith(c.dialCode));
    if (!match) return { ok: false, problem: 'unsupportedCountry' };
    dial = match.dialCode;
    national = compact.slice(match.dialCode.length);
  }
  national = national.replace(/^0/, '');
  const e164 = `${dial}${national}`;
  // At least 8 characters as typed (§5), and a plausible national number (E.164: at most 15 digits).
  if (raw.replace(/\s/g, '').length < SHOP_CONSTANTS.phoneMinLength || national.length < 6 || e164.length - 1 > 15) {
    return { ok: false, problem: 'invalid' };
  }
  return { ok: true, e164 };
}

/** The code is exactly 6 digits (§5). */
export function isVerificationCode(code: string): boolean {
  return new RegExp(`^\\d{${SHOP_CONSTANTS.phoneCodeLength}}$`).test(code.trim());
}

/** Whether another code may be tried after `failed` wrong ones (at most 6 attempts, §5 and §8). */
export function mayTryCode(failed: number): boolean {
  return failed < SHOP_CONSTANTS.phoneAttempts;
}

/** Seconds until a new code may be requested (15 s countdown from sending); 0: now. */
export function resendSecondsLeft(sentAt: number, now: number): number {
  const left = SHOP_CONSTANTS.phoneResendCountdownS * 1000 - (now - sentAt);
  return left <= 0 ? 0 : Math.ceil(left / 1000);
}

/** '+49 151 12345678' for display (the dial code apart from the rest). */
export function displayPhone(e164: string): string {
  const country = PHONE_COUNTRIES.find((c) => e164.startsWith(c.dialCode));
  return country ? `${country.dialCode} ${e164.slice(country.dialCode.length)}` : e164;
}
