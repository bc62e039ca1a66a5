import { and, eq, inArray, gt, or, sql } from 'drizzle-orm';
import type { ActionResult, OrderDraft, OrderDraftInput, SavedOrder } from '@shop/shared/contract';
import { SHOP_CHANNEL } from '@shop/shared/contract';
import { isAccountHolder } from '@shop/shared/domain/account-holder';
import { FLOWS, flowIdOf, needsHumanCheck } from '@shop/shared/domain/checkout-flow';
import { pushTokenKind } from '@shop/shared/domain/push';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { isOverdueUnpaid, transition, unpaidDeadline, UNPAID_STATES } from '@shop/shared/domain/order-lifecycle';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { ApiError } from '../http/api-error';
import { orderContentKey } from '../orders/content-key';
import { createCouponRepository } from '../orders/coupon-repository';
import { de, fill } from '@shop/shared/i18n';
import { enqueueConfirmation, kickMail } from '../mail/outbox';
import { orderForCaller } from '../orders/access';
import { hostSwitches } from '../orders/host-switches';
import { expireUnpaidOrders } from '../orders/maintenance';
import { applyOrderEvent, hasEnded, lockOrder, publishOrder, releaseReservations, closedOrderError, type OrderRow } from '../orders/lifecycle';
import { newUniqueOrderId } from '../orders/order-ids';
import { insertOrder, replaceOrder } from '../orders/persist-order';
import { recomputeOrder, type RecomputedOrder } from '../orders/recompute-order';
import { verifyCashCaptcha } from '../payments/cash-captcha';
import { CLOSED_TEXTS, moneyRunner, paymentDeps, releaseOrderPayment } from '../payments/service';
import { storeToken } from '../push/token-store';
import type { ActionContext, ActionHandler } from './context';

/** Orders for pickup or delivery paid on site carry the human check (requirements#checkout-screens; docs/security.md). */
export function needsCashCaptcha(draft: Pick<OrderDraft, 'usecase' | 'onlinePay'>): boolean {
  return needsHumanCheck(draft);
}

type SaveResult = ActionResult<'SaveNewOrder'>;

async function rowByClientId(db: Db, clientId: string): Promise<OrderRow | undefined> {
  return (await db.select().from(orders).where(eq(orders.clientId, clientId)))[0];
}

/** The order as its owner gets it: with its access token. */
function forOwner(order: SavedOrder, ctx: ActionContext): SavedOrder & { accessToken: string } {
  return { ...order, accessToken: ctx.orderTokens.issue(order.uniqueOrderId) };
}

function answer(order: SavedOrder, ctx: ActionContext, flags: { duplicate: boolean; updated?: boolean }): SaveResult {
  const owned = forOwner(order, ctx);
  return { order: owned, uniqueOrderId: order.uniqueOrderId, accessToken: owned.accessToken, ...flags };
}

/** The client id belongs to the browser (or account) that first used it; nobody else may read or change that order. */
function ownedBy(row: OrderRow, ctx: ActionContext): boolean {
  return row.browserId === ctx.browserId || (row.fuid !== null && row.fuid === ctx.user?.uid);
}

/** The order document as saved: the client's draft as the server priced it, with the server's own fields. */
function savedFrom(
  draft: OrderDraft,
  priced: RecomputedOrder,
  ctx: ActionContext,
  base: { uniqueOrderId: string; orderNumber: number; createdAt: number; history: SavedOrder['history'] },
): SavedOrder {
  const fuid = ctx.user?.uid ?? null;
  const { btaste: _browser, ...userInfo } = draft.userInfo;
  // Fields only the server sets (the browser id, the payment's and the till's state) are dropped
  // from what the client sent; the server's values follow below.
  const {
    btaste: _btaste,
    paymentAuth: _auth,
    storno: _storno,
    sentToPos: _pos,
    authCompleted: _authCompleted,
    directPay: _direct,
    pushToken: _pushToken,
    abholAdresse: _clientPickupAddress,
    ...content
  } = draft;
  const unpaid = draft.onlinePay;
  return {
    ...content,
    // The device's push token (requirements#order-entities), kept only when it is one (it is also stored as the device's).
    ...(pushTokenKind(draft.pushToken) ? { pushToken: draft.pushToken } : {}),
    // How it is paid: nothing yet for an online order (the authorization sets it), else the flow's way.
    psp: unpaid ? undefined : onSitePsp(draft),
    fuid,
    asGuest: fuid === null,
    userInfo: { ...userInfo, fuid },
    domain: ctx.hostname,
    filialnummer: ctx.descriptor.branch.filialnummer,
    // Where to pick it up is the branch's, from the host descriptor: never what the browser sent.
    ...(draft.usecase === 'takeaway' ? { abholAdresse: ctx.descriptor.branch.pickupAddress } : {}),
    orderData: priced.lines,
    paymentInfo: { amount: priced.total, itemsTotal: priced.itemsTotal, tip: priced.tip },
    uniqueOrderId: base.uniqueOrderId,
    orderNumber: base.orderNumber,
    // An online order is a Draft until its payment is authorized; an order paid on site is placed at once.
    state: unpaid ? 'Draft' : 'New',
    history: base.history,
    // Paid by then or expired; a pre-order also by its slot (ADR 0026). Back-and-edit keeps the first deadline.
    ...(unpaid ? { expiresAt: unpaidDeadline(draft, base.createdAt, ctx.unpaidOrderExpiryMs) } : {}),
    storno: false,
    sentToPos: false,
    kommissioniert: false,
    abholbereit: false,
    getraenkeAbholbereit: false,
    allReady: false,
    kasseFertig: false,
    paid: false,
    captured: false,
    charged: false,
    authCompleted: false,
    directPay: draft.onlinePay,
    stornoAmounts: [],
    total: priced.total,
    createdAt: base.createdAt,
  };
}

/**
 * The payment word of an order paid on site, by its flow (requirements#order-entities): at pickup ('bar' or
 * 'beiAbholung'), at the door, to the waiter — or at the counter under self-service.
 */
function onSitePsp(draft: OrderDraft): SavedOrder['psp'] {
  if (draft.usecase === 'takeaway' && (draft.psp === 'bar' || draft.psp === 'beiAbholung')) return draft.psp;
  if (draft.usecase === 'selfservice') return 'beiAbholung';
  return FLOWS[flowIdOf({ usecase: draft.usecase, onlinePay: false })].offlinePsp;
}

async function announce(ctx: ActionContext, order: SavedOrder, stockKinds: Iterable<'food' | 'drink'>, now: number): Promise<void> {
  for (const kind of new Set(stockKinds)) {
    await ctx.menus.markStockChanged(kind, now);
    await ctx.events.publish(SHOP_CHANNEL, { type: 'menuUpdated', kind });
  }
  await publishOrder(ctx.events, order);
}

/**
 * SaveNewOrder (requirements#checkout-behaviour, requirements#checkout-calls): priced by the server with the shared pricing engine (lines,
 * extras, offers, coupons, fees, tip, minimum order) and saved with the stock, coupons and stamp
 * card it takes, in one transaction. One order per checkout: the client id is the key.
 * - A new client id saves a new order: an online one as Draft (the kitchen sees it once paid), one
 *   paid on site as New. Concurrent requests with one client id are serialised by a lock on it,
 *   so a double click or a retry in flight gets the same order (never a second one, never a
 *   captcha refusal for the retry).
 * - The same client id again with the same content returns the stored order.
 * - The same client id with changed content changes the unpaid order in place (back from the
 *   payment step: another time, note, tip…); an order already placed or ended is not changed.
 */
const SaveNewOrder: ActionHandler<'SaveNewOrder'> = async ({ order: input }, ctx) => {
  const { captcha, ...draft } = input;
  const existing = await rowByClientId(ctx.db, draft.clientId);
  if (existing) return resume(existing, draft, ctx);
  try {
    return await saveNew(draft, captcha, ctx);
  } catch (error) {
    // Sold out, but maybe only because of drafts past their deadline that the sweep has not come to
    // yet: expire those now (their stock comes back) and try once more (ADR 0026).
    if (error instanceof ApiError && error.code === 'sold_out' && (await expireUnpaidOrders(paymentDeps(ctx))) > 0) {
      return saveNew(draft, captcha, ctx);
    }
    throw error;
  }
};

async function saveNew(draft: OrderDraft, captcha: OrderDraftInput['captcha'], ctx: ActionContext): Promise<SaveResult> {
  const now = ctx.now();
  const fuid = ctx.user?.uid ?? null;
  const filialnummer = ctx.descriptor.branch.filialnummer;
  let priced: RecomputedOrder;
  try {
    priced = await recomputeOrder(draft, {
      db: ctx.db,
      switches: await hostSwitches(ctx),
      menus: ctx.menus,
      coupons: createCouponRepository(ctx.db),
      fuid,
      accountHolder: isAccountHolder(ctx.user),
      filialnummer,
      now,
      maxLines: ctx.maxOrderLines,
    });
  } catch (error) {
    // A retry racing its own first attempt: that attempt took the coupon or the last item, and
    // this one was refused for it. The retry gets the saved order, not the refusal.
    const saved = await rowByClientId(ctx.db, draft.clientId);
    if (saved) return resume(saved, draft, ctx);
    throw error;
  }
  const uniqueOrderId = newUniqueOrderId(now);
  const ipKey = ctx.orderTokens.ipKey(ctx.ip);

  const outcome = await ctx.db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-client:${draft.clientId}`}))`);
    const again = await rowByClientId(tx, draft.clientId);
    if (again) return { kind: 'existing' as const, row: again };
    // Checked after the lock: a retry of an order that its first attempt saved never needs a new code.
    if (needsCashCaptcha(draft) && !(await verifyCashCaptcha(tx, captcha, now))) return { kind: 'captcha' as const };
    if (draft.onlinePay && ctx.draftLimits) await requireRoomForDraft(tx, ctx.browserId, ipKey, now);
    const seq = await tx.execute<{ n: string | number }>(sql`select nextval('order_number_seq') as n`);
    const orderNumber = Number((seq as { rows: { n: string | number }[] }).rows[0]!.n);
    const saved = savedFrom(draft, priced, ctx, {
      uniqueOrderId,
      orderNumber,
      createdAt: now,
      history: [{ state: draft.onlinePay ? 'Draft' : 'New', at: now }],
    });
    await insertOrder(tx, { order: saved, priced, browserId: ctx.browserId, ipKey, now });
    // Placed at once (paid on site): the confirmation goes into the outbox with the order (ADR 0026).
    const mailed = saved.state === 'New' ? await enqueueConfirmation(tx, saved, now) : false;
    return { kind: 'saved' as const, order: saved, mailed };
  });

  if (outcome.kind === 'captcha') {
    // The client reloads silently and asks for a new captcha; cart and form stay in local storage.
    throw new ApiError(409, 'validation', 'Cash captcha missing, wrong or expired', undefined, { captchaError: true });
  }
  if (outcome.kind === 'existing') return resume(outcome.row, draft, ctx);
  if (outcome.mailed) kickMail(ctx.db);
  await rememberPushToken(ctx, draft.pushToken, now);
  await announce(
    ctx,
    outcome.order,
    priced.stock.map((s) => s.kind),
    now,
  );
  return answer(outcome.order, ctx, { duplicate: false });
}

/**
 * Open unpaid online orders hold stock and coupons: one browser, and one network (IP address), may
 * hold only a few at once (CHECKOUT_CONSTANTS.maxOpenDraftsPerBrowser / …PerIp, ADR 0026). Counted
 * under locks on both keys, so parallel saves cannot slip past the limit. Answers 429 with the time
 * until the oldest of them expires.
 */
async function requireRoomForDraft(tx: Db, browserId: string, ipKey: string, now: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`drafts-browser:${browserId}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`drafts-ip:${ipKey}`}))`);
  const open = and(inArray(orders.state, [...UNPAID_STATES]), gt(orders.expiresAt, now));
  const [counts] = await tx
    .select({
      browser: sql<number>`count(*) filter (where ${orders.browserId} = ${browserId})`.mapWith(Number),
      ip: sql<number>`count(*) filter (where ${orders.ipKey} = ${ipKey})`.mapWith(Number),
      firstBrowserExpiry: sql<number | null>`min(${orders.expiresAt}) filter (where ${orders.browserId} = ${browserId})`.mapWith(Number),
      firstIpExpiry: sql<number | null>`min(${orders.expiresAt}) filter (where ${orders.ipKey} = ${ipKey})`.mapWith(Number),
    })
    .from(orders)
    .where(and(open, or(eq(orders.browserId, browserId), eq(orders.ipKey, ipKey))));
  const retryAfter = (expiry: number | null | undefined) => Math.max(1, Math.ceil(((expiry ?? now) - now) / 1000));
  const max = CHECKOUT_CONSTANTS.maxOpenDraftsPerBrowser;
  if ((counts?.browser ?? 0) >= max) {
    throw new ApiError(
      429,
      'rate_limited',
      `Browser holds ${counts!.browser} open unpaid orders (at most ${max})`,
      fill(de.cart.draftLimitBrowser, { max }),
      {},
      undefined,
      retryAfter(counts!.firstBrowserExpiry),
    );
  }
  if ((counts?.ip ?? 0) >= CHECKOUT_CONSTANTS.maxOpenDraftsPerIp) {
    throw new ApiError(
      429,
      'rate_limited',
      `Network holds ${counts!.ip} open unpaid orders (at most ${CHECKOUT_CONSTANTS.maxOpenDraftsPerIp})`,
      de.cart.draftLimitNetwork,
      {},
      undefined,
      retryAfter(counts!.firstIpExpiry),
    );
  }
}

/**
 * The order's push token is the device's (requirements#order-entities pushToken): stored for the device like
 * "Store push token", so the ready message finds it. A failure here never fails the order.
 */
async function rememberPushToken(ctx: ActionContext, token: string | undefined, now: number): Promise<void> {
  if (!token || !pushTokenKind(token)) return;
  try {
    await storeToken(ctx.db, { deviceId: ctx.browserId, token, fuid: ctx.user?.uid ?? null, now });
  } catch (error) {
    console.warn(`[push] the order's push token was not stored: ${String(error)}`);
  }
}

/** The same client id again: the stored order (a retry), or the unpaid order changed (back-and-edit). */
async function resume(row: OrderRow, draft: OrderDraft, ctx: ActionContext): Promise<SaveResult> {
  if (!ownedBy(row, ctx)) throw new ApiError(409, 'conflict', `Client id ${draft.clientId} belongs to another order`, CLOSED_TEXTS.placed);
  if (orderContentKey(row.data) === orderContentKey(draft)) return answer(row.data, ctx, { duplicate: true });
  if (hasEnded(row.data)) throw closedOrderError(row.data, CLOSED_TEXTS.placed);
  if (!UNPAID_STATES.includes(row.data.state))
    throw new ApiError(409, 'conflict', `Order ${row.uniqueOrderId} is ${row.data.state} and cannot change`, CLOSED_TEXTS.placed);
  if (row.data.onlinePay !== draft.onlinePay || row.data.usecase !== draft.usecase) {
    // Another way to order is another order (the checkout starts a new client id for it).
    throw new ApiError(
      409,
      'conflict',
      `Order ${row.uniqueOrderId} is ${row.data.usecase}/${row.data.onlinePay ? 'online' : 'on site'}; a changed draft must keep both`,
      de.checkout.saveFailed,
    );
  }
  return editUnpaid(row, draft, ctx);
}

/**
 * Back-and-edit: the unpaid order keeps its id and number and takes the new content. Its stock,
 * coupons and stamp card are given back and taken anew in one transaction; a payment attempt that
 * was running for the old content is voided.
 */
async function editUnpaid(row: OrderRow, draft: OrderDraft, ctx: ActionContext): Promise<SaveResult> {
  const now = ctx.now();
  if (isOverdueUnpaid(row.data, now)) {
    // Past its deadline: it expires now and gives everything back instead of taking the change.
    const deps = paymentDeps(ctx);
    const expired = await applyOrderEvent(deps, row.uniqueOrderId, { type: 'expire' }, moneyRunner(deps));
    throw closedOrderError(expired.order, CLOSED_TEXTS.placed);
  }
  const priced = await recomputeOrder(draft, {
    db: ctx.db,
    switches: await hostSwitches(ctx),
    menus: ctx.menus,
    coupons: createCouponRepository(ctx.db),
    fuid: ctx.user?.uid ?? null,
    accountHolder: isAccountHolder(ctx.user),
    filialnummer: ctx.descriptor.branch.filialnummer,
    now,
    maxLines: ctx.maxOrderLines,
    own: { uniqueOrderId: row.uniqueOrderId, stock: row.stockTaken },
  });
  const outcome = await ctx.db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const locked = await lockOrder(tx, row.uniqueOrderId);
    if (!locked || !UNPAID_STATES.includes(locked.data.state)) return { kind: 'closed' as const, order: locked?.data ?? row.data };
    const edited = transition(locked.data, { type: 'edit' }, now);
    if (!edited.ok || isOverdueUnpaid(locked.data, now)) return { kind: 'closed' as const, order: locked.data };
    const released = await releaseReservations(tx, locked);
    const saved = savedFrom(draft, priced, ctx, {
      uniqueOrderId: locked.uniqueOrderId,
      orderNumber: locked.orderNumber,
      createdAt: locked.data.createdAt,
      history: edited.order.history,
    });
    await replaceOrder(tx, { order: saved, priced, browserId: locked.browserId, now });
    return { kind: 'edited' as const, order: saved, voidAttempt: edited.money === 'release', kinds: [...released, ...priced.stock.map((s) => s.kind)] };
  });
  if (outcome.kind === 'closed') {
    if (hasEnded(outcome.order)) throw closedOrderError(outcome.order, CLOSED_TEXTS.placed);
    throw new ApiError(409, 'conflict', `Order ${row.uniqueOrderId} was placed meanwhile`, CLOSED_TEXTS.placed);
  }
  if (outcome.voidAttempt) await releaseOrderPayment(paymentDeps(ctx), row.uniqueOrderId);
  await announce(ctx, outcome.order, outcome.kinds, now);
  return answer(outcome.order, ctx, { duplicate: false, updated: true });
}

/** CancelUnpaidOrder: the owner abandons an unpaid order; it ends as Cancelled and gives everything back. */
const CancelUnpaidOrder: ActionHandler<'CancelUnpaidOrder'> = async ({ uniqueOrderId }, ctx) => {
  const row = await orderForCaller(ctx, uniqueOrderId);
  if (!ownedBy(row, ctx)) throw new ApiError(404, 'not_found', `Order ${uniqueOrderId} not found`);
  if (!UNPAID_STATES.includes(row.data.state) && row.data.state !== 'Cancelled') {
    throw new ApiError(409, 'conflict', `Order ${uniqueOrderId} is ${row.data.state}`, CLOSED_TEXTS.placed);
  }
  const deps = paymentDeps(ctx);
  const applied = await applyOrderEvent(deps, uniqueOrderId, { type: 'cancel', reason: de.orders.guestCancelledReason }, moneyRunner(deps));
  return { order: forOwner(applied.order, ctx) };
};

export const checkoutHandlers = { SaveNewOrder, CancelUnpaidOrder };
