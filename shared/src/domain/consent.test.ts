import { describe, expect, it } from 'vitest';
import { consentDialogDue, consentExpiresAt, consentStatus, consentTtlMs, mayCountPageViews, parseConsent } from './consent';

const T = Date.UTC(2026, 10, 24, 11, 0);
const DAY = 86_400_000;

describe('privacy consent (requirements#constants: 31104000000 ms with statistics, else 1 day)', () => {
  it('keeps an accepted choice about 360 days, a declined one a day', () => {
    expect(consentTtlMs(true)).toBe(31_104_000_000);
    expect(consentTtlMs(false)).toBe(DAY);
    expect(consentExpiresAt({ statistics: true, decidedAt: T })).toBe(T + 360 * DAY);
  });

  it('asks without a choice', () => {
    expect(consentStatus(null, T)).toBe('ask');
    expect(consentStatus(undefined, T)).toBe('ask');
  });

  it('holds statistics until the 360th day, then asks again', () => {
    const c = { statistics: true, decidedAt: T };
    expect(consentStatus(c, T)).toBe('statistics');
    expect(consentStatus(c, T + 360 * DAY - 1)).toBe('statistics');
    expect(consentStatus(c, T + 360 * DAY)).toBe('ask');
  });

  it('holds a refusal one day, then asks again', () => {
    const c = { statistics: false, decidedAt: T };
    expect(consentStatus(c, T + DAY - 1)).toBe('necessary');
    expect(consentStatus(c, T + DAY)).toBe('ask');
  });

  it('asks again when the choice is dated in the future (clock set back)', () => {
    expect(consentStatus({ statistics: true, decidedAt: T + 1000 }, T)).toBe('ask');
    expect(consentStatus({ statistics: true, decidedAt: Number.NaN }, T)).toBe('ask');
  });

  it('counts page views only while statistics are accepted', () => {
    expect(mayCountPageViews({ statistics: true, decidedAt: T }, T + DAY)).toBe(true);
    expect(mayCountPageViews({ statistics: false, decidedAt: T }, T)).toBe(false);
    expect(mayCountPageViews({ statistics: true, decidedAt: T }, T + 361 * DAY)).toBe(false);
    expect(mayCountPageViews(null, T)).toBe(false);
  });

  it('reads back only well-formed choices', () => {
    expect(parseConsent({ statistics: true, decidedAt: T })).toEqual({ statistics: true, decidedAt: T });
    expect(parseConsent({ statistics: 'yes', decidedAt: T })).toBeUndefined();
    expect(parseConsent({ statistics: true })).toBeUndefined();
    expect(parseConsent('x')).toBeUndefined();
    expect(parseConsent(null)).toBeUndefined();
  });
});

describe('when the consent dialog asks', () => {
  it('asks on every page without a valid choice, except on the legal pages', () => {
    expect(consentDialogDue(null, T, 'Home')).toBe(true);
    expect(consentDialogDue(null, T, undefined)).toBe(true);
    expect(consentDialogDue(null, T, 'Datenschutz')).toBe(false);
    expect(consentDialogDue(null, T, 'Cookies')).toBe(false);
    expect(consentDialogDue({ statistics: false, decidedAt: T }, T + 1000, 'Home')).toBe(false);
    expect(consentDialogDue({ statistics: false, decidedAt: T }, T + DAY, 'Home')).toBe(true);
  });
});
