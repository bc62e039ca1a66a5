/**
 * Privacy consent (DSGVO dialog, requirements#screens Overlays, requirements#entities "Privacy consent: statistics flag", requirements#constants
 * durations) and the shop's own page-view statistics. The spec gives no wording: these texts say
 * exactly what the shop stores and sends.
 */
export const privacy = {
  consentTitle: 'Datenschutz-Einstellungen',
  consentText:
    'Wir speichern in deinem Browser nur, was der Shop zum Funktionieren braucht: Warenkorb, Bestellungen und deine Einstellungen. ' +
    'Mit deiner Einwilligung zählen wir zusätzlich, welche Seiten des Shops aufgerufen werden – nur Seite, Tag und Gerätegröße, ' +
    'ohne Gerätekennung und ohne IP-Adresse, auf unserem eigenen Server. Das hilft uns, den Shop zu verbessern.',
  consentDuration:
    'Deine Wahl merken wir uns auf diesem Gerät: mit Statistik etwa 360 Tage, ohne Statistik einen Tag. ' +
    'Ändern kannst du sie jederzeit über „Datenschutz-Einstellungen“ unten auf jeder Seite.',
  consentAccept: 'Statistik erlauben',
  consentDecline: 'Nur notwendige',
  consentMore: 'Mehr dazu in der Datenschutzerklärung',
  consentCurrentStatistics: 'Aktuell erlaubt: Statistik.',
  consentCurrentNecessary: 'Aktuell: nur notwendige Speicherung, keine Statistik.',
  consentSavedStatistics: 'Danke! Wir zählen ab jetzt anonym, welche Seiten aufgerufen werden.',
  consentSavedNecessary: 'Gespeichert: keine Statistik.',
  /** The footer button that opens the dialog again (and the Cookies page's). */
  consentSettings: 'Datenschutz-Einstellungen',
} as const;
