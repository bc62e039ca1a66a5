import { SHOP_CONSTANTS } from './shop-constants';

/**
 * Privacy consent (requirements#entities "Privacy consent: statistics flag", requirements#constants "stored about 360 days
 * (31104000000 ms) if statistics accepted, else 1 day"). The guest's choice is kept on the device
 * with the instant it was made; once it has run out the consent dialog asks again.
 */
export interface PrivacyConsent {
  /** Whether the guest allowed the shop's own page-view statistics. */
  readonly statistics: boolean;
  /** When the guest chose (ms). */
  readonly decidedAt: number;
}

export type ConsentStatus = 'ask' | 'statistics' | 'necessary';

/** How long a choice is kept: about 360 days with statistics, one day without. */
export function consentTtlMs(statistics: boolean): number {
  return statistics ? SHOP_CONSTANTS.consentStatisticsTtlMs : SHOP_CONSTANTS.consentNoStatisticsTtlMs;
}

/** When a choice runs out (ms). */
export function consentExpiresAt(consent: PrivacyConsent): number {
  return consent.decidedAt + consentTtlMs(consent.statistics);
}

/**
 * What holds now: 'ask' without a choice, with one that has run out, or with one dated in the
 * future (a clock set back must not keep a choice for longer); otherwise the choice.
 */
export function consentStatus(consent: PrivacyConsent | null | undefined, now: number): ConsentStatus {
  if (!consent || !Number.isFinite(consent.decidedAt) || consent.decidedAt > now) return 'ask';
  if (now >= consentExpiresAt(consent)) return 'ask';
  return consent.statistics ? 'statistics' : 'necessary';
}

/** Page views are counted only while the guest's consent to statistics holds. */
export function mayCountPageViews(consent: PrivacyConsent | null | undefined, now: number): boolean {
  return consentStatus(consent, now) === 'statistics';
}

/** A stored value read back from the device (anything else is no choice). */
export function parseConsent(raw: unknown): PrivacyConsent | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.statistics !== 'boolean' || typeof r.decidedAt !== 'number') return undefined;
  return { statistics: r.statistics, decidedAt: r.decidedAt };
}

/** Pages the consent dialog never covers: the legal texts a guest may want to read before choosing. */
export const CONSENT_FREE_ROUTES: readonly string[] = ['Datenschutz', 'Cookies', 'Impressum', 'AGB'];

/** Whether the consent dialog asks now, on the page of route `routeName` (undefined: an unknown path). */
export function consentDialogDue(consent: PrivacyConsent | null | undefined, now: number, routeName: string | undefined): boolean {
  if (routeName !== undefined && CONSENT_FREE_ROUTES.includes(routeName)) return false;
  return consentStatus(consent, now) === 'ask';
}
