// requirements#operating-rules: unpaid orders really expire, by one deadline (the order document's expiresAt,
// which the database column is generated from), for every unpaid state, whether or not the sweep
// has come by: after it every way to pay is refused with a German text, a late authorization is
// voided, stock and coupons come back; abandoned drafts cannot starve limited stock, and one
// browser or network holds only a few drafts. The clock is the test clock (moved by the test).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coupon as couponSchema, type AppConfig, type Menu, type OrderDraftInput, type SavedOrder } from '@shop/shared/contract';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { couponToLine } from '@shop/shared/domain/coupons';
import { withFeeLines } from '@shop/shared/domain/fees';
import { priceCart } from '@shop/shared/domain/pricing';
import { pickupDays } from '@shop/shared/domain/time-slots';
import { coupons, menuItems, orders, payments, paymentTestObjects } from '../src/db/schema';
import { cancelUnacceptedOrders, expireUnpaidOrders } from '../src/orders/maintenance';
import { paymentDeps } from '../src/payments/service';
import { seedAppConfig } from '../src/seed/appconfig';
import { testNow } from './support/clock';
import { testDatabases } from './support/databases';
import { offeredPickupTime, onlineTakeawayDraft, productLine, takeawayDraft, type LineSpec } from './support/orders';
import { STAFF_TOKEN, testVerifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

const EXPIRED_TEXT = 'Die Zeit zum Bezahlen ist abgelaufen. Bitte bestelle erneut.';
const MINUTE = 60_000;

describe.each(testDatabases())('unpaid orders expire on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;
  const start = testNow();
  let clock = start;
  let day = 0;
  let browserCount = 0;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier: testVerifier, now: () => clock, env: { DRAFT_LIMITS: 'on' } });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  });
  afterAll(async () => t?.close());
  // Every test starts a day later at the same hour: the drafts of the test before have expired.
  beforeEach(() => {
    clock = start + ++day * 24 * 60 * MINUTE;
  });

  const db = () => t.api.database.db;
  const browser = () => `expiry-browser-${String(++browserCount).padStart(4, '0')}-0000-0000-000000000000`;
  const online = (lines: LineSpec[] = [{ itemId: 'tacos-al-pastor', count: 2 }], overrides: Partial<OrderDraftInput> = {}) =>
    onlineTakeawayDraft(menu, config, lines, { createdAt: clock, ...overrides });
  async function save(draft: OrderDraftInput, options: { browserId?: string; token?: string } = {}): Promise<SavedOrder> {
    const res = await t.call('SaveNewOrder', { order: draft }, options);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.order as SavedOrder;
  }
  const row = async (id: string) => (await db().select().from(orders).where(eq(orders.uniqueOrderId, id)))[0]!;
  const paymentsOf = async (id: string) => db().select().from(payments).where(eq(payments.uniqueOrderId, id));
  const testObject = async (ref: string) => (await db().select().from(paymentTestObjects).where(eq(paymentTestObjects.id, ref)))[0]!.data;
  const bestand = async (id: string) => (await db().select({ b: menuItems.bestand }).from(menuItems).where(eq(menuItems.id, id)))[0]!.b;
  async function setStock(id: string, value: number) {
    await db().update(menuItems).set({ bestand: value }).where(eq(menuItems.id, id));
    t.api.menus.invalidate();
  }
  const expectExpired = (res: { status: number; body: Record<string, unknown> }) => {
    expect(res.status, JSON.stringify(res.body.error)).toBe(410);
    expect(res.body.error).toMatchObject({ code: 'order_closed', userMessage: EXPIRED_TEXT });
  };
  const intent = (order: SavedOrder, browserId: string, paymentMethodId = 'pm_card_visa') =>
    t.call('StripeCreatePaymentIntent', { amount: order.total, paymentMethodId, order: { uniqueOrderId: order.uniqueOrderId } }, { browserId });
  const mark = (order: SavedOrder, browserId: string, psp: 'credit' | 'paypal' = 'credit') =>
    t.call(
      'DocUpserter',
      { collectionName: 'orders', updates: { authCompleted: true, psp }, subjectKey: { key: 'uniqueOrderId', value: order.uniqueOrderId }, autoRetry: true },
      { browserId },
    );

  it('the deadline the sweep reads is the order document’s: written with the draft, the same value', async () => {
    const id = browser();
    const order = await save(online(), { browserId: id });
    expect(order.expiresAt).toBe(clock + CHECKOUT_CONSTANTS.unpaidOrderExpiryMs);
    const stored = await row(order.uniqueOrderId);
    expect(stored.expiresAt).toBe(order.expiresAt);
    expect(stored.data.expiresAt).toBe(order.expiresAt);
  });

  it('Draft: a card payment after the deadline is refused (no sweep needed); the stock and the single-use coupon come back', async () => {
    await setStock('tacos-al-pastor', 6);
    const code = `SPAET${browserCount}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
    const single = couponSchema.parse({ couponCode: code, type: 'amount', title: 'Einmal 1 €', amount: 100, allowMulti: false });
    await db().insert(coupons).values({ code, type: 'amount', visibility: 'private', data: single, updatedAt: clock });
    const lines = [productLine(menu, { itemId: 'tacos-al-pastor', count: 2 }), couponToLine(single)];
    const b = priceCart({ lines, usecase: 'takeaway', config, onlinePay: true, now: clock });
    const draft = takeawayDraft(menu, [], {
      onlinePay: true,
      directPay: true,
      psp: undefined,
      createdAt: clock,
      orderData: withFeeLines(lines, b.fees),
      paymentInfo: { amount: b.total, itemsTotal: b.itemsTotal, tip: 0 },
    });
    const id = browser();
    const order = await save(draft, { browserId: id });
    expect(await bestand('tacos-al-pastor')).toBe(4);

    clock += CHECKOUT_CONSTANTS.unpaidOrderExpiryMs + MINUTE;
    expectExpired(await intent(order, id));
    expect(await row(order.uniqueOrderId)).toMatchObject({ state: 'Expired', stockTaken: [] });
    expect(await bestand('tacos-al-pastor')).toBe(6);
    expect(await paymentsOf(order.uniqueOrderId)).toEqual([]);
    // The coupon is free again: another guest redeems it.
    const other = browser();
    expect(
      (await save({ ...draft, clientId: `client-${code}-again`, createdAt: clock, targetTime: offeredPickupTime(clock) }, { browserId: other })).state,
    ).toBe('Draft');
    await setStock('tacos-al-pastor', -1);
  });

  it('AwaitingPayment (3-D Secure step): the late 3-D Secure answer and the mark are refused, the attempt is voided', async () => {
    const id = browser();
    const order = await save(online(), { browserId: id });
    const started = await intent(order, id, 'pm_card_authenticationRequired');
    expect(started.body.status).toBe('requires_action');
    expect((await row(order.uniqueOrderId)).state).toBe('AwaitingPayment');

    clock += CHECKOUT_CONSTANTS.unpaidOrderExpiryMs + MINUTE;
    expectExpired(await t.call('TestConfirmCardAction', { paymentIntentId: started.body.paymentIntentId as string, approve: true }, { browserId: id }));
    expectExpired(await mark(order, id));
    expect((await row(order.uniqueOrderId)).data).toMatchObject({ state: 'Expired', paymentReleased: 'voided' });
    expect((await paymentsOf(order.uniqueOrderId)).map((p) => p.status)).toEqual(['voided']);
    expect(await testObject(started.body.paymentIntentId as string)).toMatchObject({ status: 'canceled' });
  });

  it('a late authorization (the card was authorized, the mark comes after the deadline) is voided at once', async () => {
    const id = browser();
    const order = await save(online(), { browserId: id });
    const started = await intent(order, id);
    expect(started.body.status).toBe('requires_capture');

    clock += CHECKOUT_CONSTANTS.unpaidOrderExpiryMs + MINUTE;
    expectExpired(await mark(order, id));
    expect((await row(order.uniqueOrderId)).data).toMatchObject({ state: 'Expired', paymentReleased: 'voided', authCompleted: false });
    expect((await paymentsOf(order.uniqueOrderId)).map((p) => p.status)).toEqual(['voided']);
    expect(await testObject(started.body.paymentIntentId as string)).toMatchObject({ status: 'canceled' });
    // The kitchen never sees it.
    const board = await t.call('LoadStaffOrders', {}, { token: STAFF_TOKEN });
    expect((board.body.orders as SavedOrder[]).map((o) => o.uniqueOrderId)).not.toContain(order.uniqueOrderId);
  });

  it('PayPal: an approved order is not authorized after the deadline, and a new PayPal order is refused', async () => {
    const id = browser();
    const order = await save(online(), { browserId: id });
    const created = await t.call('CreatePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, negativeTest: false }, { browserId: id });
    const paypalOrderId = (created.body.data as { paypalOrderId: string }).paypalOrderId;
    await t.call('TestApprovePayPalOrder', { paypalOrderId, approve: true }, { browserId: id });

    clock += CHECKOUT_CONSTANTS.unpaidOrderExpiryMs + MINUTE;
    expectExpired(await t.call('AuthorizePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, paypalOrderId }, { browserId: id }));
    expect(await testObject(paypalOrderId)).not.toHaveProperty('authId');
    expect((await paymentsOf(order.uniqueOrderId)).map((p) => p.status)).toEqual(['voided']);

    const second = await save(online(), { browserId: id });
    clock += CHECKOUT_CONSTANTS.unpaidOrderExpiryMs + MINUTE;
    expectExpired(await t.call('CreatePayPalOrder', { order: { uniqueOrderId: second.uniqueOrderId }, negativeTest: false }, { browserId: id }));
  });

  it('customer card: no hold after the deadline', async () => {
    const issued = await t.call('IssueCustomerCard', { label: 'Spät', initialAmount: 5000, requestId: `req-expiry-${clock}` }, { token: STAFF_TOKEN });
    const { card, checkCode } = issued.body as unknown as { card: { rfid: string }; checkCode: string };
    const guest = { token: 'user:expiry-card-guest', browserId: browser() };
    expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode }, guest)).status).toBe(200);
    const order = await save(online([{ itemId: 'tacos-al-pastor', count: 2 }], { asGuest: false }), guest);

    clock += CHECKOUT_CONSTANTS.unpaidOrderExpiryMs + MINUTE;
    expectExpired(await t.call('CustomerCardAuthorize', { order: { uniqueOrderId: order.uniqueOrderId }, rfid: card.rfid }, guest));
    expect(await paymentsOf(order.uniqueOrderId)).toEqual([]);
  });

  it('a pre-order cannot be paid after its slot, even inside the expiry time', async () => {
    // The first pickup slot the seed offers now: sooner than the expiry time.
    const slot = pickupDays({ now: clock, openingHours: seedAppConfig.takeAway.openingHours, delayMinutes: seedAppConfig.takeAway.delayInMinutes })
      .flatMap((d) => d.slots)
      .map((s) => s.utc)
      .find((utc) => utc > clock + 20 * MINUTE && utc < clock + CHECKOUT_CONSTANTS.unpaidOrderExpiryMs);
    expect(slot, 'a slot within the expiry time').toBeDefined();
    const id = browser();
    const order = await save(online(undefined, { targetTime: slot! }), { browserId: id });
    expect(order.expiresAt).toBe(slot);

    clock = slot! + MINUTE;
    expectExpired(await intent(order, id));
    expect((await row(order.uniqueOrderId)).state).toBe('Expired');
  });

  it('the sweep expires what nobody touches; back-and-edit after the deadline is refused too', async () => {
    const id = browser();
    const untouched = await save(online(), { browserId: id });
    const edited = online();
    const other = await save(edited, { browserId: id });
    clock += CHECKOUT_CONSTANTS.unpaidOrderExpiryMs + MINUTE;
    const changed = { ...edited, note: 'Doch ohne Zwiebeln' };
    expectExpired(await t.call('SaveNewOrder', { order: changed }, { browserId: id }));
    expect((await row(other.uniqueOrderId)).state).toBe('Expired');
    expect(
      await expireUnpaidOrders(paymentDeps({ db: db(), payments: t.api.payments, events: t.api.events, now: () => clock, menus: t.api.menus })),
    ).toBeGreaterThanOrEqual(1);
    expect((await row(untouched.uniqueOrderId)).state).toBe('Expired');
  });

  it('a paid order the kitchen never accepts stays on the board as New, then the sweep cancels it and releases the money', async () => {
    const id = browser();
    const order = await save(online(), { browserId: id });
    expect((await intent(order, id)).body.status).toBe('requires_capture');
    expect((await mark(order, id)).status).toBe(200);
    const deps = paymentDeps({ db: db(), payments: t.api.payments, events: t.api.events, now: () => clock, menus: t.api.menus });
    const onBoard = async () =>
      ((await t.call('LoadStaffOrders', {}, { token: STAFF_TOKEN })).body.orders as SavedOrder[]).find((o) => o.uniqueOrderId === order.uniqueOrderId);

    // Long after its pickup time it is still there, 'Neu', its authorization held.
    clock = order.targetTime! + CHECKOUT_CONSTANTS.unacceptedOrderCancelAfterMs - MINUTE;
    expect(await cancelUnacceptedOrders(deps)).toBe(0);
    expect((await onBoard())?.state).toBe('New');
    expect((await paymentsOf(order.uniqueOrderId)).map((p) => p.status)).toEqual(['authorized']);

    clock += 2 * MINUTE;
    expect(await cancelUnacceptedOrders(deps)).toBe(1);
    const ended = (await row(order.uniqueOrderId)).data;
    expect(ended).toMatchObject({ state: 'Cancelled', paymentReleased: 'voided', captured: false });
    expect(ended.cancelReason).toBe('Das Restaurant hat die Bestellung nicht rechtzeitig angenommen');
    expect((await paymentsOf(order.uniqueOrderId)).map((p) => p.status)).toEqual(['voided']);
    expect((await onBoard())?.state).toBe('Cancelled');
  });

  it('abandoned drafts hold limited stock no longer than the deadline: the next guest gets it at once', async () => {
    await setStock('resteretter-tuete', 5);
    const lines: LineSpec[] = [{ itemId: 'resteretter-tuete' }, { itemId: 'tacos-al-pastor' }];
    for (let i = 0; i < 5; i++) await save(online(lines), { browserId: browser() });
    expect(await bestand('resteretter-tuete')).toBe(0);
    const late = await t.call('SaveNewOrder', { order: online(lines) }, { browserId: browser() });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'sold_out', userMessage: '„Resteretter-Tüte“ ist leider bereits ausverkauft.' });

    // Past the deadline, before any sweep: the five are expired on the spot and the bag is sold.
    clock += CHECKOUT_CONSTANTS.unpaidOrderExpiryMs + MINUTE;
    const next = await t.call('SaveNewOrder', { order: online(lines) }, { browserId: browser() });
    expect(next.status, JSON.stringify(next.body.error)).toBe(200);
    expect(await bestand('resteretter-tuete')).toBe(4);
    await setStock('resteretter-tuete', 5);
  });

  it(`one browser holds at most ${CHECKOUT_CONSTANTS.maxOpenDraftsPerBrowser} unpaid orders at once (German text); paying or cancelling frees a place`, async () => {
    const id = browser();
    const held: SavedOrder[] = [];
    for (let i = 0; i < CHECKOUT_CONSTANTS.maxOpenDraftsPerBrowser; i++) held.push(await save(online(), { browserId: id }));
    const refused = await t.call('SaveNewOrder', { order: online() }, { browserId: id });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'rate_limited',
      userMessage: `Du hast schon ${CHECKOUT_CONSTANTS.maxOpenDraftsPerBrowser} unbezahlte Bestellungen offen. Bitte bezahle oder storniere eine davon, bevor du eine neue Bestellung beginnst.`,
    });
    // Orders paid on site are not drafts: they are never held back by this.
    expect(
      (await t.call('SaveNewOrder', { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { createdAt: clock }) }, { browserId: id })).status,
    ).toBe(200);
    expect((await t.call('CancelUnpaidOrder', { uniqueOrderId: held[0]!.uniqueOrderId }, { browserId: id })).status).toBe(200);
    expect((await t.call('SaveNewOrder', { order: online() }, { browserId: id })).status).toBe(200);
    // Drafts past their deadline do not count.
    clock += CHECKOUT_CONSTANTS.unpaidOrderExpiryMs + MINUTE;
    expect((await t.call('SaveNewOrder', { order: online() }, { browserId: id })).status).toBe(200);
  });

  it(`one network (IP address) holds at most ${CHECKOUT_CONSTANTS.maxOpenDraftsPerIp}, also from many browsers, also sent at once`, async () => {
    const ip = '198.51.100.23';
    const statuses = await Promise.all(
      Array.from({ length: CHECKOUT_CONSTANTS.maxOpenDraftsPerIp + 3 }, () => t.call('SaveNewOrder', { order: online() }, { browserId: browser(), ip })),
    );
    expect(statuses.filter((r) => r.status === 200)).toHaveLength(CHECKOUT_CONSTANTS.maxOpenDraftsPerIp);
    const refused = statuses.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body.error).toMatchObject({
        userMessage: 'Aus diesem Netzwerk sind gerade zu viele unbezahlte Bestellungen offen. Bitte versuche es in ein paar Minuten erneut.',
      });
    }
    // Another network is not affected.
    expect((await t.call('SaveNewOrder', { order: online() }, { browserId: browser(), ip: '198.51.100.24' })).status).toBe(200);
  });
});
