import { cartBadge } from './cart-badge';

/** Cart texts (requirements#screens Cart screen, requirements#entities coupons and offers, requirements#shop-behaviour restore, requirements#shop-validation adding and sums, requirements#errors). */
export const cart = {
  title: 'Warenkorb',
  empty: 'Dein Korb ist aktuell leer',
  toAssortment: 'Zum Sortiment',
  total: 'Gesamtsumme',
  itemsTotal: 'Zwischensumme',
  addMore: 'Weitere Artikel hinzufügen',
  checkout: 'Zur Kasse',
  alreadyInCart: 'Du befindest dich bereits im Warenkorb',
  increase: 'Menge erhöhen',
  decrease: 'Menge verringern',
  remove: 'Entfernen',
  floatingBar: '{count} Artikel im Korb',
  /** The landmark of the floating cart bar. */
  floatingBarRegion: 'Warenkorb',
  toCart: 'Zum Korb',
  ...cartBadge,
  inclVat: 'inkl. MwSt.',
  /** While the restore lock holds the controls (requirements#shop-behaviour, about 3 s after a cart is loaded). */
  restoreLockNote: 'Warenkorb wird abgeglichen …',

  // item table
  colArticle: 'Artikel',
  colCount: 'Menge',
  colPrice: 'Preis',
  course: 'Gang: {gang}',
  offerLabel: 'Angebot: {name}',
  bundleLine: 'Im Bundle „{title}“',
  noteAdd: 'Anmerkung hinzufügen',
  noteEdit: 'Anmerkung bearbeiten',
  notePlaceholder: 'Anmerkung',
  noteSave: 'Speichern',
  noteCancel: 'Abbrechen',
  noteTitle: 'Anmerkung zu {name}',

  // sum table (requirements#sums)
  offerSavings: 'Ersparnis durch Angebote',
  onlineServiceFee: 'Online Servicegebühr',
  deliveryFee: 'Liefergebühr',
  tip: 'Trinkgeld',
  minOrderMissing: 'Noch {missing} bis zum Mindestbestellwert von {min}',

  // code entry and coupons (requirements#screens, requirements#entities)
  codeLabel: 'Gutschein-Code',
  codePlaceholder: 'Code eingeben',
  codeRedeem: 'Einlösen',
  codeUnknown: 'Dieser Code ist leider ungültig.',
  /** A personal voucher typed by a guest who is not signed in (docs/requirements.md#coupons-personal). */
  codeSignInRequired: 'Dieser Gutschein ist persönlich. Bitte melde dich an, um ihn einzulösen.',
  codeEmpty: 'Bitte gib einen Code ein.',
  couponAdded: 'Gutschein „{title}“ wurde hinzugefügt',
  couponRemove: 'Gutschein entfernen',
  couponAmount: '{amount} Rabatt',
  couponDiscount: '{percent} % Rabatt',
  couponBundle: 'Bundle für {price}',
  couponIndividual: 'Persönlicher Gutschein über {amount}',
  couponValidUntil: 'Gültig bis {date}',
  couponNotCombinable: 'Nicht mit anderen Gutscheinen kombinierbar',
  couponSingleUse: 'Einmalig einlösbar',
  couponShownOnly: 'Dieser Gutschein gilt nur im Restaurant. Zeige ihn einfach an der Kasse vor.',
  couponToCart: 'In den Korb',
  couponClose: 'Schließen',
  couponsTitle: 'Coupons',
  vouchersTitle: 'Gutscheine',
  couponsEmpty: 'Zur Zeit gibt es keine Gutscheine.',
  savedCoupons: 'Deine Gutscheine',
  redeemTitle: 'Gutschein einlösen',
  redeemLoading: 'Gutschein wird geladen …',
  promoTitle: 'Aktion',

  // refusals (requirements#add-to-cart)
  orderingDisabled: 'Aktuell sind keine Online Bestellungen möglich!',
  flowDisabled: 'Diese Bestellart ist zur Zeit leider nicht möglich.',
  tooManyLines: 'Bitte bestelle höchstens {max} verschiedene Artikel auf einmal.',
  unikatTwice: '„{name}“ gibt es nur einmal pro Bestellung.',
  branchOrderingDisabled: 'In dieser Filiale sind aktuell keine Bestellungen möglich. Bitte versuche es später erneut.',
  stockLimit: 'Von „{name}“ sind nur noch {count} Stück verfügbar.',
  /** A line holds at most 99 (docs/requirements.md#cart-protection); said when an add stops at the limit. */
  /** mf-cart (the cart's only writer) did not load: an add cannot go in right now. */
  unavailable: 'Der Warenkorb ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal.',
  quantityLimit: 'Von „{name}“ passen höchstens {max} Stück in den Korb. Im Korb: {max}.',
  couponExpired: 'Dieser Gutschein ist leider abgelaufen.',
  couponRedeemed: 'Dieser Gutschein wurde bereits eingelöst.',
  couponInactive: 'Dieser Gutschein ist zur Zeit nicht aktiv.',
  couponNotApplicable: 'Dieser Gutschein kann nicht online eingelöst werden.',
  couponDuplicate: 'Dieser Gutschein ist bereits in deinem Korb.',
  couponBlocked: 'Dieser Gutschein kann nicht mit anderen Gutscheinen kombiniert werden.',
  couponForeign: 'Dieser Gutschein gehört zu einem anderen Konto.',
  couponNeedsLogin: 'Bitte melde dich an, um diesen Gutschein einzulösen.',
  bundleUnavailable: 'Die Artikel dieses Gutscheins sind zur Zeit nicht verfügbar.',
  bundleIncomplete: 'Zum Bundle „{title}“ fehlen Artikel. Bitte entferne den Gutschein und löse ihn erneut ein.',
  stampUnavailable: 'Die Stempelkarte kann gerade nicht eingelöst werden.',
  stampNotFull: 'Deine Stempelkarte ist noch nicht voll.',
  stampCouponTitle: 'Stempelkarte: {amount} Rabatt',

  // server refusals of SaveNewOrder
  pricesChanged: 'Die Preise haben sich geändert. Bitte prüfe deinen Warenkorb.',
  itemUnavailable: '„{name}“ ist nicht mehr verfügbar.',
  itemNotBuyable: '„{name}“ ist zur Zeit nicht bestellbar.',
  itemSoldOut: '„{name}“ ist leider bereits ausverkauft.',
  // beyond the spec (requirements#add-to-cart): a line whose item sold out after it was added, said before the checkout
  lineSoldOut: '„{name}“ ist leider bereits ausverkauft. Bitte entferne den Artikel, um zu bestellen.',
  itemStockLimit: 'Von „{name}“ sind nicht mehr genug Stück verfügbar.',
  feeMismatch: 'Die Gebühren haben sich geändert. Bitte prüfe deinen Warenkorb.',
  tipInvalid: 'Das Trinkgeld ist ungültig. Bitte wähle es erneut.',
  // beyond the spec (requirements#operating-rules, ADR 0026): open unpaid orders per browser / network, tip only where offered
  draftLimitBrowser: 'Du hast schon {max} unbezahlte Bestellungen offen. Bitte bezahle oder storniere eine davon, bevor du eine neue Bestellung beginnst.',
  draftLimitNetwork: 'Aus diesem Netzwerk sind gerade zu viele unbezahlte Bestellungen offen. Bitte versuche es in ein paar Minuten erneut.',
  tipNotOffered: 'Trinkgeld kann nur bei einer Bestellung am Tisch mit Online-Zahlung gegeben werden.',

  // stamp-card teaser
  stampTeaser: 'Sammle Stempel! Pro 10 € Einkauf gibt es einen Stempel, 10 Stempel bringen dir Rabatt auf deine nächste Bestellung.',
  stampTeaserLink: 'Zur Stempelkarte',

  // restore and share (requirements#shop-behaviour, requirements#errors)
  restoreFailed: 'Items could not be loaded. Please reload the page to try again',
  restoreDone: 'Dein Warenkorb wurde wiederhergestellt',
  restoreExpired: 'Dieser Warenkorb-Link ist abgelaufen.',
  restoreSkippedNotEmpty: 'Dein Korb enthält bereits Artikel, der geteilte Warenkorb wurde nicht geladen.',
  shareCart: 'Warenkorb teilen',
  shareCartHint: 'Mit diesem Link öffnest du deinen Warenkorb in den nächsten 4 Stunden auf einem anderen Gerät.',
  shareCartCopy: 'Link kopieren',
  shareCartCopied: 'Link kopiert',
  shareCartFailed: 'Der Warenkorb konnte nicht gespeichert werden. Bitte versuche es erneut.',
  shareCartLink: 'Link zum Warenkorb',
} as const;
