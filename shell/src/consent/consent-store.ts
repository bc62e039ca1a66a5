import { parseConsent, type PrivacyConsent } from '@shop/shared/domain/consent';
import { createPersistentStore } from '@shop/shared/stores';

/**
 * The guest's privacy choice on this device (requirements#entities Privacy consent) with the instant it was
 * made; how long it holds is the pure rule consentStatus (about 360 days with statistics, else 1 day).
 */
export const consentStore = createPersistentStore<PrivacyConsent | null>('shell:privacyConsent', null, {
  parse: (raw) => parseConsent(raw),
});
