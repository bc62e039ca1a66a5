import { describe, expect, it } from 'vitest';
import { PHONE_COUNTRIES, displayPhone, isVerificationCode, mayTryCode, offeredCountries, phoneNumberFor, resendSecondsLeft } from './phone-sign-in';

const [DE, AT, CH] = PHONE_COUNTRIES as [(typeof PHONE_COUNTRIES)[0], (typeof PHONE_COUNTRIES)[0], (typeof PHONE_COUNTRIES)[0]];

describe('phone sign-in countries (requirements#entities, requirements#shop-behaviour)', () => {
  it('offers DE first, then AT and CH, with name, combined code and dial code', () => {
    expect(PHONE_COUNTRIES.map((c) => [c.countryCode, c.combined, c.dialCode])).toEqual([
      ['DE', '49-DE', '+49'],
      ['AT', '43-AT', '+43'],
      ['CH', '41-CH', '+41'],
    ]);
  });

  it("filters by the host's whitelist or blacklist", () => {
    expect(offeredCountries({}).map((c) => c.countryCode)).toEqual(['DE', 'AT', 'CH']);
    expect(offeredCountries({ whitelistedCountries: ['CH'] }).map((c) => c.countryCode)).toEqual(['CH']);
    expect(offeredCountries({ blacklistedCountries: ['AT'] }).map((c) => c.countryCode)).toEqual(['DE', 'CH']);
  });
});

describe('the number to send the code to', () => {
  it('builds E.164 from a national number, dropping the trunk zero and spaces', () => {
    expect(phoneNumberFor(DE, '0151 1234 5678')).toEqual({ ok: true, e164: '+4915112345678' });
    expect(phoneNumberFor(AT, '0664 1234567')).toEqual({ ok: true, e164: '+436641234567' });
    expect(phoneNumberFor(CH, '079 123 45 67')).toEqual({ ok: true, e164: '+41791234567' });
  });

  it('accepts an international number of an offered country, with + or 00', () => {
    expect(phoneNumberFor(DE, '+43 664 1234567')).toEqual({ ok: true, e164: '+436641234567' });
    expect(phoneNumberFor(DE, '0041 79 123 45 67')).toEqual({ ok: true, e164: '+41791234567' });
    expect(phoneNumberFor(DE, '+49 (0)151 12345678')).toEqual({ ok: false, problem: 'invalid' });
  });

  it("refuses a country code the shop does not offer ('Der angegebene Ländercode wird nicht unterstützt.')", () => {
    expect(phoneNumberFor(DE, '+33 6 12 34 56 78')).toEqual({ ok: false, problem: 'unsupportedCountry' });
    expect(phoneNumberFor(DE, '+43 664 1234567', [DE])).toEqual({ ok: false, problem: 'unsupportedCountry' });
  });

  it('refuses empty, foreign characters and numbers under 8 characters', () => {
    expect(phoneNumberFor(DE, '  ')).toEqual({ ok: false, problem: 'empty' });
    expect(phoneNumberFor(DE, '0151-123456')).toEqual({ ok: false, problem: 'invalid' });
    expect(phoneNumberFor(DE, '0151 123')).toEqual({ ok: false, problem: 'invalid' });
    expect(phoneNumberFor(DE, '01511234')).toEqual({ ok: true, e164: '+491511234' });
    expect(phoneNumberFor(DE, '0151 1234 5678 9012 3')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('shows the dial code apart', () => {
    expect(displayPhone('+4915112345678')).toBe('+49 15112345678');
    expect(displayPhone('+15551234567')).toBe('+15551234567');
  });
});

describe('code, attempts and resend (requirements#shop-validation, requirements#constants)', () => {
  it('takes exactly 6 digits', () => {
    expect(isVerificationCode('123456')).toBe(true);
    expect(isVerificationCode(' 123456 ')).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', '']) expect(isVerificationCode(bad)).toBe(false);
  });

  it('allows at most 6 attempts', () => {
    expect(mayTryCode(0)).toBe(true);
    expect(mayTryCode(5)).toBe(true);
    expect(mayTryCode(6)).toBe(false);
  });

  it('counts 15 seconds down before a new code may be sent', () => {
    expect(resendSecondsLeft(1000, 1000)).toBe(15);
    expect(resendSecondsLeft(1000, 1001)).toBe(15);
    expect(resendSecondsLeft(1000, 2000)).toBe(14);
    expect(resendSecondsLeft(1000, 15_999)).toBe(1);
    expect(resendSecondsLeft(1000, 16_000)).toBe(0);
    expect(resendSecondsLeft(1000, 99_000)).toBe(0);
  });
});
