import { SHOP_CONSTANTS } from './shop-constants';

/**
 * requirements#checkout-constants "Business constants and limits" (plus the numbers of §4, §5 and §7).
 */
export const CHECKOUT_CONSTANTS = {
  /** Pickup slots: 5-minute steps within the next hour, 15-minute steps after; today and tomorrow only. */
  slotStepNearMinutes: 5,
  slotStepFarMinutes: 15,
  slotNearWindowMinutes: 60,
  slotDays: 2,
  /**
   * Beyond the spec: the server accepts a slot that was offered up to this many minutes ago, so a
   * guest who took a while over the form is not refused for a slot that has just passed the delay.
   */
  slotServerGraceMinutes: 15,
  onlineServiceFeeId: 'specialUniqueOnlineServiceFee',
  deliveryFeeId: 'specialUniqueDeliveryFee',
  specialFeePosId: 5007,
  /** Lengths. */
  nameMinLength: 3,
  nameWithSpaceMinLength: 4,
  nameSpaceMinIndex: 2,
  plzMinDigits: 4,
  companyMinLength: 4,
  streetMinLength: 4,
  cityMinLength: 3,
  phoneMinInhouseWaiter: 9,
  phoneMinPickup: 10,
  phoneMinDelivery: 10,
  phoneMinMobilePayment: 10,
  phoneMinGeneral: 8,
  /**
   * The human check of orders paid on site (ADR 0014: a proof of work instead of the spec's
   * 4-character picture code): PBKDF2 iterations per try and the range of tries to the answer —
   * a few hundred milliseconds on a phone, the same work for every scripted order.
   */
  cashCaptchaCost: 50,
  cashCaptchaCounterMin: 1_000,
  cashCaptchaCounterMax: 3_000,
  tableNumberMinDigits: 1,
  tableNumberMaxDigits: 3,
  /** Timers. */
  appconfigReloadMs: 30_000,
  orderStatusRefreshMs: 15_000,
  orderLookupRetryMs: 2_000,
  /**
   * Beyond the spec (requirements#accessibility, no dead ends): an order neither on this device nor on the server
   * after this long is reported as not found (the lookup goes on, as the spec asks).
   */
  orderNotFoundAfterMs: 10_000,
  overlayTakeawayMs: 5_000,
  overlayPickupPaymentMs: 8_000,
  overlayInhouseOnlineMs: 6_000,
  overlayInhouseWaiterMs: 8_000,
  overlayMobilePaymentMs: 8_000,
  fastUnloadMs: 2_000,
  saveOrderTimeoutMs: 10_000,
  saveOrderPosTimeoutMs: 60_000,
  transportRetryDelayMs: 2_200,
  transportRetries: 2,
  pickupPaymentRetryDelayMs: 1_000,
  pickupPaymentRetries: 3,
  providerCallRetries: 3,
  providerCallRetryDelayMs: 200,
  /** Card and PayPal calls: 6.1 s, the same card-call timeout as requirements#calls. */
  providerCallTimeoutMs: SHOP_CONSTANTS.cardActionTimeoutMs,
  markAuthorizedRetryMs: 800,
  successRedirectMs: 1_200,
  successRedirectWaiterMs: 400,
  doubleSubmitGuardMs: 2_000,
  doublePaypalEventGuardMs: 3_000,
  allReadyRetryMs: 2_000,
  /** Targets. */
  inhouseOnlineTargetOffsetMs: 120_000,
  mobilePaymentTargetOffsetMs: 5 * 60_000,
  digitalTable: '400',
  tipOptionsPercent: [0, 5, 10, 15] as const,
  defaultTipPercent: 5,
  /** Stamp card. */
  stampSlots: 10,
  euroPerStamp: 10,
  stampsForDiscount: 10,
  /** Provider amounts in cents, currency eur, country DE. */
  providerCurrency: 'eur',
  providerCountry: 'DE',
  walletLabel: 'Gesamtbetrag',
  walletButtonHeightPx: 55,
  /** Cash captcha challenges expire after 10 minutes (ADR 0009). */
  cashCaptchaTtlMs: 10 * 60_000,
  /** A mistyped captcha reloads silently (§8); within this time the flow reopens at its last step. */
  captchaRetryTtlMs: 60_000,
  /** Capture within the provider's authorization window (card 7 days, PayPal honor period 3 days). */
  cardAuthorizationWindowMs: 7 * 24 * 60 * 60_000,
  paypalAuthorizationWindowMs: 3 * 24 * 60 * 60_000,
  /**
   * Beyond the spec (order lifecycle, ADR 0013): an online order left unpaid this long after it was
   * saved or last changed expires; its stock and coupons are given back (UNPAID_ORDER_EXPIRY_MINUTES).
   */
  unpaidOrderExpiryMs: 30 * 60_000,
  /** How often the server expires unpaid orders and reconciles payments (ORDER_SWEEP_SECONDS). */
  orderSweepIntervalMs: 60_000,
  /**
   * Beyond the spec (requirements#operating-rules, ADR 0026): unpaid online orders one browser, or one network (IP
   * address), may hold at once. Each holds stock and coupons until it is paid or expires; a guest
   * needs one, a table of friends on the restaurant's Wi-Fi a few.
   */
  maxOpenDraftsPerBrowser: 3,
  maxOpenDraftsPerIp: 10,
  /**
   * Beyond the spec (ADR 0026): a placed order the kitchen never accepts stays on the board as
   * 'Neu'; this long after its time (pickup, delivery, or when it was placed) the sweep cancels it
   * and releases its authorization, well inside the shortest authorization window (PayPal 3 days).
   */
  unacceptedOrderCancelAfterMs: 12 * 60 * 60_000,
  /** The staff board's history (finished orders): this many per page, older pages by cursor. */
  boardHistoryPageSize: 50,
  /** The staff board lists at most this many unpaid online orders (the newest; the count is exact). */
  boardAwaitingPaymentMax: 100,
  /**
   * Mail (ARCHITECTURE "Mail through SMTP from an outbox table with retries", ADR 0026): a failed
   * send is retried after 30 s, doubling up to 1 hour, at most 30 attempts (about a day); a worker
   * holds a claimed mail for 2 minutes, a send gives up after 30 s; the outbox is looked at every 5 s.
   */
  mailRetryBaseMs: 30_000,
  mailRetryMaxMs: 60 * 60_000,
  mailMaxAttempts: 30,
  mailLeaseMs: 2 * 60_000,
  mailSendTimeoutMs: 30_000,
  mailPollMs: 5_000,
  mailBatchSize: 10,
  /** Sent mails are deleted after 30 days (they hold the guest's name and e-mail address). */
  mailKeepSentMs: 30 * 24 * 60 * 60_000,
  /** Reasons for rejecting or cancelling an order: at least this long (the guest reads them). */
  staffReasonMinLength: 3,
  staffReasonMaxLength: 200,
  /**
   * Customer cards (beyond the spec, which shows only paying with one; ADR 0021): the staff issue a
   * card with a number of 12 digits (the last a Luhn check digit) and a 6-digit check code handed to
   * the guest; top-ups are ledger entries of 1 € to 500 €, a balance at most 1000 €. Wrong check
   * codes (or unknown numbers) are limited per account: 5 in 24 hours (requirements#security: a stranger's five
   * guesses no longer lock the card for its owner); a card that drew 50 wrong codes from all
   * accounts together takes no more attempts until the staff give it a new code (a distributed
   * guessing attack locks it instead of finding its code).
   */
  customerCardNumberDigits: 12,
  customerCardCheckCodeDigits: 6,
  customerCardTopUpMinCents: 100,
  customerCardTopUpMaxCents: 50_000,
  customerCardMaxBalanceCents: 100_000,
  customerCardClaimFailuresPerAccount: 5,
  customerCardClaimWindowMs: 24 * 60 * 60_000,
  customerCardLockFailures: 50,
  /**
   * §4 Sounds, beyond the spec (docs/requirements.md#sounds): on the staff board a new order, a waiter
   * call or a table's "Wir sind fertig" sounds at once and again every this many ms until a staff
   * member acknowledges it (Annehmen, Erledigt, Gesehen); several pending alerts share one sound.
   */
  boardAlertRepeatMs: 15_000,
} as const;
