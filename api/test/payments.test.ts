import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppConfig, Menu, OrderDraftInput, SavedOrder } from '@shop/shared/contract';
import { payments, paymentTestObjects } from '../src/db/schema';
import { solveCashCaptcha } from './support/captcha';
import { issueCashCaptcha, verifyCashCaptcha } from '../src/payments/cash-captcha';
import { issueCustomerCard } from '../src/payments/customer-card';
import { captureOrderPayment, releaseOrderPayment } from '../src/payments/service';
import type { TokenVerifier } from '../src/auth/verify';
import { testDatabases } from './support/databases';
import { onlineTakeawayDraft, takeawayDraft } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';
import { testNow } from './support/clock';

const OTHER_BROWSER = 'test-browser-0000-0000-0000-000000000002';
const verifier: TokenVerifier = {
  verify: async (token) =>
    token === 'token-anna'
      ? { uid: 'uid-anna', email: 'anna@example.org', emailVerified: true, name: 'Anna Berg', providerId: 'password' }
      : token === 'token-staff'
        ? { uid: 'uid-staff', email: 'kueche@example.org', emailVerified: true, name: 'Küche', providerId: 'password', staff: true }
        : token === 'token-ben'
          ? { uid: 'uid-ben', email: 'ben@example.org', emailVerified: true, name: 'Ben Ohm', providerId: 'password' }
          : null,
};

describe.each(testDatabases())('payments with the offline test provider on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;
  let clock = testNow();

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier, now: () => clock });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  });

  /** A takeaway order paid online: with the online service fee line and its amount. */
  const onlineDraft = (lines: Parameters<typeof takeawayDraft>[1]): OrderDraftInput => onlineTakeawayDraft(menu, config, lines);
  afterAll(async () => t?.close());

  async function onlineOrder(lines = [{ itemId: 'tacos-al-pastor', count: 2 }]): Promise<SavedOrder> {
    const res = await t.call('SaveNewOrder', { order: onlineDraft(lines) });
    expect(res.body.error).toBeUndefined();
    expect(res.status).toBe(200);
    return res.body.order as SavedOrder;
  }

  async function savedCard(token: string, browserId?: string): Promise<{ customer: string; pm: string }> {
    const opts = browserId ? { browserId } : {};
    const buyer = await t.call('CreateStripeBuyer', { email: 'erika@example.org' }, opts);
    const customer = buyer.body.stripeCustomerId as string;
    const attached = await t.call('AttachPaymentMethodToStripe', { stripeCustomerId: customer, paymentMethodId: token, testCardExpiry: '12/34' }, opts);
    expect(attached.status).toBe(200);
    return { customer, pm: (attached.body.paymentMethod as { paymentMethodId: string }).paymentMethodId };
  }

  const intent = (order: SavedOrder, card: { customer: string; pm: string }, amount = order.total) =>
    t.call('StripeCreatePaymentIntent', { amount, stripeCustomerId: card.customer, paymentMethodId: card.pm, order: { uniqueOrderId: order.uniqueOrderId } });

  const markAuthorized = (order: SavedOrder, psp: 'credit' | 'paypal' | 'wallet' | 'customerCard' = 'credit', token?: string) =>
    t.call(
      'DocUpserter',
      { collectionName: 'orders', updates: { authCompleted: true, psp }, subjectKey: { key: 'uniqueOrderId', value: order.uniqueOrderId }, autoRetry: true },
      token ? { token } : {},
    );

  const loadOrder = async (order: SavedOrder) =>
    ((await t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId } })).body.docs as SavedOrder[])[0]!;

  const paymentRows = (order: SavedOrder) => t.api.database.db.select().from(payments).where(eq(payments.uniqueOrderId, order.uniqueOrderId));

  it("answers in test mode and keeps an account holder's saved cards with label and expiry", async () => {
    const anna = { token: 'token-anna' };
    const customer = (await t.call('CreateStripeBuyer', { fuid: 'uid-anna', email: 'anna@example.org' }, anna)).body.stripeCustomerId as string;
    const attached = await t.call(
      'AttachPaymentMethodToStripe',
      { stripeCustomerId: customer, paymentMethodId: 'pm_card_visa', testCardExpiry: '12/34' },
      anna,
    );
    const pm = (attached.body.paymentMethod as { paymentMethodId: string }).paymentMethodId;
    const profile = await t.call('GetStripeBuyersProfile', {}, anna);
    expect(profile.body).toMatchObject({ mode: 'test', stripeCustomerId: customer });
    expect(profile.body.paymentMethods).toContainEqual({ paymentMethodId: pm, label: 'Visa •••• 4242', exp: '12/34' });
    // The same buyer gets the same customer again, on any device.
    expect((await t.call('CreateStripeBuyer', { email: 'anna@example.org' }, { ...anna, browserId: OTHER_BROWSER })).body.stripeCustomerId).toBe(customer);
    // Someone else's account sees none of it.
    expect((await t.call('GetStripeBuyersProfile', {}, { token: 'token-ben' })).body.paymentMethods).toEqual([]);
  });

  it('a guest pays with a card but never keeps it: the next guest in the same browser is offered no card (requirements#checkout-roles)', async () => {
    const card = await savedCard('pm_card_visa');
    const order = (await t.call('SaveNewOrder', { order: onlineDraft([{ itemId: 'tacos-al-pastor' }]) })).body.order as SavedOrder;
    expect((await intent(order, card)).body.status).toBe('requires_capture');
    const profile = await t.call('GetStripeBuyersProfile', {});
    expect(profile.body).toMatchObject({ stripeCustomerId: null, paymentMethods: [] });
  });

  it('the same order sent 5 times (retries, double click) makes exactly one order and at most one authorization', async () => {
    const draft = onlineDraft([{ itemId: 'tacos-al-pastor' }]);
    const saves = await Promise.all([1, 2, 3, 4, 5].map(() => t.call('SaveNewOrder', { order: draft })));
    const ids = new Set(saves.map((r) => (r.body.order as SavedOrder).uniqueOrderId));
    expect(ids.size).toBe(1);
    const order = saves[0]!.body.order as SavedOrder;

    const card = await savedCard('pm_card_visa');
    const intents = await Promise.all([1, 2, 3, 4, 5].map(() => intent(order, card)));
    expect(intents.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(intents.map((r) => r.body.paymentIntentId)).size).toBe(1);
    expect(intents.every((r) => r.body.status === 'requires_capture')).toBe(true);

    const marks = await Promise.all([1, 2, 3, 4, 5].map(() => markAuthorized(order)));
    expect(marks.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    const rows = await paymentRows(order);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'authorized', amount: order.total, method: 'credit', provider: 'test' });
    const providerIntents = (await t.api.database.db.select().from(paymentTestObjects).where(eq(paymentTestObjects.kind, 'intent'))).filter(
      (o) => (o.data as { uniqueOrderId?: string }).uniqueOrderId === order.uniqueOrderId,
    );
    expect(providerIntents).toHaveLength(1);

    const stored = await loadOrder(order);
    expect(stored).toMatchObject({
      authCompleted: true,
      psp: 'credit',
      isPayPal: false,
      captured: false,
      storno: false,
      sentToPos: false,
      paymentAuth: { stripeCustomerId: card.customer, paymentIntentId: intents[0]!.body.paymentIntentId, paymentMethodId: card.pm },
    });
    expect(stored.authCompletedAt).toBe(clock);
  });

  it('a declined payment leaves an order that is not authorized and can be paid again', async () => {
    const order = await onlineOrder();
    const declined = await intent(order, await savedCard('pm_card_chargeDeclined'));
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      code: 'payment_declined',
      userMessage: 'Die Zahlung wurde abgelehnt. Bitte wähle eine andere Karte oder Zahlungsmethode.',
    });
    expect((await markAuthorized(order)).status).toBe(402);
    expect((await loadOrder(order)).authCompleted).toBe(false);

    const good = await intent(order, await savedCard('pm_card_visa'));
    expect(good.body.status).toBe('requires_capture');
    expect((await markAuthorized(order)).status).toBe(200);
    expect((await loadOrder(order)).authCompleted).toBe(true);
    expect((await paymentRows(order)).map((r) => r.status).sort()).toEqual(['authorized', 'declined']);
  });

  it('3-D Secure: requires_action, not authorized until the customer confirms', async () => {
    const order = await onlineOrder();
    const card = await savedCard('pm_card_authenticationRequired');
    const started = await intent(order, card);
    expect(started.body).toMatchObject({ status: 'requires_action' });
    expect(started.body.clientSecret).toMatch(/_secret_/);
    const early = await markAuthorized(order);
    expect(early.status).toBe(409);
    expect((await loadOrder(order)).authCompleted).toBe(false);

    const confirmed = await t.call('TestConfirmCardAction', { paymentIntentId: started.body.paymentIntentId as string, approve: true });
    expect(confirmed.body.status).toBe('requires_capture');
    expect((await markAuthorized(order)).status).toBe(200);
    expect((await loadOrder(order)).authCompleted).toBe(true);
  });

  it('a failed 3-D Secure step declines; another card pays the same order', async () => {
    const order = await onlineOrder();
    const started = await intent(order, await savedCard('pm_card_authenticationRequired'));
    await t.call('TestConfirmCardAction', { paymentIntentId: started.body.paymentIntentId as string, approve: false });
    expect((await markAuthorized(order)).status).toBe(402);
    expect((await intent(order, await savedCard('pm_card_visa'))).body.status).toBe('requires_capture');
    expect((await markAuthorized(order)).status).toBe(200);
  });

  it('charges the order total only: another amount is refused', async () => {
    const order = await onlineOrder();
    const res = await intent(order, await savedCard('pm_card_visa'), order.total - 100);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'total_mismatch' });
    expect(await paymentRows(order)).toHaveLength(0);
  });

  it("a buyer cannot use another buyer's payment customer", async () => {
    const mine = await savedCard('pm_card_visa');
    const other = await t.call(
      'AttachPaymentMethodToStripe',
      { stripeCustomerId: mine.customer, paymentMethodId: 'pm_card_visa' },
      { browserId: OTHER_BROWSER },
    );
    expect(other.status).toBe(403);
    const detach = await t.call('DetachStripeMethod', { stripeCustomerId: mine.customer, paymentMethodId: mine.pm }, { browserId: OTHER_BROWSER });
    expect(detach.status).toBe(403);
    expect((await t.call('DetachStripeMethod', { stripeCustomerId: mine.customer, paymentMethodId: mine.pm })).status).toBe(200);
  });

  it('refuses to mark an order authorized without a payment', async () => {
    const order = await onlineOrder();
    const res = await markAuthorized(order);
    expect(res.status).toBe(409);
    expect((await loadOrder(order)).authCompleted).toBe(false);
  });

  it('PayPal: create (a second call is a noLock), approve, authorize, mark authorized', async () => {
    const order = await onlineOrder();
    const first = await t.call('CreatePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, negativeTest: false });
    const second = await t.call('CreatePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, negativeTest: false });
    const paypalOrderId = (first.body.data as { paypalOrderId: string }).paypalOrderId;
    expect((second.body.data as { paypalOrderId: string }).paypalOrderId).toBe(paypalOrderId);
    expect(first.body.noLock).toBeUndefined();
    expect(second.body.noLock).toBe(true);

    const tooEarly = await t.call('AuthorizePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, paypalOrderId });
    expect(tooEarly.status).toBe(409);
    await t.call('TestApprovePayPalOrder', { paypalOrderId, approve: true });
    const authorized = await t.call('AuthorizePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, paypalOrderId });
    expect(authorized.status).toBe(200);
    expect(authorized.body.paypalAuthId).toMatch(/^TESTAUTH-/);
    const again = await t.call('AuthorizePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, paypalOrderId });
    expect(again.body).toMatchObject({ paypalAuthId: authorized.body.paypalAuthId, noLock: true });

    expect((await markAuthorized(order, 'paypal')).status).toBe(200);
    expect(await loadOrder(order)).toMatchObject({
      authCompleted: true,
      psp: 'paypal',
      isPayPal: true,
      paymentAuth: { paypalOrderId, paypalAuthId: authorized.body.paypalAuthId, paypalAuthObjectId: authorized.body.paypalAuthId },
    });
  });

  it('captures within the authorization window and voids on rejection', async () => {
    const order = await onlineOrder();
    const started = await intent(order, await savedCard('pm_card_visa'));
    await markAuthorized(order);
    const deps = { db: t.api.database.db, payments: t.api.payments, events: t.api.events, now: () => clock };
    const captured = await captureOrderPayment(deps, order.uniqueOrderId);
    expect(captured).toMatchObject({ captured: true, paid: true, capturedAt: clock });
    expect((await paymentRows(order))[0]!.status).toBe('captured');
    const pi = await t.api.database.db
      .select()
      .from(paymentTestObjects)
      .where(eq(paymentTestObjects.id, started.body.paymentIntentId as string));
    expect(pi[0]!.data).toMatchObject({ status: 'succeeded', captured: order.total });

    // Past the 7-day card window the capture is refused.
    const late = await onlineOrder();
    await intent(late, await savedCard('pm_card_visa'));
    await markAuthorized(late);
    const saved = clock;
    clock += 7 * 24 * 60 * 60_000 + 1;
    await expect(captureOrderPayment(deps, late.uniqueOrderId)).rejects.toThrow(/expired/);
    clock = saved;

    // A rejected order: the authorization is released.
    await releaseOrderPayment(deps, late.uniqueOrderId);
    expect((await paymentRows(late))[0]!.status).toBe('voided');
    await expect(captureOrderPayment(deps, late.uniqueOrderId)).rejects.toThrow(/no authorized payment/);
  });

  it('customer card: balance of the CRED account, sufficient pays, insufficient is declined', async () => {
    await issueCustomerCard(t.api.database.db, { rfid: 'RFID-ANNA-1', fuid: 'uid-anna', label: 'Kundenkarte', balance: 2000, primary: true, now: clock });
    const cards = await t.call('GetCustomerCards', {}, { token: 'token-anna' });
    expect(cards.body).toMatchObject({
      primaryCardId: 'RFID-ANNA-1',
      cards: [{ rfid: 'RFID-ANNA-1', accounts: [{ accountType: 'CRED', balance: 2000, symbol: '€' }] }],
    });
    expect((await t.call('GetCustomerCards', {})).status).toBe(401);

    const small = await onlineOrder([{ itemId: 'tacos-al-pastor', count: 1 }]);
    const held = await t.call('CustomerCardAuthorize', { order: { uniqueOrderId: small.uniqueOrderId }, rfid: 'RFID-ANNA-1' }, { token: 'token-anna' });
    expect(held.status).toBe(200);
    expect(held.body.balance).toBe(2000 - small.total);
    expect((await markAuthorized(small, 'customerCard')).status).toBe(200);
    expect((await loadOrder(small)).psp).toBe('customerCard');

    const big = await onlineOrder([{ itemId: 'tacos-al-pastor', count: 2 }]);
    const refused = await t.call('CustomerCardAuthorize', { order: { uniqueOrderId: big.uniqueOrderId }, rfid: 'RFID-ANNA-1' }, { token: 'token-anna' });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ userMessage: 'Dein Guthaben ist nicht ausreichend.' });
    expect((await loadOrder(big)).authCompleted).toBe(false);
    // Somebody else's card cannot be used.
    expect((await t.call('CustomerCardAuthorize', { order: { uniqueOrderId: big.uniqueOrderId }, rfid: 'RFID-ANNA-1' })).status).toBe(401);
  });

  it('customer card: the user chooses the primary card among their own cards only', async () => {
    await issueCustomerCard(t.api.database.db, { rfid: 'RFID-BEN-1', fuid: 'uid-ben', label: 'Kundenkarte Büro', balance: 500, primary: true, now: clock });
    await issueCustomerCard(t.api.database.db, { rfid: 'RFID-BEN-2', fuid: 'uid-ben', label: 'Kundenkarte Privat', balance: 3000, now: clock });
    const chosen = await t.call('SetPrimaryCustomerCard', { rfid: 'RFID-BEN-2' }, { token: 'token-ben' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.primaryCardId).toBe('RFID-BEN-2');
    expect((await t.call('GetCustomerCards', {}, { token: 'token-ben' })).body.primaryCardId).toBe('RFID-BEN-2');

    // Anna's card is not Ben's; a guest has no cards.
    const foreign = await t.call('SetPrimaryCustomerCard', { rfid: 'RFID-ANNA-1' }, { token: 'token-ben' });
    expect(foreign.status).toBe(403);
    expect((await t.call('GetCustomerCards', {}, { token: 'token-anna' })).body.primaryCardId).toBe('RFID-ANNA-1');
    expect((await t.call('SetPrimaryCustomerCard', { rfid: 'RFID-BEN-1' })).status).toBe(401);
    expect((await t.call('GetCustomerCards', {}, { token: 'token-ben' })).body.primaryCardId).toBe('RFID-BEN-2');
  });

  it('staff board: accepting an order paid online captures it; rejecting one voids it; a taken payment is not taken twice', async () => {
    const card = await savedCard('pm_card_visa');
    const accepted = await onlineOrder();
    expect((await intent(accepted, card)).status).toBe(200);
    expect((await markAuthorized(accepted)).status).toBe(200);
    const confirm = await t.call('UpdateOrderStatus', { uniqueOrderId: accepted.uniqueOrderId, change: 'confirm' }, { token: 'token-staff' });
    expect(confirm.status, JSON.stringify(confirm.body.error)).toBe(200);
    expect(confirm.body.order).toMatchObject({ state: 'Confirmed', captured: true, paid: true, sentToPos: true });
    expect((await paymentRows(accepted))[0]!.status).toBe('captured');
    const ready = await t.call('UpdateOrderStatus', { uniqueOrderId: accepted.uniqueOrderId, change: 'ready' }, { token: 'token-staff' });
    expect(ready.body.order).toMatchObject({ abholbereit: true, captured: true });

    const refused = await onlineOrder();
    expect((await intent(refused, card)).status).toBe(200);
    expect((await markAuthorized(refused)).status).toBe(200);
    const reject = await t.call(
      'UpdateOrderStatus',
      { uniqueOrderId: refused.uniqueOrderId, change: 'reject', reason: 'Zutat ausverkauft' },
      { token: 'token-staff' },
    );
    expect(reject.body.order).toMatchObject({ state: 'Rejected', rejectReason: 'Zutat ausverkauft', captured: false });
    expect((await paymentRows(refused))[0]!.status).toBe('voided');
    const late = await t.call('UpdateOrderStatus', { uniqueOrderId: refused.uniqueOrderId, change: 'confirm' }, { token: 'token-staff' });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ userMessage: 'Diese Bestellung ist bereits abgeschlossen.' });
  });

  it('human check: a solved challenge once; not solved, tampered, foreign, replayed or expired refused; nothing to read in it', async () => {
    const db = t.api.database.db;
    const issued = await t.call('GetCashCaptcha', {});
    expect(issued.status).toBe(200);
    // A proof of work: the challenge carries no answer a script could read off.
    expect(JSON.stringify(issued.body.challenge)).not.toMatch(/counter|derivedKey/);
    const solved = await solveCashCaptcha(issued.body.challenge);
    expect(await verifyCashCaptcha(db, solved, clock)).toBe(true);
    expect(await verifyCashCaptcha(db, solved, clock)).toBe(false);

    const fresh = await issueCashCaptcha(db, clock);
    const good = JSON.parse(Buffer.from((await solveCashCaptcha(fresh.challenge)).payload, 'base64').toString()) as {
      challenge: { parameters: Record<string, unknown> };
      solution: { counter: number };
    };
    const encode = (v: unknown) => ({ payload: Buffer.from(JSON.stringify(v)).toString('base64') });
    expect(await verifyCashCaptcha(db, encode({ ...good, solution: { ...good.solution, counter: good.solution.counter + 1 } }), clock)).toBe(false);
    // Another issue time signed in by a forger: the signature no longer matches.
    expect(
      await verifyCashCaptcha(
        db,
        encode({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, data: { issuedAt: clock + 1 } } } }),
        clock,
      ),
    ).toBe(false);
    const expired = await issueCashCaptcha(db, clock);
    expect(await verifyCashCaptcha(db, await solveCashCaptcha(expired.challenge), clock + 10 * 60_000 + 1)).toBe(false);
    expect(await verifyCashCaptcha(db, undefined, clock)).toBe(false);
    expect(await verifyCashCaptcha(db, { payload: 'not base64 json' }, clock)).toBe(false);
    // The good one was never used: it still works once.
    expect(await verifyCashCaptcha(db, encode(good), clock)).toBe(true);
  });

  it('test-only actions are refused for unknown objects with a clear error', async () => {
    const res = await t.call('TestConfirmCardAction', { paymentIntentId: 'pi_test_missing', approve: true });
    expect(res.status).toBe(400);
    expect((res.body.error as { message: string }).message).toMatch(/No such payment intent/);
  });
});
