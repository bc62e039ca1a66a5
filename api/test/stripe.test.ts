import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppConfig, Menu, OrderDraftInput, SavedOrder } from '@shop/shared/contract';
import { feeCharges, feeConfigOf, withFeeLines } from '@shop/shared/domain/fees';
import { paymentEvents, payments } from '../src/db/schema';
import { captureOrderPayment, releaseOrderPayment } from '../src/payments/service';
import { applicationDatabase } from './support/databases';
import { takeawayDraft } from './support/orders';
import { startStripeFake, type StripeFake } from './support/stripe-fake';
import { startTestApi, type TestApi } from './support/test-api';
import { testNow } from './support/clock';
import { testVerifier } from './support/staff';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_shop';
/** A signed-in account holder (testVerifier: 'user:<uid>'). */
const ANNA = { token: 'user:anna' };

describe.each(applicationDatabase())('Stripe adapter through the official SDK on $name', (database) => {
  let fake: StripeFake;
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await startTestApi(await database.open(), {
      verifier: testVerifier,
      env: { STRIPE_SECRET_KEY: 'sk_test_shop', STRIPE_API_BASE: fake.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  function onlineDraft(): OrderDraftInput {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }], { onlinePay: true, directPay: true, psp: undefined });
    const fees = feeCharges({ usecase: 'takeaway', onlinePay: true, fees: feeConfigOf(config) });
    const fee = fees.reduce((n, f) => n + f.amount, 0);
    return {
      ...draft,
      orderData: withFeeLines(draft.orderData as never, fees),
      paymentInfo: { amount: draft.paymentInfo.amount + fee, itemsTotal: draft.paymentInfo.itemsTotal, tip: 0 },
    };
  }
  async function onlineOrder(): Promise<SavedOrder> {
    const res = await t.call('SaveNewOrder', { order: onlineDraft() });
    expect(res.status).toBe(200);
    return res.body.order as SavedOrder;
  }
  async function card(token: string, opts: { token?: string } = {}) {
    const customer = (await t.call('CreateStripeBuyer', { email: 'erika@example.org' }, opts)).body.stripeCustomerId as string;
    const attached = await t.call('AttachPaymentMethodToStripe', { stripeCustomerId: customer, paymentMethodId: token }, opts);
    expect(attached.status).toBe(200);
    return { customer, pm: (attached.body.paymentMethod as { paymentMethodId: string }).paymentMethodId };
  }
  const intent = (order: SavedOrder, c: { customer: string; pm: string }) =>
    t.call('StripeCreatePaymentIntent', {
      amount: order.total,
      stripeCustomerId: c.customer,
      paymentMethodId: c.pm,
      order: { uniqueOrderId: order.uniqueOrderId },
    });
  const markAuthorized = (order: SavedOrder) =>
    t.call('DocUpserter', {
      collectionName: 'orders',
      updates: { authCompleted: true, psp: 'credit' },
      subjectKey: { key: 'uniqueOrderId', value: order.uniqueOrderId },
    });
  const loadOrder = async (order: SavedOrder) =>
    ((await t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId } })).body.docs as SavedOrder[])[0]!;
  const intentsOf = (order: SavedOrder) =>
    [...fake.intents.values()].filter((pi) => (pi.metadata as Record<string, string>).uniqueOrderId === order.uniqueOrderId);

  function postWebhook(event: object, signature?: string) {
    const payload = JSON.stringify(event);
    const header = signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.api.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
  }

  it("is live: an account holder's customer, an attached card with label and expiry, listed and detached", async () => {
    const c = await card('pm_card_visa', ANNA);
    const profile = await t.call('GetStripeBuyersProfile', {}, ANNA);
    expect(profile.body).toMatchObject({
      mode: 'live',
      stripeCustomerId: c.customer,
      paymentMethods: [{ paymentMethodId: c.pm, label: 'Visa •••• 4242', exp: '12/34' }],
    });
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === '/v1/customers' && (r.body.metadata as Record<string, string>).owner === 'anna')).toBe(
      true,
    );
    expect((await t.call('DetachStripeMethod', { stripeCustomerId: c.customer, paymentMethodId: c.pm }, ANNA)).status).toBe(200);
    expect((await t.call('GetStripeBuyersProfile', {}, ANNA)).body.paymentMethods).toEqual([]);
  });

  it("a guest's card is used for the payment only and never listed again", async () => {
    const c = await card('pm_card_visa');
    expect(
      fake.requests.some(
        (r) => r.method === 'POST' && r.path === '/v1/customers' && String((r.body.metadata as Record<string, string>).owner).startsWith('guest:'),
      ),
    ).toBe(true);
    expect((await t.call('GetStripeBuyersProfile', {})).body).toMatchObject({ stripeCustomerId: null, paymentMethods: [] });
    expect((await intent(await onlineOrder(), c)).body.status).toBe('requires_capture');
  });

  it('authorizes with a manual-capture PaymentIntent: once, even when asked 5 times at once', async () => {
    const order = await onlineOrder();
    const c = await card('pm_card_visa');
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => intent(order, c)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.paymentIntentId)).size).toBe(1);
    expect(answers[0]!.body.status).toBe('requires_capture');
    const created = intentsOf(order);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ amount: order.total, currency: 'eur', capture_method: 'manual', customer: c.customer, payment_method: c.pm });
    const posts = fake.requests.filter(
      (r) => r.path === '/v1/payment_intents' && (r.body.metadata as Record<string, string>)?.uniqueOrderId === order.uniqueOrderId,
    );
    expect(posts.every((r) => typeof r.idempotencyKey === 'string' && r.idempotencyKey.startsWith('pay_'))).toBe(true);

    expect((await markAuthorized(order)).status).toBe(200);
    expect(await loadOrder(order)).toMatchObject({
      authCompleted: true,
      psp: 'credit',
      paymentAuth: { paymentIntentId: created[0]!.id, stripeCustomerId: c.customer, paymentMethodId: c.pm },
    });
  });

  it('a declined card (card_error 402) leaves the order unpaid; another card pays it', async () => {
    const order = await onlineOrder();
    const declined = await intent(order, await card('pm_card_chargeDeclined'));
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'payment_declined', message: 'Your card was declined.' });
    expect((await loadOrder(order)).authCompleted).toBe(false);
    expect((await intent(order, await card('pm_card_visa'))).body.status).toBe('requires_capture');
    expect((await markAuthorized(order)).status).toBe(200);
  });

  it('requires_action: authorized only after the customer finished 3-D Secure at Stripe', async () => {
    const order = await onlineOrder();
    const started = await intent(order, await card('pm_card_authenticationRequired'));
    expect(started.body.status).toBe('requires_action');
    expect(started.body.clientSecret).toMatch(/^pi_.*_secret_/);
    expect((await markAuthorized(order)).status).toBe(409);
    fake.completeAction(started.body.paymentIntentId as string, true);
    expect((await markAuthorized(order)).status).toBe(200);
  });

  it('captures at most the authorized amount and voids by cancelling the intent', async () => {
    const deps = { db: t.api.database.db, payments: t.api.payments, events: t.api.events, now: testNow };
    const order = await onlineOrder();
    const started = await intent(order, await card('pm_card_visa'));
    await markAuthorized(order);
    await expect(captureOrderPayment(deps, order.uniqueOrderId, order.total + 1)).rejects.toThrow(/Cannot capture/);
    expect(await captureOrderPayment(deps, order.uniqueOrderId)).toMatchObject({ captured: true, paid: true });
    expect(fake.intents.get(started.body.paymentIntentId as string)).toMatchObject({ status: 'succeeded', amount_received: order.total });

    const rejected = await onlineOrder();
    const other = await intent(rejected, await card('pm_card_visa'));
    await releaseOrderPayment(deps, rejected.uniqueOrderId);
    expect(fake.intents.get(other.body.paymentIntentId as string)).toMatchObject({ status: 'canceled' });
  });

  it('webhooks: a wrong signature is refused, a verified event applies once, a duplicate is acknowledged', async () => {
    const order = await onlineOrder();
    const started = await intent(order, await card('pm_card_authenticationRequired'));
    const piId = started.body.paymentIntentId as string;
    // The customer finished 3-D Secure but never came back to the shop: the webhook completes the order.
    fake.completeAction(piId, true);
    const event = {
      id: 'evt_test_amount_capturable_1',
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: fake.intents.get(piId) },
    };

    const forged = await postWebhook(event, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toMatch(/signature/i);
    const wrongSecret = signer.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: 'whsec_someone_else' });
    expect((await postWebhook(event, wrongSecret)).statusCode).toBe(400);
    expect((await loadOrder(order)).authCompleted).toBe(false);

    const first = await postWebhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: true, outcome: 'applied' });
    expect(await loadOrder(order)).toMatchObject({ authCompleted: true, psp: 'credit' });

    const again = await postWebhook(event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ received: true, duplicate: true });
    const stored = await t.api.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    expect(stored).toHaveLength(1);
    const row = (await t.api.database.db.select().from(payments).where(eq(payments.providerRef, piId)))[0]!;
    expect(row.history.filter((h) => h.note?.startsWith('webhook'))).toHaveLength(1);

    // A later capture event marks the order paid.
    Object.assign(fake.intents.get(piId)!, { status: 'succeeded', amount_received: order.total });
    const captured = await postWebhook({
      id: 'evt_test_succeeded_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: fake.intents.get(piId) },
    });
    expect(captured.json()).toMatchObject({ outcome: 'applied' });
    expect(await loadOrder(order)).toMatchObject({ captured: true, paid: true });
  });
});
