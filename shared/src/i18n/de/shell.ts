/** Shell texts (requirements#shell, Home, Navigation rules). */
export const shell = {
  /** 429 from the server (rate limits, docs/security.md). */
  tooManyRequests: 'Das waren gerade sehr viele Anfragen. Bitte warte einen Moment und versuche es dann noch einmal.',
  /** 400 for text with control characters (docs/security.md "Limits"). */
  invalidCharacters: 'Deine Angaben enthalten unzulässige Zeichen. Bitte prüfe deine Eingaben.',
  /** 400 for a request the contract refuses (too long, wrong type, unknown field). */
  invalidInput: 'Einige Angaben sind ungültig oder zu lang. Bitte prüfe deine Eingaben.',
  /** 413: a stored record (favourites, settings, a saved cart) would grow beyond its bound (docs/security.md "Limits"). */
  recordTooLarge: 'Das ist mehr, als wir speichern können. Bitte entferne ein paar Einträge und versuche es noch einmal.',
  /** 503: the database is away for a moment (the checkout retries the save on its own, requirements#operations). */
  serviceUnavailable: 'Der Shop ist gerade kurz nicht erreichbar. Bitte versuche es in ein paar Sekunden noch einmal.',
  /** 500: something failed on the server. */
  serverError: 'Unerwarteter Fehler. Bitte versuche es erneut.',
  /** The shop's name: the header's brand and the end of every page title. */
  shopName: 'Street Food',
  /** Skip link, the first thing a keyboard reaches on every page. */
  skipToContent: 'Zum Inhalt springen',
  notFoundTitle: 'Seite nicht gefunden',
  notFoundText: 'Diese Seite gibt es leider nicht (mehr).',
  toStartPage: 'Zur Startseite',
  remoteUnavailableTitle: 'Dieser Bereich ist gerade nicht erreichbar',
  remoteUnavailableText: 'Bitte versuche es in einem Moment erneut. Der Rest des Shops funktioniert weiter.',
  retry: 'Erneut versuchen',
  /** An installed app learns of a release while the guest is in checkout (docs/requirements.md#app-update). */
  updateAvailable: 'Neue Version verfügbar',
  updateNow: 'Jetzt aktualisieren',
  /** A preview host without its token (docs/requirements.md#preview-apart): QA staff, not guests, see these. */
  previewLockedTitle: 'Vorschau für die Qualitätssicherung',
  previewLocked: 'Diese Vorschau ist nur mit Zugangsschlüssel erreichbar. Bitte öffne sie mit dem Link, den du vom Team bekommen hast (…/?preview-token=…).',
  previewTokenWrong: 'Dieser Zugangsschlüssel gilt nicht für diese Vorschau. Bitte prüfe den Link, den du vom Team bekommen hast.',
  /** Cart and checkout fallbacks: the guest's cart lives in the shell's store, not in the remote. */
  remoteUnavailableCartKept: 'Dein Warenkorb bleibt erhalten – es geht nichts verloren.',
  remoteUnavailableToCart: 'Zurück zum Korb',
  loading: 'Wird geladen …',
  /** While the device has no connection (the service worker keeps the shop open). */
  offlineNotice: 'Du bist offline. Speisekarte und Warenkorb bleiben da – bestellen kannst du, sobald du wieder online bist.',
  menu: 'Menü',
  closeMenu: 'Menü schließen',
  back: 'Zurück',
  // header bar
  navHome: 'Home',
  navWaiterCall: 'Kellnerruf',
  navNews: 'Aktuelles',
  navFood: 'Speisen',
  navDrinks: 'Getränke',
  navHistory: 'Bestellungen',
  navCart: 'Warenkorb',
  /** The news badge, for screen readers: 'Aktuelles (2 neue Nachrichten)'. */
  newsUnread: '{count} neu',
  // drawer
  drawerHome: 'Home',
  drawerAccount: 'Account',
  drawerAssortment: 'Sortiment',
  drawerFavourites: 'Favoriten',
  drawerNews: 'Aktuelles',
  drawerOrders: 'Bestellungen',
  drawerWaiterCall: 'Kellnerruf',
  drawerAllergens: 'Allergene',
  drawerModeTakeaway: 'Zur Abholung bestellen',
  drawerModeInhouse: 'Am Tisch bestellen',
  drawerInstall: 'App installieren',
  drawerShare: 'App teilen',
  // install and share (requirements#product, requirements#screens Overlays)
  installAlready: 'Die App ist bereits installiert.',
  installTitle: 'App installieren',
  installHowTo: 'Öffne das Browsermenü und wähle „Zum Startbildschirm hinzufügen“, um den Shop wie eine App zu nutzen.',
  shareTitle: 'App teilen',
  shareIntro: 'Lass den QR-Code scannen oder schick den Link weiter.',
  shareQrLabel: 'QR-Code mit der Adresse des Shops',
  shareSend: 'Teilen',
  shareCopy: 'Link kopieren',
  shareCopied: 'Link kopiert',
  shareClose: 'Schließen',
  switchToTakeawayQuestion: 'Möchtest du wirklich zur Abholung wechseln?',
  switchedToTakeaway: 'Du bestellst jetzt zur Abholung.',
  drawerPaymentMethods: 'Zahlungsmittel',
  drawerInfo: 'Info',
  drawerImprint: 'Impressum',
  drawerCookies: 'Cookies',
  drawerPrivacy: 'Datenschutz',
  drawerTerms: 'AGB',
  drawerReload: 'Neu laden',
  // home tiles
  tileStamp: 'Stempelkarte',
  tileFood: 'Speisen',
  tileDrinks: 'Getränke',
  tileWaiterCall: 'Kellnerruf',
  tilePickupTimes: 'Abholzeiten',
  tileNews: 'Aktuelles',
  tileOrders: 'Bestellungen',
  tileVouchers: 'Gutscheine',
  tileReservation: 'Tisch Reservieren',
  homeGreeting: 'Frisch. Scharf. Street Food aus Hamburg.',
  homeTableMode: 'Du bestellst an Tisch {table}',
  // table-number dialog and QR scanner (requirements#screens, requirements#shop-validation, requirements#checkout-errors)
  tableDialogTitle: 'Tischnummer',
  // requirements#shop-behaviour: the table is kept for 2 hours
  tableExpiredTitle: 'Die maximale Zeit am Tisch ist überschritten',
  tableExpiredText: 'Bitte scanne den QR-Code auf deinem Tisch erneut, um weiter am Tisch zu bestellen.',
  tableDialogIntro: 'Gib die Nummer deines Tisches ein. Du findest sie auf dem Aufsteller am Tisch.',
  tableReset: 'Zurücksetzen',
  tableNext: 'Weiter',
  tableCancel: 'Abbrechen',
  tableEmpty: 'Bitte gib deine Tischmummer ein, oder drücke auf den Button "Abbrechen"',
  tableScan: 'Tisch QR-Code einscannen',
  tableDetected: 'Erkannte Tischnummer',
  tableCameraHint: 'Bitte erlaube den Zugriff auf die Kamera, damit wir den QR-Code lesen können.',
  tableCameraFailed: 'Die Kamera konnte nicht gestartet werden. Gib die Tischnummer bitte von Hand ein.',
  tableQrForeign: 'Der QR-Code ist fremd und kann daher nicht verwendet werden',
  tableQrUnreadable: 'Die Tischnummer konnte nicht erkannt werden',
  // footer
  footerImprint: 'Impressum',
  footerPrivacy: 'Datenschutz',
  footerCookies: 'Cookies',
  footerTerms: 'AGB',
  // overlays
  ok: 'OK',
  yes: 'Ja',
  no: 'Nein',
  close: 'Schließen',
  addedToCart: 'Zum Korb hinzugefügt',
  /** Preview hosts only (deploy/README.md, Preview): the remote versions this browser overrides. Not a spec text. */
  previewOverrides: 'Vorschau mit eigenen Versionen: {versions}',
  previewReset: 'Zurücksetzen',
  forceReloadNotice: 'Hinweis: Nach einer kurzen Aktualisierung der App, die automatisch durchgeführt wird, kannst du deine Bestellung abschließen.',
  testModeBadge: 'Testmodus – es wird nichts berechnet',
} as const;
