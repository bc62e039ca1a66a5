/**
 * requirements#constants "Business constants and limits" (plus the numbers that §2, §4, §5 and §7 name).
 * One place for each number: code refers to these names, never to the literals.
 */
export const SHOP_CONSTANTS = {
  currency: 'EUR',
  country: 'DE',
  /** Default delay in minutes of the app config (§9: "Default delay 20 minutes"). */
  defaultDelayMinutes: 20,
  /** Default delay of the takeAway and delivery blocks. */
  defaultBlockDelayMinutes: 5,
  /** Base preparation delay (§5 Menu visibility: "base default 5"). */
  basePreparationDelayMinutes: 5,
  /** Selected pickup time kept for 2 h. */
  selectedTimeTtlMs: 2 * 60 * 60 * 1000,
  /** Table number kept for 2 h (7200000 ms) and checked every 4 s. */
  tableTtlMs: 7_200_000,
  tableCheckIntervalMs: 4_000,
  /**
   * Waiter call (beyond the spec, which names no limit): a second call from the same table within
   * a minute reaches the staff once; the guest is told the waiter is already on the way.
   */
  waiterCallRepeatMs: 60_000,
  /**
   * Quantity of one cart line: 1–99 on the item page, in the cart and on the server
   * (docs/requirements.md#cart-protection).
   */
  minLineCount: 1,
  maxLineCount: 99,
  /** Beyond the spec (limits on input, docs/security.md): at most this many lines in an order and extra portions of one step. */
  maxOrderLines: 50,
  maxExtraPortions: 5,
  /** Beyond the spec: the phone vibrates with the order-ready signal (on, off, on; ms). */
  readyVibrationPattern: [300, 150, 300] as number[],
  /** Cart lock after a restore. */
  cartLockMs: 3_000,
  /**
   * Beyond the spec: how long another app waits for mf-cart (the cart's only writer,
   * docs/requirements.md#cart-protection) to take a command while it is still loading.
   */
  cartCommandWaitMs: 10_000,
  /** Local cart restore window: 12 h = 43200000 ms (docs/adr/0005: the spec's "432000000 ms" is a typo). */
  localCartWindowMs: 43_200_000,
  /** Server cart (cartId) valid if modified less than 4 h ago. */
  serverCartMaxAgeMs: 14_400_000,
  /** Cart id cleared 20 s after a successful restore. */
  cartIdClearAfterMs: 20_000,
  /** Query parameter handling guard. */
  queryGuardMs: 10_000,
  /** Phone sign-in (§4 Login, §5, §9): at most 6 code attempts, resend after 15 s, a 6-digit code. */
  phoneAttempts: 6,
  phoneResendCountdownS: 15,
  phoneCodeLength: 6,
  /** Phone valid if at least 8 characters in the general check (§5). */
  phoneMinLength: 8,
  successScreenMs: 1_000,
  widgetBusySpinnerMs: 500,
  /** Sign-in popup of a federated provider: 500 x 600 (§9). */
  signInPopupWidth: 500,
  signInPopupHeight: 600,
  scriptLoadTimeoutMs: 5_000,
  oneTapLoadTimeoutMs: 10_000,
  emailLinkCookieS: 3_600,
  emailLinkSessionKeyLength: 32,
  consentStatisticsTtlMs: 31_104_000_000,
  consentNoStatisticsTtlMs: 24 * 60 * 60 * 1000,
  stampDefaultDiscount: 15,
  stampDefaultType: 1,
  pushTopics: ['news', 'coupons', 'loyalty'] as const,
  defaultWeightGrams: 300,
  /** Push (§4, §9): token storage on the server retried up to 10 times, 4 s apart. */
  pushTokenRetries: 10,
  pushTokenRetryMs: 4_000,
  /** Push (§4): a token error mentioning an expected OAuth token is retried after about 2.2 s. */
  pushTokenOAuthRetryMs: 2_200,
  /** Beyond the spec (which names no limit): such token errors are retried at most this many times. */
  pushTokenOAuthRetries: 3,
  /** Push (§4): "not granted" is retried after about 1.1 s, then the token is removed and permission asked. */
  pushNotGrantedRetryMs: 1_100,
  /** Beyond the spec: how long the token flow waits for the shell's service worker registration (FCM only). */
  pushServiceWorkerWaitMs: 10_000,
  /** Beyond the spec: the pickup question is asked once per order; this many answered orders are remembered. */
  pushAskedOrdersMax: 30,
  /** Beyond the spec: how long FCM keeps a message for a device that is offline (ready: 1 h; topics: 1 day). */
  pushOrderReadyTtlS: 60 * 60,
  pushTopicTtlS: 24 * 60 * 60,
  /** Beyond the spec: the share-app prompt on the order page stays away this long after it was closed or used. */
  sharePromptSnoozeMs: 30 * 24 * 60 * 60_000,
  notificationSoundRepeats: 5,
  notificationSoundGapMs: 2_000,
  itemOptionsDelayMs: 100,
  maxSelectSlots: 300,
  cameraHintMs: 3_000,
  qrMaxScansPerSecond: 10,
  qrMinLength: 5,
  cardAddButtonDelayMs: 500,
  cartBadgeAnimationMs: 3_000,
  /** Menus and config pulled every 20 s, first lazy pull at 90 s (§7). */
  menuPullIntervalMs: 20_000,
  menuFirstLazyPullMs: 90_000,
  storesLoadDelayMs: 4_000,
  /** Action client (§7). */
  defaultActionTimeoutMs: 10_000,
  cardActionTimeoutMs: 6_100,
  binaryGetTimeoutMs: 3_000,
  browserIdMinLength: 25,
  browserIdRetryMs: 100,
  /** Overlays (§2 Shell). */
  snackbarMs: 3_000,
  bottomSheetMs: 4_000,
  addedToCartOverlayMs: 900,
  /** "After a successful add ... 'Weiter' appears after 900 ms" (§4). */
  continueButtonDelayMs: 900,
  /** Device classes by width (§2). */
  deviceClassXxsMaxPx: 599,
  deviceClassXsMaxPx: 960,
  /** Table number: digits only, at most 3 (§5). */
  tableNumberMaxDigits: 3,
  /** Chunk load timeout (§8). */
  chunkLoadTimeoutMs: 120_000,
  /** Favourites and preferences saved by device id (§9): DocUpserter autoRetry on transport errors. */
  preferencesSaveRetries: 3,
  preferencesSaveRetryMs: 2_000,
  /** Local order records (§4): current from 20 min before to 5 min after the target time. */
  currentOrderBeforeTargetMs: 20 * 60_000,
  currentOrderAfterTargetMs: 5 * 60_000,
  /** A missing target time defaults to 14 minutes after creation (§4). */
  defaultTargetAfterCreatedMs: 14 * 60_000,
  /** Order-update logic (§4): a jump to the order page from 1 h before to 10 min after the target. */
  orderJumpBeforeTargetMs: 60 * 60_000,
  orderJumpAfterTargetMs: 10 * 60_000,
  /** Last orders kept on the device (not in the spec: bounds the local copy). */
  lastOrdersMax: 30,
  /** The restaurant's clock: target times and dates are shown in this zone. */
  shopTimeZone: 'Europe/Berlin',
  /** Person data (§5): widget top-level part of the e-mail 2 to 63 characters. */
  emailTldMinLength: 2,
  emailTldMaxLength: 63,
  /** Full name longer than 3 characters, with a space at index 2 or later, not at the end. */
  fullNameMinLength: 4,
  fullNameSpaceMinIndex: 2,
  /** Short name at least 2 characters. */
  shortNameMinLength: 2,
  /** Profile complete: display name over 3, e-mail over 2, phone over 6 characters. */
  profileNameMinLength: 4,
  profileEmailMinLength: 3,
  profilePhoneMinLength: 7,
  /** Strong password: at least six characters with letters and digits (§5 widget). */
  passwordMinLength: 6,
} as const;

/** The device classes of requirements#screens. */
export const DEVICE_CLASSES = ['xxs', 'xs', 'md'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Device class of a viewport width (requirements#screens: up to 599 px xxs, up to 960 px xs, otherwise md). */
export function deviceClass(widthPx: number): DeviceClass {
  if (widthPx <= SHOP_CONSTANTS.deviceClassXxsMaxPx) return 'xxs';
  if (widthPx <= SHOP_CONSTANTS.deviceClassXsMaxPx) return 'xs';
  return 'md';
}
