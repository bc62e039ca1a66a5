import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { couponToLine } from '@shop/shared/domain/coupons';
import {
  coupon as couponSchema,
  orderChannel,
  type AppConfig,
  type Menu,
  type OrderDraftInput,
  type SavedOrder,
  type ServerEvent,
  type StampCard,
} from '@shop/shared/contract';
import { withFeeLines } from '@shop/shared/domain/fees';
import { priceCart } from '@shop/shared/domain/pricing';
import { coupons, menuItems, orders, payments, paymentTestObjects } from '../src/db/schema';
import { allowedOrderChannels } from '../src/http/events-route';
import { expireUnpaidOrders, reconcilePayments } from '../src/orders/maintenance';
import { ProviderError } from '../src/payments/provider';
import { paymentDeps } from '../src/payments/service';
import { solveCashCaptcha } from './support/captcha';
import { testNow } from './support/clock';
import { testDatabases } from './support/databases';
import { onlineTakeawayDraft, productLine, takeawayDraft, type LineSpec } from './support/orders';
import { STAFF_TOKEN, handOver, staffChange, testVerifier } from './support/staff';
import { startTestApi, TEST_BROWSER_ID, type TestApi } from './support/test-api';

/**
 * The order lifecycle (issue: an order lifecycle a restaurant can trust): no unpaid food cooked, no
 * money left on hold, no duplicate orders, every guest told. Every scenario on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
describe.each(testDatabases())('order lifecycle on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;
  let clock = testNow();

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier: testVerifier, now: () => clock });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  });
  afterAll(async () => t?.close());
  // Tests that limit the tacos' stock give it back: unlimited (-1) as seeded.
  afterEach(async () => setStock('tacos-al-pastor', -1));

  const db = () => t.api.database.db;
  const deps = () => paymentDeps({ db: db(), payments: t.api.payments, events: t.api.events, now: () => clock, menus: t.api.menus });

  async function save(draft: OrderDraftInput, browserId = TEST_BROWSER_ID): Promise<{ order: SavedOrder; updated: boolean; duplicate: boolean }> {
    const res = await t.call('SaveNewOrder', { order: draft }, { browserId });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return { order: res.body.order as SavedOrder, updated: res.body.updated === true, duplicate: res.body.duplicate === true };
  }
  const online = (lines: LineSpec[] = [{ itemId: 'tacos-al-pastor', count: 2 }], overrides: Partial<OrderDraftInput> = {}) =>
    onlineTakeawayDraft(menu, config, lines, overrides);
  const intent = (order: SavedOrder, paymentMethodId = 'pm_card_visa') =>
    t.call('StripeCreatePaymentIntent', { amount: order.total, paymentMethodId, order: { uniqueOrderId: order.uniqueOrderId } });
  const mark = (order: SavedOrder) =>
    t.call('DocUpserter', {
      collectionName: 'orders',
      updates: { authCompleted: true, psp: 'credit' },
      subjectKey: { key: 'uniqueOrderId', value: order.uniqueOrderId },
      autoRetry: true,
    });
  async function paid(order: SavedOrder): Promise<SavedOrder> {
    expect((await intent(order)).body).toMatchObject({ status: 'requires_capture' });
    const res = await mark(order);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.doc as SavedOrder;
  }
  const stored = async (id: string) => (await db().select().from(orders).where(eq(orders.uniqueOrderId, id)))[0]!;
  const paymentOf = async (id: string) => (await db().select().from(payments).where(eq(payments.uniqueOrderId, id))).sort((a, b) => a.createdAt - b.createdAt);
  const intentStatus = async (ref: string) =>
    (await db().select().from(paymentTestObjects).where(eq(paymentTestObjects.id, ref)))[0]!.data as { status: string; refunded?: number };
  const board = async () =>
    (await t.call('LoadStaffOrders', {}, { token: STAFF_TOKEN })).body as unknown as {
      orders: SavedOrder[];
      awaitingPayment: SavedOrder[];
      waiterCalls: { signalId: string }[];
    };
  const bestand = async (id: string) => (await db().select({ b: menuItems.bestand }).from(menuItems).where(eq(menuItems.id, id)))[0]!.b;
  async function setStock(id: string, value: number) {
    await db().update(menuItems).set({ bestand: value }).where(eq(menuItems.id, id));
    t.api.menus.invalidate();
  }
  const staff = (id: string, change: 'confirm' | 'ready' | 'collected' | 'reject' | 'cancel', reason?: string) =>
    t.call('UpdateOrderStatus', { uniqueOrderId: id, change, ...(reason ? { reason } : {}) }, { token: STAFF_TOKEN });

  it('an online order is a Draft until it is paid: the kitchen can neither see it as an order nor accept it', async () => {
    const { order } = await save(online());
    expect(order).toMatchObject({ state: 'Draft', expiresAt: clock + 30 * 60_000 });
    expect(order.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const before = await board();
    expect(before.orders.map((o) => o.uniqueOrderId)).not.toContain(order.uniqueOrderId);
    expect(before.awaitingPayment.map((o) => o.uniqueOrderId)).toContain(order.uniqueOrderId);
    for (const change of ['confirm', 'ready', 'collected'] as const) {
      const res = await staff(order.uniqueOrderId, change);
      expect(res.status, change).toBe(409);
    }

    const placed = await paid(order);
    expect(placed).toMatchObject({ state: 'New', authCompleted: true, psp: 'credit' });
    expect(placed.expiresAt).toBeUndefined();
    expect((await board()).orders.map((o) => o.uniqueOrderId)).toContain(order.uniqueOrderId);

    // Accepting captures; ready and handed over follow; nothing is left on hold.
    expect(await staffChange(t, order.uniqueOrderId, 'confirm')).toMatchObject({ state: 'Confirmed', captured: true, paid: true });
    expect(await staffChange(t, order.uniqueOrderId, 'ready')).toMatchObject({ state: 'Ready', abholbereit: true });
    expect(await staffChange(t, order.uniqueOrderId, 'collected')).toMatchObject({ state: 'Collected', captured: true });
    expect((await paymentOf(order.uniqueOrderId)).map((p) => p.status)).toEqual(['captured']);
  });

  it('an order paid on site is placed at once and on the board', async () => {
    const { order } = await save(takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { createdAt: clock }));
    expect(order.state).toBe('New');
    expect((await board()).orders.map((o) => o.uniqueOrderId)).toContain(order.uniqueOrderId);
  });

  it('staff reject an order while the guest is in the 3-D Secure step: the guest can no longer pay and hears the reason', async () => {
    const { order } = await save(online());
    const started = await intent(order, 'pm_card_authenticationRequired');
    expect(started.body).toMatchObject({ status: 'requires_action' });
    expect((await stored(order.uniqueOrderId)).state).toBe('AwaitingPayment');

    const rejected = await staff(order.uniqueOrderId, 'reject', 'Zutat ausverkauft');
    expect(rejected.status, JSON.stringify(rejected.body.error)).toBe(200);
    expect(rejected.body.order).toMatchObject({ state: 'Rejected', rejectReason: 'Zutat ausverkauft', paymentReleased: 'voided' });
    expect(await intentStatus(started.body.paymentIntentId as string)).toMatchObject({ status: 'canceled' });

    // The guest finishes 3-D Secure and the checkout marks the order: refused, with the reason, nothing held.
    await t.call('TestConfirmCardAction', { paymentIntentId: started.body.paymentIntentId as string, approve: true });
    const late = await mark(order);
    expect(late.status).toBe(410);
    expect(late.body.error).toMatchObject({ code: 'order_closed', userMessage: 'Die Bestellung wurde vom Restaurant abgelehnt: Zutat ausverkauft' });
    const again = await intent(order);
    expect(again.status).toBe(410);
    expect((await paymentOf(order.uniqueOrderId)).map((p) => p.status)).toEqual(['voided']);
    expect((await stored(order.uniqueOrderId)).state).toBe('Rejected');
  });

  it('an authorization the provider gave before the rejection is voided at once, also when both race', async () => {
    const { order } = await save(online());
    const authorized = await intent(order);
    expect(authorized.body).toMatchObject({ status: 'requires_capture' });
    expect(await staffChange(t, order.uniqueOrderId, 'reject', { reason: 'Küche schließt' })).toMatchObject({ state: 'Rejected', paymentReleased: 'voided' });
    expect(await intentStatus(authorized.body.paymentIntentId as string)).toMatchObject({ status: 'canceled' });
    expect((await mark(order)).status).toBe(410);

    // Mark and reject at the same time: whichever wins, the order ends Rejected and the money is released.
    for (let i = 0; i < 3; i++) {
      const { order: racing } = await save(online());
      const pi = (await intent(racing)).body.paymentIntentId as string;
      await Promise.all([mark(racing), staff(racing.uniqueOrderId, 'reject', 'Zu viel los')]);
      const row = await stored(racing.uniqueOrderId);
      expect(row.state).toBe('Rejected');
      expect(row.data.paymentReleased).toBe('voided');
      expect(await intentStatus(pi)).toMatchObject({ status: 'canceled' });
      expect((await paymentOf(racing.uniqueOrderId)).every((p) => p.status === 'voided')).toBe(true);
    }
  });

  it('back-and-edit on the payment step changes the same order (one order, stock follows); a paid order cannot change', async () => {
    await setStock('tacos-al-pastor', 10);
    const first = online([{ itemId: 'tacos-al-pastor', count: 3 }], { note: 'Bitte scharf' });
    const { order } = await save(first);
    expect(await bestand('tacos-al-pastor')).toBe(7);
    const attempt = await intent(order, 'pm_card_authenticationRequired');
    expect(attempt.body.status).toBe('requires_action');

    // Back, another note and one taco less, Weiter: the same client id.
    const changed = online([{ itemId: 'tacos-al-pastor', count: 2 }], { clientId: first.clientId, note: 'Ohne Zwiebeln' });
    const edited = await save(changed);
    expect(edited).toMatchObject({ updated: true, duplicate: false });
    expect(edited.order).toMatchObject({ uniqueOrderId: order.uniqueOrderId, orderNumber: order.orderNumber, note: 'Ohne Zwiebeln', state: 'Draft' });
    expect(edited.order.total).toBeLessThan(order.total);
    expect(await bestand('tacos-al-pastor')).toBe(8);
    expect(await db().select().from(orders).where(eq(orders.clientId, first.clientId))).toHaveLength(1);
    expect((await paymentOf(order.uniqueOrderId)).map((p) => p.status)).toEqual(['voided']);
    // The same content again is a retry: the same order, unchanged.
    expect(await save(changed)).toMatchObject({ duplicate: true, order: { uniqueOrderId: order.uniqueOrderId } });

    await paid(edited.order);
    const tooLate = await t.call('SaveNewOrder', { order: { ...changed, note: 'Doch mit Zwiebeln' } });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error).toMatchObject({ userMessage: 'Diese Bestellung wurde bereits abgeschickt und kann nicht mehr geändert werden.' });
    expect((await stored(order.uniqueOrderId)).data.note).toBe('Ohne Zwiebeln');
    // Another browser cannot use this client id at all.
    const foreign = await t.call('SaveNewOrder', { order: changed }, { browserId: 'another-browser-0000-0000-0000-000000000009' });
    expect(foreign.status).toBe(409);
    expect(JSON.stringify(foreign.body)).not.toContain(order.uniqueOrderId);
  });

  it('an order left unpaid expires after 30 minutes: it drops out, its stock, coupon and payment attempt are given back', async () => {
    await setStock('tacos-al-pastor', 5);
    const code = `EINMAL${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
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
    const { order } = await save(draft, 'expiring-browser-000-0000-0000-000000000001');
    expect(await bestand('tacos-al-pastor')).toBe(3);
    const attempt = await t.call(
      'StripeCreatePaymentIntent',
      { amount: order.total, paymentMethodId: 'pm_card_authenticationRequired', order: { uniqueOrderId: order.uniqueOrderId } },
      { browserId: 'expiring-browser-000-0000-0000-000000000001' },
    );
    expect(attempt.body.status).toBe('requires_action');

    clock += 29 * 60_000;
    expect(await expireUnpaidOrders(deps())).toBe(0);
    clock += 2 * 60_000;
    expect(await expireUnpaidOrders(deps())).toBe(1);
    const row = await stored(order.uniqueOrderId);
    expect(row).toMatchObject({ state: 'Expired', stockTaken: [] });
    expect(row.data.paymentReleased).toBe('voided');
    expect(await bestand('tacos-al-pastor')).toBe(5);
    expect((await paymentOf(order.uniqueOrderId)).map((p) => p.status)).toEqual(['voided']);
    const list = await board();
    expect([...list.orders, ...list.awaitingPayment].map((o) => o.uniqueOrderId)).not.toContain(order.uniqueOrderId);
    const mine = await t.call('GetLastSelfOrders', {}, { browserId: 'expiring-browser-000-0000-0000-000000000001' });
    expect((mine.body.orders as SavedOrder[]).map((o) => o.uniqueOrderId)).not.toContain(order.uniqueOrderId);
    const late = await t.call(
      'StripeCreatePaymentIntent',
      { amount: order.total, paymentMethodId: 'pm_card_visa', order: { uniqueOrderId: order.uniqueOrderId } },
      { browserId: 'expiring-browser-000-0000-0000-000000000001' },
    );
    expect(late.status).toBe(410);
    expect(late.body.error).toMatchObject({ userMessage: 'Die Zeit zum Bezahlen ist abgelaufen. Bitte bestelle erneut.' });
    // The single-use coupon is free again: another order redeems it.
    const reuse = { ...draft, clientId: `client-reuse-${code}`, createdAt: clock };
    expect((await save(reuse, 'another-browser-0000-0000-0000-000000000031')).order.state).toBe('Draft');
  });

  it('reconciliation captures a handed-over order whose capture failed; stamps follow the money', async () => {
    const card = t.api.payments.card!;
    const capture = card.capture.bind(card);
    let failing = true;
    const down = vi
      .spyOn(card, 'capture')
      .mockImplementation((...args) => (failing ? Promise.reject(new ProviderError('test', 'Stripe is down', 503)) : capture(...args)));
    try {
      const draft = online([{ itemId: 'tacos-al-pastor', count: 3 }], { asGuest: false, collectStempel: true, stempelType: 1 });
      const res = await t.call('SaveNewOrder', { order: draft }, { token: 'user:stamp-reconcile' });
      const order = res.body.order as SavedOrder;
      expect(
        (
          await t.call(
            'StripeCreatePaymentIntent',
            { amount: order.total, paymentMethodId: 'pm_card_visa', order: { uniqueOrderId: order.uniqueOrderId } },
            { token: 'user:stamp-reconcile' },
          )
        ).status,
      ).toBe(200);
      const marked = await t.call(
        'DocUpserter',
        { collectionName: 'orders', updates: { authCompleted: true, psp: 'credit' }, subjectKey: { key: 'uniqueOrderId', value: order.uniqueOrderId } },
        { token: 'user:stamp-reconcile' },
      );
      expect(marked.status).toBe(200);

      // The kitchen accepts: the capture fails, the board shows it, the order is accepted all the same.
      const accepted = await staffChange(t, order.uniqueOrderId, 'confirm');
      expect(accepted).toMatchObject({ state: 'Confirmed', captured: false, captureFailed: true });
      expect((await board()).orders.find((o) => o.uniqueOrderId === order.uniqueOrderId)).toMatchObject({ captureFailed: true });
      await staffChange(t, order.uniqueOrderId, 'ready');
      expect(await staffChange(t, order.uniqueOrderId, 'collected')).toMatchObject({ state: 'Collected', captured: false });
      const stamps = async () =>
        ((await t.call('LoadStempelkarte', { fuid: 'stamp-reconcile' }, { token: 'user:stamp-reconcile' })).body.stempelkarte as StampCard).punktestand;
      expect(await stamps()).toBe(0);

      // Still down: the reconciliation reports the failure and changes nothing.
      expect(await reconcilePayments(deps())).toMatchObject({ captured: 0, failed: 1 });
      failing = false;
      expect(await reconcilePayments(deps())).toMatchObject({ captured: 1, failed: 0 });
      const row = await stored(order.uniqueOrderId);
      expect(row.data).toMatchObject({ captured: true, paid: true });
      expect(row.data.captureFailed).toBeUndefined();
      expect((await paymentOf(order.uniqueOrderId)).map((p) => p.status)).toEqual(['captured']);
      // One point per euro (requirements#checkout-behaviour: a stamp per 10 €).
      expect(await stamps()).toBe(Math.floor(order.total / 100));
      // Nothing authorized is left: another run finds nothing to do.
      expect(await reconcilePayments(deps())).toEqual({ captured: 0, released: 0, failed: 0 });
    } finally {
      down.mockRestore();
    }
  });

  it('cancelling an accepted order refunds its payment; reject needs a reason and is for orders not yet accepted', async () => {
    const { order } = await save(online());
    await paid(order);
    const accepted = await staffChange(t, order.uniqueOrderId, 'confirm');
    expect(accepted.captured).toBe(true);
    expect((await staff(order.uniqueOrderId, 'reject', 'Zu spät')).status).toBe(409);
    const noReason = await staff(order.uniqueOrderId, 'cancel');
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toMatchObject({ userMessage: 'Bitte gib einen Grund an (mindestens 3 Zeichen).' });
    const cancelled = await staffChange(t, order.uniqueOrderId, 'cancel', { reason: 'Ofen defekt' });
    expect(cancelled).toMatchObject({ state: 'Cancelled', cancelReason: 'Ofen defekt', paymentReleased: 'refunded' });
    const [payment] = await paymentOf(order.uniqueOrderId);
    expect(payment).toMatchObject({ status: 'refunded' });
    expect(await intentStatus(payment!.providerRef!)).toMatchObject({ status: 'succeeded', refunded: order.total });
    // Handed-over orders stay handed over.
    const done = await save(takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { createdAt: clock }));
    await handOver(t, done.order.uniqueOrderId);
    expect((await staff(done.order.uniqueOrderId, 'cancel', 'Zu spät')).status).toBe(409);
  });

  it('20 identical pay-at-pickup orders sent at once (a double click, retries) make one order and 20 × 200', async () => {
    const issued = await t.call('GetCashCaptcha', {});
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { createdAt: clock, captcha: await solveCashCaptcha(issued.body.challenge) });
    const results = await Promise.all(Array.from({ length: 20 }, () => t.call('SaveNewOrder', { order: draft }, { solveCaptcha: false })));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(results.map((r) => (r.body.order as SavedOrder).uniqueOrderId)).size).toBe(1);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    const count = await db().execute(sql`select count(*)::int as n from orders where client_id = ${draft.clientId}`);
    expect((count as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('the access token lets the order page of any device follow the order live; a forged token gets nothing', async () => {
    const { order } = await save(takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { createdAt: clock }), 'live-browser-0000-0000-0000-000000000001');
    const granted = allowedOrderChannels(`${order.uniqueOrderId}.${order.accessToken},${order.uniqueOrderId}.forged,../x.y`, t.api.orderTokens);
    expect(granted).toEqual({ channels: [orderChannel(order.uniqueOrderId)], refused: 2 });
    const heard: ServerEvent[] = [];
    const off = t.api.events.subscribe(orderChannel(order.uniqueOrderId), (e) => heard.push(e));
    await off.ready;
    await staffChange(t, order.uniqueOrderId, 'confirm');
    await staffChange(t, order.uniqueOrderId, 'ready');
    off();
    expect(heard).toEqual([
      { type: 'orderUpdated', uniqueOrderId: order.uniqueOrderId, state: 'Confirmed' },
      { type: 'orderUpdated', uniqueOrderId: order.uniqueOrderId, state: 'Ready' },
    ]);
    // The waiter-call acknowledgement leaves the board.
    await t.call('Kellnerruf', { usecase: 'tableordering', type: 'kellnerruf', table: '77', signalId: 'signal-ack-0000001' });
    expect((await board()).waiterCalls.map((c) => c.signalId)).toContain('signal-ack-0000001');
    expect((await t.call('AcknowledgeWaiterCall', { signalId: 'signal-ack-0000001' }, { token: STAFF_TOKEN })).body).toMatchObject({
      ok: true,
      acknowledged: true,
    });
    expect((await board()).waiterCalls.map((c) => c.signalId)).not.toContain('signal-ack-0000001');
    expect((await t.call('AcknowledgeWaiterCall', { signalId: 'signal-ack-0000001' })).status).toBe(401);
  });
});
