/** Push messages, the pickup question and the share prompt (requirements#push, requirements#errors; requirements#checkout-screens, requirements#checkout-behaviour). */
export const push = {
  // the question on the order page after ordering (requirements#checkout-behaviour)
  pickupQuestionTitle: 'Sollen wir dir Bescheid geben, wenn deine Bestellung abholbereit ist?',
  pickupQuestionText: 'Du bekommst eine Benachrichtigung, sobald du abholen kannst – auch wenn du den Shop verlässt.',
  pickupQuestionYes: 'Ja erlauben',
  pickupQuestionNo: 'Nein danke',
  pickupEnabled: 'Wir geben dir Bescheid, sobald deine Bestellung abholbereit ist.',
  // requirements#errors "Push permission refused"
  blockedTitle: 'Benachrichtigungen blockiert',
  blockedText:
    'Du hast Benachrichtigungen für diesen Shop vor Kurzem blockiert. Du kannst sie in den Einstellungen deines Browsers erlauben oder die Seite in einer Stunde erneut öffnen.',
  failed: 'Benachrichtigungen konnten gerade nicht eingerichtet werden. Bitte versuche es später erneut.',
  // the in-app info box (title, text, image)
  messageLabel: 'Nachricht',
  messageOpen: 'Ansehen',
  messageClose: 'Schließen',
  // Einstellungen
  settingsTitle: 'Benachrichtigungen',
  settingsInfo: 'Worüber dürfen wir dich benachrichtigen?',
  settingsActive: 'Benachrichtigungen sind auf diesem Gerät aktiv.',
  settingsInactive: 'Benachrichtigungen sind auf diesem Gerät nicht aktiviert.',
  settingsUnsupported: 'Dieser Browser unterstützt keine Benachrichtigungen.',
  settingsBlocked: 'Benachrichtigungen sind in deinem Browser für diesen Shop blockiert. Du kannst sie in den Einstellungen deines Browsers erlauben.',
  settingsEnable: 'Benachrichtigungen aktivieren',
  settingsDisable: 'Benachrichtigungen ausschalten',
  settingsSaved: 'Deine Auswahl wurde gespeichert.',
  settingsSaveFailed: 'Deine Auswahl konnte nicht gespeichert werden. Bitte versuche es später erneut.',
  topics: {
    news: 'Neuigkeiten',
    coupons: 'Gutscheine und Angebote',
    loyalty: 'Stempelkarte und Treuepunkte',
  },
  // the share-app prompt on the order page (requirements#checkout-screens, not for in-house)
  sharePromptTitle: 'Gefällt dir unser Shop?',
  sharePromptText: 'Teile ihn mit deinen Freunden – per QR-Code oder Link.',
  sharePromptButton: 'App teilen',
  sharePromptDismiss: 'Hinweis schließen',
} as const;
