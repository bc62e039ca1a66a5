/**
 * The route table (requirements#screens, requirements#checkout-screens): route name -> path -> owning remote.
 * Paths are the route names (ARCHITECTURE.md). Links are always built by name with `pathTo`.
 * `:param` is required, `:param?` optional. Path matching is case-sensitive, like the product's.
 */
export type AppName = 'shell' | 'mf_menu' | 'mf_cart' | 'mf_checkout' | 'mf_account' | 'mf_orders';

export interface RouteDef {
  readonly path: string;
  readonly app: AppName;
  /** Extra paths that lead to the same screen (e.g. '/' and '/Home'). */
  readonly aliases?: readonly string[];
  /** Page title shown in the header (German). */
  readonly title?: string;
}

const def = (path: string, app: AppName, title?: string, aliases?: readonly string[]): RouteDef => ({
  path,
  app,
  ...(title !== undefined ? { title } : {}),
  ...(aliases !== undefined ? { aliases } : {}),
});

export const ROUTES = {
  // shell
  Home: def('/', 'shell', 'Home', ['/Home']),
  debugParams: def('/debugParams', 'shell', 'Debug'),

  // mf-menu: assortment, categories, items, landing and content pages
  Sortiment: def('/Sortiment', 'mf_menu', 'Sortiment'),
  Speisen: def('/Speisen/:catname?', 'mf_menu', 'Speisen'),
  Getraenke: def('/Getraenke/:catname?', 'mf_menu', 'Getränke'),
  SpeisenProdukte: def('/SpeisenProdukte/:catname', 'mf_menu', 'Speisen'),
  GetraenkeProdukte: def('/GetraenkeProdukte/:catname', 'mf_menu', 'Getränke'),
  Produkte: def('/Produkte', 'mf_menu', 'Produkte'),
  Speise: def('/Speise/:itemId', 'mf_menu', 'Speise'),
  Getraenk: def('/Getraenk/:itemId', 'mf_menu', 'Getränk'),
  Favoriten: def('/Favoriten', 'mf_menu', 'Favoriten'),
  Aktuelles: def('/Aktuelles', 'mf_menu', 'Aktuelles'),
  Nachricht: def('/Nachricht/:newsId', 'mf_menu', 'Aktuelles'),
  Beitrag: def('/Beitrag/:tag', 'mf_menu', 'Beitrag'),
  Page: def('/Page/:name', 'mf_menu', 'Info'),
  AGB: def('/AGB', 'mf_menu', 'AGB'),
  Allergene: def('/Allergene', 'mf_menu', 'Allergene'),
  Datenschutz: def('/Datenschutz', 'mf_menu', 'Datenschutz'),
  Impressum: def('/Impressum', 'mf_menu', 'Impressum'),
  Cookies: def('/Cookies', 'mf_menu', 'Cookies'),
  Oeffnungszeiten: def('/Oeffnungszeiten', 'mf_menu', 'Öffnungszeiten'),
  Abholzeiten: def('/Abholzeiten', 'mf_menu', 'Abholzeiten'),
  Filialen: def('/Filialen', 'mf_menu', 'Filialen'),
  Standorte: def('/Standorte', 'mf_menu', 'Standorte'),
  Anfahrt: def('/Anfahrt', 'mf_menu', 'Anfahrt'),
  Tischreservierung: def('/Tischreservierung', 'mf_menu', 'Tisch Reservieren'),
  Streetfood: def('/Streetfood', 'mf_menu', 'Streetfood'),
  Salsas: def('/Salsas', 'mf_menu', 'Salsas'),
  Bowls: def('/Bowls', 'mf_menu', 'Bowls'),
  SummerSize: def('/SummerSize', 'mf_menu', 'Summer Size'),
  Snacks: def('/Snacks', 'mf_menu', 'Snacks'),
  YourOwn: def('/YourOwn', 'mf_menu', 'Your Own'),
  Plates: def('/Plates', 'mf_menu', 'Plates'),
  Abholung: def('/Abholung', 'mf_menu', 'Abholung'),

  // mf-cart
  Korb: def('/Korb', 'mf_cart', 'Warenkorb'),
  Coupons: def('/Coupons', 'mf_cart', 'Coupons'),
  Gutscheine: def('/Gutscheine', 'mf_cart', 'Gutscheine'),
  Einloesen: def('/Einloesen/:couponCode?', 'mf_cart', 'Einlösen'),

  // mf-checkout (requirements#checkout-screens; names are checkout + usecase [+ WithPay] [+ Tip])
  checkouttakeAwayWithPay: def('/CheckoutTakeawayWithPay', 'mf_checkout', 'Checkout'),
  checkouttakeAway: def('/CheckoutTakeaway', 'mf_checkout', 'Checkout'),
  checkoutdelivery: def('/Checkoutdelivery', 'mf_checkout', 'Checkout'),
  checkoutdeliveryWithPay: def('/CheckoutdeliveryWithPay', 'mf_checkout', 'Checkout'),
  checkoutinhouse: def('/CheckoutInhouse', 'mf_checkout', 'Checkout'),
  checkoutinhouseWithPay: def('/CheckoutInhouseWithPay', 'mf_checkout', 'Checkout'),
  checkoutinhouseWithPayTip: def('/CheckoutInhouseWithPayTip', 'mf_checkout', 'Checkout'),
  checkoutinhouseMobilePaymentWithPay: def('/MobileCheckoutInhouseWithPay', 'mf_checkout', 'Mobile Checkout'),
  checkoutdigitalWithPay: def('/CheckoutDigitalMitOnlinePayment', 'mf_checkout', 'Checkout'),

  // mf-account
  Account: def('/Account', 'mf_account', 'Account'),
  Anmelden: def('/Anmelden', 'mf_account', 'Anmelden'),
  Registrierung: def('/Registrierung', 'mf_account', 'Registrierung'),
  resetPassword: def('/resetPassword', 'mf_account', 'Passwort zurücksetzen'),
  Einstellungen: def('/Einstellungen', 'mf_account', 'Einstellungen'),
  Zahlungsmittel: def('/Zahlungsmittel', 'mf_account', 'Zahlungsmittel'),
  Karten: def('/Karten', 'mf_account', 'Karten'),
  Stempelkarte: def('/Stempelkarte', 'mf_account', 'Stempelkarte'),

  // mf-orders
  Bestellung: def('/Bestellung/:uniqueOrderId', 'mf_orders', 'Bestellung'),
  Bestaetigung: def('/Bestaetigung', 'mf_orders', 'Bestätigung'),
  Bestellungen: def('/Bestellungen', 'mf_orders', 'Bestellungen'),
  Kellnerruf: def('/Kellnerruf', 'mf_orders', 'Kellnerruf'),
  KellnerrufErfolgreich: def('/KellnerrufErfolgreich', 'mf_orders', 'Kellnerruf'),
  Bestellboard: def('/Bestellboard', 'mf_orders', 'Bestellungen (Küche)'),
  /** The staff's administration next to the board: offers, news, customer cards, statistics (section). */
  Verwaltung: def('/Verwaltung/:section?', 'mf_orders', 'Verwaltung'),
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;

/** The federated remotes (every app but the shell), in a stable order. */
export const REMOTE_APPS = ['mf_menu', 'mf_cart', 'mf_checkout', 'mf_account', 'mf_orders'] as const;
export type RemoteAppName = (typeof REMOTE_APPS)[number];

/** @public (runtime-part API) Folder / package name of a remote ('mf_menu' -> 'mf-menu'). */
export function remoteFolder(app: RemoteAppName): string {
  return app.replace('_', '-');
}
