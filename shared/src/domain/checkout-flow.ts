/**
 * The checkout flows and the way into them (requirements#checkout-screens, requirements#checkout-behaviour).
 *
 * - `FLOWS`: the nine flows with their route, steps, pay mode and timers.
 * - `chooseCheckout` / `runCheckoutQuestions`: the questions before checkout (takeaway or
 *   delivery, the item-count confirmation with the total, the stamp-card redemption, 'Möchtest du
 *   online bezahlen?' when both pay modes are enabled) and the route they lead to.
 * - `checkoutRedirect`: the common redirects (empty cart, ordering disabled, in-house without
 *   table or area, sum 0, total mismatch with the stored payment total).
 *
 * Pure: the questions are asked through an injected `ask`, nothing here touches the page.
 */
import type { AppConfig, FeatureFlags } from '../contract/appconfig';
import type { Cart } from '../contract/cart';
import type { OrderMode, Usecase } from '../contract/common';
import type { RouteName } from '../routes/table';
import { checkout as checkoutTexts } from '../i18n/de/checkout';
import { shell as shellTexts } from '../i18n/de/shell';
import { fill } from '../i18n/fill';
import { productLines } from './cart';
import { CHECKOUT_CONSTANTS as C } from './checkout-constants';
import type { FlowId } from './checkout-validation';
import { formatEuro, type Cents } from './money';

export type { FlowId } from './checkout-validation';

export type StepKind = 'data' | 'time' | 'tip' | 'payment' | 'confirm';

export interface FlowDef {
  readonly id: FlowId;
  readonly route: RouteName;
  /** Price mode and the block of the app config that applies. */
  readonly mode: OrderMode;
  readonly onlinePay: boolean;
  readonly inhouse: boolean;
  readonly steps: readonly StepKind[];
  /** The order is saved when leaving this step (requirements#checkout-behaviour "The order is saved first"). */
  readonly saveAfter: StepKind;
  /** Offline flows: the payment identifier saved with the order. */
  readonly offlinePsp?: 'beiAbholung' | 'beiLieferung' | 'waiter';
  /** Loading overlay auto-hide (requirements#checkout-constants). */
  readonly overlayMs: number;
  /** Move to the order page after success (1.2 s, 400 ms for the waiter flow). */
  readonly successRedirectMs: number;
  /** Transport retries of SaveNewOrder (2 × 2.2 s; pickup-payment flow 3 × 1 s). */
  readonly saveRetries: { readonly retries: number; readonly delayMs: number };
}

const standardRetries = { retries: C.transportRetries, delayMs: C.transportRetryDelayMs };

export const FLOWS: Readonly<Record<FlowId, FlowDef>> = {
  takeawayWithPay: {
    id: 'takeawayWithPay',
    route: 'checkouttakeAwayWithPay',
    mode: 'takeaway',
    onlinePay: true,
    inhouse: false,
    steps: ['data', 'time', 'payment'],
    saveAfter: 'time',
    overlayMs: C.overlayTakeawayMs,
    successRedirectMs: C.successRedirectMs,
    saveRetries: standardRetries,
  },
  takeaway: {
    id: 'takeaway',
    route: 'checkouttakeAway',
    mode: 'takeaway',
    onlinePay: false,
    inhouse: false,
    steps: ['data', 'time', 'confirm'],
    saveAfter: 'confirm',
    offlinePsp: 'beiAbholung',
    overlayMs: C.overlayPickupPaymentMs,
    successRedirectMs: C.successRedirectMs,
    saveRetries: { retries: C.pickupPaymentRetries, delayMs: C.pickupPaymentRetryDelayMs },
  },
  delivery: {
    id: 'delivery',
    route: 'checkoutdelivery',
    mode: 'delivery',
    onlinePay: false,
    inhouse: false,
    steps: ['data', 'time', 'confirm'],
    saveAfter: 'confirm',
    offlinePsp: 'beiLieferung',
    overlayMs: C.overlayPickupPaymentMs,
    successRedirectMs: C.successRedirectMs,
    saveRetries: standardRetries,
  },
  deliveryWithPay: {
    id: 'deliveryWithPay',
    route: 'checkoutdeliveryWithPay',
    mode: 'delivery',
    onlinePay: true,
    inhouse: false,
    steps: ['data', 'time', 'payment'],
    saveAfter: 'time',
    overlayMs: C.overlayTakeawayMs,
    successRedirectMs: C.successRedirectMs,
    saveRetries: standardRetries,
  },
  inhouse: {
    id: 'inhouse',
    route: 'checkoutinhouse',
    mode: 'inhouse',
    onlinePay: false,
    inhouse: true,
    steps: ['data'],
    saveAfter: 'data',
    offlinePsp: 'waiter',
    overlayMs: C.overlayInhouseWaiterMs,
    successRedirectMs: C.successRedirectWaiterMs,
    saveRetries: standardRetries,
  },
  inhouseWithPay: {
    id: 'inhouseWithPay',
    route: 'checkoutinhouseWithPay',
    mode: 'inhouse',
    onlinePay: true,
    inhouse: true,
    steps: ['data', 'payment'],
    saveAfter: 'data',
    overlayMs: C.overlayInhouseOnlineMs,
    successRedirectMs: C.successRedirectMs,
    saveRetries: standardRetries,
  },
  inhouseWithPayTip: {
    id: 'inhouseWithPayTip',
    route: 'checkoutinhouseWithPayTip',
    mode: 'inhouse',
    onlinePay: true,
    inhouse: true,
    steps: ['data', 'tip', 'payment'],
    saveAfter: 'tip',
    overlayMs: C.overlayInhouseOnlineMs,
    successRedirectMs: C.successRedirectMs,
    saveRetries: standardRetries,
  },
  mobilePayment: {
    id: 'mobilePayment',
    route: 'checkoutinhouseMobilePaymentWithPay',
    mode: 'inhouse',
    onlinePay: true,
    inhouse: true,
    steps: ['data', 'payment'],
    saveAfter: 'data',
    overlayMs: C.overlayMobilePaymentMs,
    successRedirectMs: C.successRedirectMs,
    saveRetries: standardRetries,
  },
  digital: {
    id: 'digital',
    route: 'checkoutdigitalWithPay',
    mode: 'takeaway',
    onlinePay: true,
    inhouse: false,
    steps: ['data', 'payment'],
    saveAfter: 'data',
    overlayMs: C.overlayTakeawayMs,
    successRedirectMs: C.successRedirectMs,
    saveRetries: standardRetries,
  },
};

/**
 * The order's usecase: takeaway, delivery, digital; in-house table flows are 'tableordering'
 * ('selfservice' when the venue runs self-service); mobile payment 'inhouseMobilePayment'.
 */
export function usecaseOf(flow: FlowId, selfService: boolean): Usecase {
  switch (flow) {
    case 'takeaway':
    case 'takeawayWithPay':
      return 'takeaway';
    case 'delivery':
    case 'deliveryWithPay':
      return 'delivery';
    case 'digital':
      return 'digital';
    case 'mobilePayment':
      return 'inhouseMobilePayment';
    default:
      return selfService ? 'selfservice' : 'tableordering';
  }
}

/**
 * The venue's payment providers as far as this server can take them (ADR 0026): a provider the
 * venue switched on counts only when the server has it (its keys, or the offline test provider).
 */
export function availableProviders(venue: AppConfig['providers'], server: { card: boolean; paypal: boolean }): AppConfig['providers'] {
  return {
    ...venue,
    stripe: venue.stripe && server.card,
    wallet: venue.wallet && venue.stripe && server.card,
    paypal: venue.paypal && server.paypal,
  };
}

/** Is a flow switched on for the venue (feature flags, ordering flags, an online provider)? */
export function isFlowEnabled(
  flow: FlowId,
  config: Pick<AppConfig, 'takeawayOrderingEnabled' | 'deliveryOrderingEnabled' | 'inhouseOrderingEnabled' | 'providers'>,
  features: FeatureFlags,
): boolean {
  const online = config.providers.stripe || config.providers.paypal || config.providers.customerCard;
  switch (flow) {
    case 'takeawayWithPay':
      return config.takeawayOrderingEnabled && features.enableTakeawayPay && online;
    case 'takeaway':
      return config.takeawayOrderingEnabled && features.enableTakwawayOhnePay;
    case 'deliveryWithPay':
      return features.enableDelivery && config.deliveryOrderingEnabled && features.enableDeliveryPay && online;
    case 'delivery':
      return features.enableDelivery && config.deliveryOrderingEnabled && features.enableDeliveryOhnePay;
    case 'inhouse':
      return config.inhouseOrderingEnabled && features.enableInhouseOhnePay;
    case 'inhouseWithPay':
    case 'inhouseWithPayTip':
    case 'mobilePayment':
      return config.inhouseOrderingEnabled && features.enableInhousePay && online;
    case 'digital':
      return config.takeawayOrderingEnabled && online;
  }
}

/**
 * Orders for pickup or delivery that are paid on site carry the human check (requirements#checkout-screens, the
 * pickup-payment flow's captcha; docs/security.md: whenever nobody pays before the food is made).
 * In-house orders are served at the table: no check.
 */
export function needsHumanCheck(order: { usecase: Usecase; onlinePay: boolean }): boolean {
  return !order.onlinePay && (order.usecase === 'takeaway' || order.usecase === 'delivery');
}

/** The checkout flow an order comes from (for the rules of its way to order and to pay). */
export function flowIdOf(order: { usecase: Usecase; onlinePay: boolean; tip?: number }): FlowId {
  switch (order.usecase) {
    case 'takeaway':
      return order.onlinePay ? 'takeawayWithPay' : 'takeaway';
    case 'delivery':
      return order.onlinePay ? 'deliveryWithPay' : 'delivery';
    case 'inhouseMobilePayment':
      return 'mobilePayment';
    case 'digital':
      return 'digital';
    default:
      return order.onlinePay ? ((order.tip ?? 0) > 0 ? 'inhouseWithPayTip' : 'inhouseWithPay') : 'inhouse';
  }
}

/** All product lines are tickets: the digital flow (requirements#checkout-screens). */
export function isTicketsOnly(cart: Cart): boolean {
  const products = productLines(cart);
  return products.length > 0 && products.every((l) => l.type === 'ticket' || l.ticket === true);
}

/** The in-house online flow: mobile payment under self-service, with tip when enabled, else plain. */
export function inhouseOnlineFlow(selfService: boolean, tipEnabled: boolean): FlowId {
  if (selfService) return 'mobilePayment';
  return tipEnabled ? 'inhouseWithPayTip' : 'inhouseWithPay';
}

// ---------------------------------------------------------------------------------------------
// Questions before checkout (requirements#checkout-behaviour)

export interface QuestionInput {
  readonly cart: Cart;
  /** The cart total shown in the item-count confirmation (from the pricing engine). */
  readonly total: Cents;
  readonly orderMode: OrderMode;
  readonly table?: string | undefined;
  readonly area?: string | undefined;
  readonly config: Pick<
    AppConfig,
    | 'orderingEnabled'
    | 'takeawayOrderingEnabled'
    | 'deliveryOrderingEnabled'
    | 'inhouseOrderingEnabled'
    | 'providers'
    | 'selfServiceEnabled'
    | 'onlineServiceFee'
  >;
  readonly features: FeatureFlags;
  /** A signed-in user with a full stamp card may redeem it (stamp card enabled). */
  readonly stampRedeemable?: boolean;
  /** The stamp discount in cents, shown in the question. */
  readonly stampDiscount?: Cents;
}

export interface Question {
  readonly id: 'usecase' | 'itemCount' | 'stamp' | 'onlinePay';
  readonly title: string;
  readonly text?: string;
  readonly yes: string;
  readonly no: string;
}

export interface QuestionIo {
  /**
   * Shows a yes/no question; resolves true for yes, false for no, and null when the guest cancelled
   * it (Escape, the backdrop, navigating away): a cancel is never an answer
   * (docs/requirements.md#shell).
   */
  ask(question: Question): Promise<boolean | null>;
  /** Shows an info dialog (in-house without a table). */
  inform(title: string, text?: string): Promise<void>;
  /** Redeems the full stamp card (adds the stamp line to the cart). */
  redeemStamp?(): void | Promise<void>;
}

export type CheckoutChoice =
  | { readonly outcome: 'go'; readonly flow: FlowId; readonly route: RouteName }
  | { readonly outcome: 'stay'; readonly reason: 'empty' | 'orderingDisabled' | 'noTable' | 'declined' | 'noFlow' | 'cancelled' };

function countOf(cart: Cart): number {
  return productLines(cart).reduce((n, l) => n + l.count, 0);
}

/**
 * Runs the questions before checkout and answers where to go. The caller navigates
 * (`navigateTo(choice.route)`) when the outcome is 'go'.
 */
export async function runCheckoutQuestions(input: QuestionInput, realIo: QuestionIo): Promise<CheckoutChoice> {
  // A cancelled question ends the questions: nothing chosen, no next question.
  const io = {
    ...realIo,
    ask: async (question: Question): Promise<boolean> => {
      const answer = await realIo.ask(question);
      if (answer === null) throw new QuestionCancelled(question.id);
      return answer;
    },
  };
  try {
    return await askCheckoutQuestions(input, io);
  } catch (error) {
    if (error instanceof QuestionCancelled) return { outcome: 'stay', reason: 'cancelled' };
    throw error;
  }
}

class QuestionCancelled extends Error {
  constructor(readonly questionId: Question['id']) {
    super(`Question ${questionId} cancelled`);
  }
}

async function askCheckoutQuestions(
  input: QuestionInput,
  io: { ask(question: Question): Promise<boolean>; inform: QuestionIo['inform']; redeemStamp?: QuestionIo['redeemStamp'] },
): Promise<CheckoutChoice> {
  const t = checkoutTexts;
  const { config, features } = input;
  if (countOf(input.cart) === 0) return { outcome: 'stay', reason: 'empty' };
  if (!config.orderingEnabled || !features.orderingEnabled) return { outcome: 'stay', reason: 'orderingDisabled' };
  const enabled = (flow: FlowId) => isFlowEnabled(flow, config, features);
  const go = (flow: FlowId): CheckoutChoice => ({ outcome: 'go', flow, route: FLOWS[flow].route });

  if (input.orderMode === 'inhouse') {
    if (!input.table && !input.area) {
      await io.inform(t.askNoTable, t.askNoTableText);
      return { outcome: 'stay', reason: 'noTable' };
    }
    const online = inhouseOnlineFlow(config.selfServiceEnabled, features.enableTip);
    const onlineOk = enabled(online);
    const offlineOk = enabled('inhouse');
    if (onlineOk && offlineOk) {
      const yes = await io.ask(onlinePayQuestion(input));
      return go(yes ? online : 'inhouse');
    }
    if (onlineOk) return go(online);
    if (offlineOk) return go('inhouse');
    return { outcome: 'stay', reason: 'noFlow' };
  }

  if (isTicketsOnly(input.cart)) {
    if (!enabled('digital')) return { outcome: 'stay', reason: 'noFlow' };
    const ok = await io.ask(itemCountQuestion(input));
    return ok ? go('digital') : { outcome: 'stay', reason: 'declined' };
  }

  // 1. Takeaway or delivery.
  const takeawayOk = enabled('takeawayWithPay') || enabled('takeaway');
  const deliveryOk = enabled('deliveryWithPay') || enabled('delivery');
  let usecase: 'takeaway' | 'delivery';
  if (takeawayOk && deliveryOk) {
    const takeaway = await io.ask({ id: 'usecase', title: t.askUsecase, yes: t.usecaseTakeaway, no: t.usecaseDelivery });
    usecase = takeaway ? 'takeaway' : 'delivery';
  } else if (takeawayOk) usecase = 'takeaway';
  else if (deliveryOk) usecase = 'delivery';
  else return { outcome: 'stay', reason: 'noFlow' };

  // 2. The item count with the total.
  if (!(await io.ask(itemCountQuestion(input)))) return { outcome: 'stay', reason: 'declined' };

  // 3. The stamp card.
  if (input.stampRedeemable && features.enableStempel && io.redeemStamp) {
    const redeem = await io.ask({
      id: 'stamp',
      title: t.askStampRedeem,
      ...(input.stampDiscount !== undefined ? { text: fill(t.askStampRedeemText, { amount: formatEuro(input.stampDiscount) }) } : {}),
      yes: shellTexts.yes,
      no: shellTexts.no,
    });
    if (redeem) await io.redeemStamp();
  }

  // 4. Online or not.
  const withPay: FlowId = usecase === 'takeaway' ? 'takeawayWithPay' : 'deliveryWithPay';
  const without: FlowId = usecase === 'takeaway' ? 'takeaway' : 'delivery';
  if (enabled(withPay) && enabled(without)) {
    const online = await io.ask(onlinePayQuestion(input));
    return go(online ? withPay : without);
  }
  return go(enabled(withPay) ? withPay : without);
}

/** 'Möchtest du online bezahlen?' naming the online service fee before the guest answers (requirements#accessibility). */
function onlinePayQuestion(input: QuestionInput): Question {
  const t = checkoutTexts;
  const fee = input.config.onlineServiceFee;
  return {
    id: 'onlinePay',
    title: t.askOnlinePay,
    ...(fee > 0 ? { text: fill(t.askOnlinePayFee, { fee: formatEuro(fee) }) } : {}),
    yes: shellTexts.yes,
    no: shellTexts.no,
  };
}

function itemCountQuestion(input: QuestionInput): Question {
  const t = checkoutTexts;
  return {
    id: 'itemCount',
    title: t.askItemCount,
    text: fill(t.askItemCountText, { count: countOf(input.cart), total: formatEuro(input.total) }),
    yes: t.askItemCountYes,
    no: t.askItemCountNo,
  };
}

// ---------------------------------------------------------------------------------------------
// Redirects (requirements#checkout-guard "Navigation guard and redirects")

export interface RedirectInput {
  readonly flow: FlowDef;
  readonly cart: Cart;
  /** The cart sum the checkout charges (items and fees, before tip). */
  readonly sum: Cents;
  readonly orderingEnabled: boolean;
  readonly flowEnabled: boolean;
  readonly table?: string | undefined;
  readonly area?: string | undefined;
  /** The total stored when the payment request was made (theTotal), if any. */
  readonly storedTotal?: Cents | null;
  /** The total the checkout would charge now. */
  readonly currentTotal?: Cents;
}

export type Redirect = {
  readonly to: 'Home' | 'Korb';
  readonly reason: 'empty' | 'orderingDisabled' | 'flowDisabled' | 'noTable' | 'wrongArticles' | 'zeroSum' | 'totalMismatch';
};

/** The digital checkout is for tickets only, and tickets go through no other checkout (requirements#entities). */
function articlesFitFlow(flow: FlowDef, cart: Cart): boolean {
  const products = cart.filter((l) => l.kind === 'product');
  const tickets = products.filter((l) => l.type === 'ticket').length;
  return flow.id === 'digital' ? tickets === products.length : tickets === 0;
}

/** Where a checkout page must send the user instead of showing, or null to stay. */
export function checkoutRedirect(input: RedirectInput): Redirect | null {
  if (countOf(input.cart) === 0) return { to: 'Home', reason: 'empty' };
  if (!input.orderingEnabled) return { to: 'Home', reason: 'orderingDisabled' };
  if (!input.flowEnabled) return { to: 'Home', reason: 'flowDisabled' };
  if (input.flow.inhouse && !input.table && !input.area) return { to: 'Home', reason: 'noTable' };
  if (!articlesFitFlow(input.flow, input.cart)) return { to: 'Korb', reason: 'wrongArticles' };
  if (input.sum <= 0) return { to: 'Korb', reason: 'zeroSum' };
  if (input.storedTotal != null && input.currentTotal !== undefined && input.storedTotal !== input.currentTotal) {
    return { to: 'Korb', reason: 'totalMismatch' };
  }
  return null;
}
