/** The shell's further overlays and screens (requirements#screens Overlays: bottom sheet, referral; route debugParams). */
export const overlays = {
  // bottom sheet (closes after 4 s)
  sheetClose: 'Schließen',
  /** A news item that arrived live (newsUpdated). */
  newsSheet: 'Neu: {title}',
  newsSheetAction: 'Lesen',
  /** Offers changed live (offersUpdated). */
  offersSheet: 'Unsere Angebote wurden gerade aktualisiert.',
  offersSheetAction: 'Ansehen',
  // referral
  drawerReferral: 'Freunde einladen',
  referralTitle: 'Freunde einladen',
  referralIntro: 'Dir schmeckt es bei uns? Empfiehl uns weiter!',
  referralCode: 'Code: {code}',
  referralReward: 'Für dich: {reward}',
  referralShare: 'Link teilen',
  referralCopy: 'Link kopieren',
  referralCopied: 'Der Link ist kopiert. Schick ihn an deine Freunde!',
  referralCopyFailed: 'Der Link konnte nicht kopiert werden: {url}',
  referralClose: 'Schließen',
  // debugParams
  debugTitle: 'Debug',
  debugAllowedStaff: 'Sichtbar, weil du mit einem Mitarbeiterkonto angemeldet bist.',
  debugAllowedFlag: 'Sichtbar, weil dieser Host die Debug-Seite freigibt (enableDebugParams).',
  debugQuery: 'Abfrage-Parameter beim Start',
  debugNone: 'keine',
  debugEntry: 'Ausgewerteter Einstiegskontext',
  debugState: 'Aktueller Zustand',
  debugVersions: 'App-Versionen',
  debugDescriptor: 'Beschreibung des Hosts',
  debugServer: 'Server',
  debugLoading: 'Debug-Informationen werden geladen …',
} as const;
