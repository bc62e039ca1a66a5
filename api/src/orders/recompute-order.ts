import type { AppConfig, CartLine, CouponLine, FeatureFlags, FeeLine, OrderDraft, ProductLine } from '@shop/shared/contract';
import { mixesTickets } from '@shop/shared/domain/add-to-cart-rules';
import { flowIdOf } from '@shop/shared/domain/checkout-flow';
import { validatePersonalData, type PersonForm } from '@shop/shared/domain/checkout-validation';
import { lineDelay } from '@shop/shared/domain/configurator';
import { couponState, couponToLine, isStampLine, normalizeCouponCode } from '@shop/shared/domain/coupons';
import { feeLine } from '@shop/shared/domain/fees';
import { priceSelection, validateSelection } from '@shop/shared/domain/line-pricing';
import { applyGlobalExtras, isCategoryVisible, isItemVisible, shopClock, withinOrderTimes, type VisibilityContext } from '@shop/shared/domain/menu-visibility';
import { formatEuro, type Cents } from '@shop/shared/domain/money';
import { linesAsCharged, modeOfUsecase, priceCart, type CouponProblem, type PriceBreakdown } from '@shop/shared/domain/pricing';
import { isAcceptableTargetTime, preparationDelayMinutes } from '@shop/shared/domain/time-slots';
import { TIP_OPTIONS, tipAmount, tipOffered, type TipPercent } from '@shop/shared/domain/tip';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { de, fill } from '@shop/shared/i18n';
import type { Db } from '../db/client';
import { ApiError } from '../http/api-error';
import { requireWayToOrder, type HostSwitches } from './host-switches';
import { mayUse, type CouponRepository } from './coupon-repository';
import type { ItemLookup, MenuRepository } from './menu-repository';
import { verifyStampReward } from './stamp-reward';

const t = de.cart;
const tc = de.checkout;

/** A coupon the order redeems; single-use ones get the unique key in the order's transaction. */
export interface Redemption {
  readonly code: string;
  readonly singleUse: boolean;
}

/** Units of an article with limited stock (bestand >= 0) the order takes. */
export interface StockNeed {
  readonly id: string;
  readonly name: string;
  readonly kind: 'food' | 'drink';
  readonly count: number;
}

export interface RecomputedOrder {
  /** The order's lines as charged: products (offers, bundles applied), coupons, fee lines. */
  readonly lines: CartLine[];
  readonly breakdown: PriceBreakdown;
  readonly itemsTotal: Cents;
  readonly tip: Cents;
  readonly total: Cents;
  readonly redemptions: readonly Redemption[];
  readonly stock: readonly StockNeed[];
  /** The user whose full stamp card the order redeems (its 'stempel-' line). */
  readonly stampCardOf: string | null;
}

export interface RecomputeDeps {
  readonly db: Db;
  /** The switches of the host the order arrives on (app config + descriptor features + providers). */
  readonly switches: HostSwitches;
  readonly menus: MenuRepository;
  readonly coupons: CouponRepository;
  /** The signed-in user (individual coupons, stamp card), or null. */
  readonly fuid: string | null;
  /** False for an anonymous guest session: it has no stamp card (requirements#checkout-roles); default true. */
  readonly accountHolder?: boolean;
  /** Branch of the host the order arrives on. */
  readonly filialnummer: number;
  readonly now: number;
  /** Product lines an order may have at most (MAX_ORDER_LINES, default 50). */
  readonly maxLines?: number;
  /**
   * An unpaid order being changed (back-and-edit): what it holds already counts as available (its
   * stock, its single-use coupons, its stamp card), as it is given back in the same transaction.
   */
  readonly own?: { readonly uniqueOrderId: string; readonly stock: readonly { readonly id: string; readonly count: number }[] };
}

const conflict = (code: ConstructorParameters<typeof ApiError>[1], message: string, userMessage: string) => new ApiError(409, code, message, userMessage);
const pricesChanged = (message: string) => conflict('total_mismatch', message, t.pricesChanged);

/**
 * The server is the authority on money (ARCHITECTURE.md): every line is re-priced from the
 * server's menu, coupons are taken from the server's coupon table, offers and fees from its own
 * data, and the whole order is priced by the same `priceCart` the cart shows. Any difference
 * from the client's claim, an unknown, foreign, expired or used coupon, a sold-out article or an
 * order below the minimum is refused with a clear error; nothing is saved.
 */
export async function recomputeOrder(draft: OrderDraft, deps: RecomputeDeps): Promise<RecomputedOrder> {
  const { config, features } = deps.switches;
  const mode = modeOfUsecase(draft.usecase);
  const branch = (await deps.menus.stores()).find((s) => s.filialnummer === deps.filialnummer);
  // Ordering, the mode and the flow must be switched on for this host (ADR 0026).
  requireWayToOrder(draft, deps.switches);
  if (branch && !branch.orderingEnabled) {
    throw conflict('ordering_disabled', `Ordering is disabled in branch ${branch.filialnummer}`, t.branchOrderingDisabled);
  }

  const products: ProductLine[] = [];
  const clientCoupons: CouponLine[] = [];
  const clientFees: FeeLine[] = [];
  for (const line of draft.orderData) {
    if (line.kind === 'product') products.push(line);
    else if (line.kind === 'coupon') clientCoupons.push(line);
    else clientFees.push(line);
  }
  if (products.length === 0) throw new ApiError(400, 'validation', 'The order has no articles', t.empty);
  const maxLines = deps.maxLines ?? SHOP_CONSTANTS.maxOrderLines;
  if (products.length > maxLines) {
    throw new ApiError(400, 'validation', `${products.length} product lines, at most ${maxLines}`, fill(t.tooManyLines, { max: maxLines }));
  }
  checkWayToOrder(draft, config, features);

  const stockEnabled = features.enableBestand;
  const repriced: ProductLine[] = [];
  const stock = new Map<string, StockNeed>();
  // What the guest could order now, by the same rules the menu shows (requirements#menu-visibility).
  const visibility: VisibilityContext = { clock: shopClock(deps.now), mode, store: deps.filialnummer, globalExtras: config.globalExtras };
  const held = new Map((deps.own?.stock ?? []).map((s) => [s.id, s.count]));
  const itemOf = await deps.menus.itemLookup();
  for (const line of products) {
    const { line: priced, limited, kind } = repriceProduct(line, visibility, itemOf, stockEnabled, held.get(line.id) ?? 0);
    if (mixesTickets(repriced, priced.type)) throw conflict('validation', 'Tickets mixed with food or drinks', de.menu.ticketMix);
    repriced.push(priced);
    if (limited) {
      const need = stock.get(priced.id);
      stock.set(priced.id, { id: priced.id, name: priced.nameToDisplay, kind, count: (need?.count ?? 0) + priced.count });
    }
  }

  checkTargetTime(draft, repriced, config, deps.now);
  checkUnikat(repriced);
  checkTickets(draft, repriced);

  const coupons = await serverCoupons(clientCoupons, deps, config);
  const offers = await deps.coupons.activeOffers(deps.now);
  const input = { lines: [...repriced, ...coupons], usecase: draft.usecase, offers, config, onlinePay: draft.onlinePay, now: deps.now };
  const untipped = priceCart(input);
  refuseCouponProblems(untipped);
  const tipPercent = tipPercentOf(untipped.payerSum, draft.paymentInfo.tip);
  const breakdown = tipPercent === undefined ? untipped : priceCart({ ...input, tipPercent });

  checkFees(clientFees, breakdown);
  if (breakdown.minOrder.missing > 0) {
    throw conflict(
      'validation',
      `Below the minimum order of ${breakdown.minOrder.amount}`,
      fill(tc.minOrder, { amount: formatEuro(breakdown.minOrder.amount) }),
    );
  }
  if (draft.paymentInfo.amount !== breakdown.total || draft.paymentInfo.itemsTotal !== breakdown.itemsTotal) {
    throw pricesChanged(
      `Total mismatch: client ${draft.paymentInfo.amount} (items ${draft.paymentInfo.itemsTotal}), server ${breakdown.total} (items ${breakdown.itemsTotal})`,
    );
  }

  const redemptions = coupons
    .filter((c) => !isStampLine(c))
    .map((c) => ({ code: normalizeCouponCode(c.couponCode), singleUse: !c.allowMulti }))
    .sort((a, b) => a.code.localeCompare(b.code));
  return {
    lines: [...linesAsCharged([...repriced, ...coupons], breakdown), ...breakdown.fees.map(feeLine)],
    breakdown,
    itemsTotal: breakdown.itemsTotal,
    tip: breakdown.tip,
    total: breakdown.total,
    redemptions,
    stock: [...stock.values()].sort((a, b) => a.id.localeCompare(b.id)),
    stampCardOf: coupons.some(isStampLine) ? deps.fuid : null,
  };
}

/**
 * The way to order and to pay must be one the restaurant offers now (checkout flows and their
 * switches), and the guest's data must pass the same rules the checkout applies (requirements#checkout-validation):
 * a delivery needs an address in the delivery area, a pay-on-site delivery needs that switched on.
 */
function checkWayToOrder(draft: OrderDraft, config: AppConfig, features: FeatureFlags): void {
  const flow = flowIdOf({ usecase: draft.usecase, onlinePay: draft.onlinePay, tip: draft.paymentInfo.tip });
  // A tip only where the spec has a tip step: the in-house online flow with tip (requirements#checkout-screens).
  if (draft.paymentInfo.tip !== 0 && !tipOffered(flow, features)) {
    throw conflict('validation', `A tip of ${draft.paymentInfo.tip} in the ${flow} flow (enableTip ${String(features.enableTip)})`, t.tipNotOffered);
  }
  const empty = { company: '', street: '', plz: '', city: '' };
  const invoice = draft.invoiceAddress ?? empty;
  const delivery = draft.deliveryAddress ?? empty;
  const form: PersonForm = {
    name: draft.userInfo.name,
    email: draft.userInfo.email,
    phone: draft.userInfo.phone,
    note: draft.note,
    invoiceAddress: invoice,
    deliveryAddress: delivery,
    sameAddress: invoice.street === delivery.street && invoice.plz === delivery.plz && invoice.city === delivery.city,
    companyInvoice: invoice.company.trim() !== '',
  };
  const errors = validatePersonalData(flow, form, { selfService: config.selfServiceEnabled, allowedDeliveryPlz: config.allowedDeliveryPlz });
  if (draft.usecase === 'delivery' && !draft.deliveryAddress) errors['delivery.street'] ??= de.checkout.streetRequired;
  const first = Object.entries(errors)[0];
  if (first) throw new ApiError(400, 'validation', `Invalid ${first[0]} for ${flow}`, first[1]);
}

/** An article marked unikat is in the order once at most (requirements#entities). */
function checkUnikat(lines: readonly ProductLine[]): void {
  const seen = new Set<string>();
  for (const line of lines) {
    if (!line.unikat) continue;
    if (seen.has(line.id)) throw new ApiError(400, 'validation', `Unikat item ${line.id} twice`, fill(t.unikatTwice, { name: line.nameToDisplay }));
    seen.add(line.id);
  }
}

/** Tickets are ordered on their own, in the digital flow; the digital flow is for tickets only. */
function checkTickets(draft: OrderDraft, lines: readonly ProductLine[]): void {
  const tickets = lines.filter((l) => l.type === 'ticket').length;
  if (draft.usecase === 'digital' ? tickets !== lines.length : tickets > 0) {
    throw conflict('validation', `Usecase ${draft.usecase} with ${tickets} ticket(s) of ${lines.length} lines`, de.menu.ticketMix);
  }
}

/**
 * A takeaway or delivery order names a time the kitchen can honour: inside the opening hours of
 * the takeAway or delivery block, today or tomorrow, and not sooner than its delay (with the items'
 * preparation delays from the server's menu). In-house and digital orders are for now.
 */
function checkTargetTime(draft: OrderDraft, lines: readonly ProductLine[], config: AppConfig, now: number): void {
  if (draft.usecase !== 'takeaway' && draft.usecase !== 'delivery') return;
  const block = draft.usecase === 'delivery' ? config.delivery : config.takeAway;
  const message = draft.usecase === 'delivery' ? tc.chooseDeliveryTime : tc.choosePickupTime;
  const delayMinutes = preparationDelayMinutes(
    block.delayInMinutes,
    lines.map((l) => l.delay),
  );
  if (draft.targetTime === undefined) throw new ApiError(400, 'validation', `A ${draft.usecase} order needs a targetTime`, message);
  if (!isAcceptableTargetTime(draft.targetTime, { now, openingHours: block.openingHours, delayMinutes })) {
    throw conflict('validation', `targetTime ${new Date(draft.targetTime).toISOString()} is not an offered ${draft.usecase} slot`, message);
  }
}

function repriceProduct(
  line: ProductLine,
  visibility: VisibilityContext,
  itemOf: ItemLookup,
  stockEnabled: boolean,
  /** Units of this article the order being changed holds already. */
  held = 0,
): { line: ProductLine; limited: boolean; kind: 'food' | 'drink' } {
  const found = itemOf(line.id);
  if (!found) throw conflict('not_found', `Item ${line.id} is not on the menu`, fill(t.itemUnavailable, { name: line.nameToDisplay }));
  const { category } = found;
  // Options switched off by a global extra cannot be chosen (requirements#shop-validation).
  const item = applyGlobalExtras(found.item, visibility.globalExtras);
  const mode = visibility.mode;
  const name = item.nameToDisplay ?? item.nameDE;
  if (!isCategoryVisible(category, visibility) || !isItemVisible(item, visibility)) {
    throw conflict('not_found', `Item ${item.id} is not offered now (${mode}, branch ${visibility.store ?? '-'})`, fill(t.itemUnavailable, { name }));
  }
  const orderTimes = item.orderTimes ?? category.orderTimes;
  if (item.buyable === false || !withinOrderTimes(orderTimes, visibility.clock)) {
    throw conflict('sold_out', `Item ${item.id} is not buyable now (${mode})`, fill(t.itemNotBuyable, { name }));
  }
  const limited = stockEnabled && item.bestand !== undefined && item.bestand >= 0;
  if (!item.id.startsWith('special') && (item.verkauft || (limited && (item.bestand ?? 0) + held === 0))) {
    throw conflict('sold_out', `Item ${item.id} is sold out`, fill(t.itemSoldOut, { name }));
  }
  // Every flag of the article comes from the menu, never from the request.
  if (item.unikat && line.count !== 1) throw new ApiError(400, 'validation', `Unikat item ${item.id} with count ${line.count}`, fill(t.unikatTwice, { name }));
  const selection = { vol: line.vol, variantsSelected: line.variantsSelected, stylesSelected: line.stylesSelected, count: line.count };
  const problems = validateSelection(item, selection);
  if (problems.length > 0) {
    throw new ApiError(400, 'validation', `Invalid configuration of ${item.id}: ${problems.map((p) => p.kind).join(', ')}`, t.pricesChanged);
  }
  const priced = priceSelection(item, selection, mode);
  if (priced.itemTotal !== line.itemTotal || priced.sizePrice !== line.sizePrice || priced.sumOfExtras !== line.sumOfExtras) {
    throw pricesChanged(`Price mismatch on ${item.id}: client ${line.itemTotal}, server ${priced.itemTotal}`);
  }
  const {
    isOffer: _o,
    offerId: _i,
    offerName: _n,
    offerUsecase: _u,
    unikat: _unikat,
    ticket: _ticket,
    hasBestand: _hasBestand,
    bestand: _bestand,
    days: _days,
    onlineGutschein: _online,
    offlineGutschein: _offline,
    gramm: _gramm,
    description: _description,
    ...rest
  } = line;
  return {
    limited,
    kind: category.type,
    line: {
      ...rest,
      nameToDisplay: name,
      description: item.descriptionDE,
      ...(item.unikat ? { unikat: true } : {}),
      ...(item.ticket ? { ticket: true } : {}),
      ...(limited ? { hasBestand: true } : {}),
      ...(item.gramm !== undefined ? { gramm: item.gramm } : {}),
      sizePrice: priced.sizePrice,
      sumOfExtras: priced.sumOfExtras,
      itemTotal: priced.itemTotal,
      originalSizePrice: priced.originalSizePrice,
      extras: priced.extras,
      extrasToDisplay: priced.extrasToDisplay,
      delay: lineDelay(category, item),
      notes: line.notes.trim(),
      type: item.ticket ? 'ticket' : category.type === 'drink' ? 'drink' : 'food',
      ...(line.appliedCode !== undefined ? { appliedCode: normalizeCouponCode(line.appliedCode) } : {}),
      ...(item.posId !== undefined ? { posId: item.posId } : {}),
    },
  };
}

const COUPON_STATE_TEXT: Record<Exclude<ReturnType<typeof couponState>, 'ok'>, string> = {
  inactive: t.couponInactive,
  expired: t.couponExpired,
  redeemed: t.couponRedeemed,
  'not-applicable': t.couponNotApplicable,
};

/** The order's coupon lines rebuilt from the server's coupon table (the client's copy is only checked). */
async function serverCoupons(clientCoupons: readonly CouponLine[], deps: RecomputeDeps, config: AppConfig): Promise<CouponLine[]> {
  const stamp = clientCoupons.filter(isStampLine);
  const coded = clientCoupons.filter((c) => !isStampLine(c));
  const stored = await deps.coupons.findMany(
    coded.map((c) => c.couponCode),
    deps.own ? { exceptOrder: deps.own.uniqueOrderId } : {},
  );
  const result: CouponLine[] = [];
  for (const line of coded) {
    const code = normalizeCouponCode(line.couponCode);
    const found = stored.get(code);
    if (!found) throw conflict('coupon_invalid', `Unknown coupon ${code}`, t.codeUnknown);
    if (!mayUse(found, deps.fuid)) {
      throw conflict('coupon_invalid', `Coupon ${code} belongs to another account`, deps.fuid ? t.couponForeign : t.couponNeedsLogin);
    }
    const state = couponState(found.coupon, deps.now);
    if (state !== 'ok') throw conflict('coupon_invalid', `Coupon ${code} is ${state}`, COUPON_STATE_TEXT[state]);
    const server = couponToLine(found.coupon);
    if (
      line.type !== server.type ||
      line.amount !== server.amount ||
      line.discount !== server.discount ||
      (line.fixedprice ?? null) !== (server.fixedprice ?? null)
    ) {
      throw pricesChanged(`Coupon ${code} differs from the server's`);
    }
    result.push(server);
  }
  for (const line of stamp) {
    result.push(
      await verifyStampReward(line, {
        db: deps.db,
        fuid: deps.accountHolder === false ? null : deps.fuid,
        config,
        stampsEnabled: deps.switches.features.enableStempel,
        now: deps.now,
        ...(deps.own ? { exceptOrder: deps.own.uniqueOrderId } : {}),
      }),
    );
  }
  return result;
}

const PROBLEM_TEXT: Record<CouponProblem, string> = {
  ...COUPON_STATE_TEXT,
  duplicate: t.couponDuplicate,
  'not-combinable': t.couponBlocked,
  'bundle-incomplete': t.bundleIncomplete,
};

function refuseCouponProblems(breakdown: PriceBreakdown): void {
  const problem = breakdown.problems[0];
  if (!problem?.problem) return;
  throw conflict(
    'coupon_invalid',
    `Coupon ${problem.couponCode} cannot be applied: ${problem.problem}`,
    fill(PROBLEM_TEXT[problem.problem], { title: problem.title }),
  );
}

/** The tip percent a claimed tip amount corresponds to (0 cents: no tip); refuses any other amount. */
function tipPercentOf(payerSum: Cents, tip: Cents): TipPercent | undefined {
  if (tip === 0) return undefined;
  const percent = TIP_OPTIONS.find((p) => p > 0 && tipAmount(payerSum, p) === tip);
  if (percent === undefined) throw conflict('total_mismatch', `Tip ${tip} is no offered percentage of ${payerSum}`, t.tipInvalid);
  return percent;
}

/** The fee lines the client sent must be exactly the fees the server charges (one per kind). */
function checkFees(clientFees: readonly FeeLine[], breakdown: PriceBreakdown): void {
  const claimed = clientFees.map((f) => `${f.id}=${f.itemTotal}`).sort();
  const expected = breakdown.fees.map((f) => `${f.id}=${f.amount}`).sort();
  if (claimed.length !== expected.length || claimed.some((c, i) => c !== expected[i])) {
    throw conflict('total_mismatch', `Fee lines ${claimed.join(',') || 'none'} instead of ${expected.join(',') || 'none'}`, t.feeMismatch);
  }
}
