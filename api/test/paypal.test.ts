import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, Menu, OrderDraftInput, SavedOrder } from '@shop/shared/contract';
import { feeCharges, feeConfigOf, withFeeLines } from '@shop/shared/domain/fees';
import { captureOrderPayment, releaseOrderPayment } from '../src/payments/service';
import { applicationDatabase } from './support/databases';
import { takeawayDraft } from './support/orders';
import { startPaypalFake, type PaypalFake } from './support/paypal-fake';
import { startTestApi, type TestApi } from './support/test-api';
import { testNow } from './support/clock';

describe.each(applicationDatabase())('PayPal Orders v2 adapter (intent AUTHORIZE) on $name', (database) => {
  let fake: PaypalFake;
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;

  beforeAll(async () => {
    fake = await startPaypalFake();
    t = await startTestApi(await database.open(), { env: { PAYPAL_CLIENT_ID: 'client-id', PAYPAL_CLIENT_SECRET: 'client-secret', PAYPAL_API_BASE: fake.url } });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function onlineOrder(): Promise<SavedOrder> {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }], { onlinePay: true, directPay: true, psp: undefined });
    const fees = feeCharges({ usecase: 'takeaway', onlinePay: true, fees: feeConfigOf(config) });
    const order: OrderDraftInput = {
      ...draft,
      orderData: withFeeLines(draft.orderData as never, fees),
      paymentInfo: { amount: draft.paymentInfo.amount + fees.reduce((n, f) => n + f.amount, 0), itemsTotal: draft.paymentInfo.itemsTotal, tip: 0 },
    };
    const res = await t.call('SaveNewOrder', { order });
    expect(res.status).toBe(200);
    return res.body.order as SavedOrder;
  }
  const create = (order: SavedOrder) => t.call('CreatePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, negativeTest: false });
  const authorize = (order: SavedOrder, paypalOrderId: string) =>
    t.call('AuthorizePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, paypalOrderId });
  const markAuthorized = (order: SavedOrder) =>
    t.call('DocUpserter', {
      collectionName: 'orders',
      updates: { authCompleted: true, psp: 'paypal', isPayPal: true },
      subjectKey: { key: 'uniqueOrderId', value: order.uniqueOrderId },
    });
  const loadOrder = async (order: SavedOrder) =>
    ((await t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId } })).body.docs as SavedOrder[])[0]!;

  it('creates one AUTHORIZE order in EUR with the total and the order id as reference, without shipping', async () => {
    const order = await onlineOrder();
    const answers = await Promise.all([create(order), create(order), create(order)]);
    const ids = new Set(answers.map((a) => (a.body.data as { paypalOrderId: string }).paypalOrderId));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.body.noLock === true)).toHaveLength(2);
    const [id] = [...ids];
    const sent = fake.requests.find((r) => r.path === '/v2/checkout/orders' && r.method === 'POST' && JSON.stringify(r.body).includes(order.uniqueOrderId))!;
    expect(sent.body).toMatchObject({
      intent: 'AUTHORIZE',
      purchase_units: [{ reference_id: order.uniqueOrderId, amount: { currency_code: 'EUR', value: (order.total / 100).toFixed(2) } }],
      payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } },
    });
    expect(sent.requestId).toMatch(/^pay_/);
    expect(fake.orders.get(id!)).toMatchObject({ status: 'CREATED' });
  });

  it('authorizes only after the buyer approved, then marks the order authorized with the PayPal ids', async () => {
    const order = await onlineOrder();
    const paypalOrderId = ((await create(order)).body.data as { paypalOrderId: string }).paypalOrderId;
    expect((await authorize(order, paypalOrderId)).status).toBe(409);
    expect((await markAuthorized(order)).status).toBe(409);
    fake.approve(paypalOrderId);
    const authorized = await authorize(order, paypalOrderId);
    expect(authorized.status).toBe(200);
    const authId = authorized.body.paypalAuthId as string;
    expect(authId).toMatch(/^[0-9A-F]{16}$/);
    const twice = await authorize(order, paypalOrderId);
    expect(twice.body).toMatchObject({ paypalAuthId: authId, noLock: true });
    expect(fake.requests.filter((r) => r.path.endsWith(`${paypalOrderId}/authorize`))).toHaveLength(1);

    expect((await markAuthorized(order)).status).toBe(200);
    expect(await loadOrder(order)).toMatchObject({
      authCompleted: true,
      isPayPal: true,
      psp: 'paypal',
      paymentAuth: { paypalOrderId, paypalAuthId: authId, paypalAuthObjectId: authId },
    });
  });

  it('a PayPal order of another order is refused', async () => {
    const a = await onlineOrder();
    const b = await onlineOrder();
    const id = ((await create(a)).body.data as { paypalOrderId: string }).paypalOrderId;
    expect((await authorize(b, id)).status).toBe(404);
  });

  it('captures and voids the authorization', async () => {
    const deps = { db: t.api.database.db, payments: t.api.payments, events: t.api.events, now: testNow };
    const order = await onlineOrder();
    const id = ((await create(order)).body.data as { paypalOrderId: string }).paypalOrderId;
    fake.approve(id);
    await authorize(order, id);
    await markAuthorized(order);
    expect(await captureOrderPayment(deps, order.uniqueOrderId)).toMatchObject({ captured: true });
    const capture = fake.requests.find((r) => r.path.endsWith('/capture'))!;
    expect(capture.body).toMatchObject({ amount: { currency_code: 'EUR', value: (order.total / 100).toFixed(2) }, final_capture: true });

    const rejected = await onlineOrder();
    const other = ((await create(rejected)).body.data as { paypalOrderId: string }).paypalOrderId;
    fake.approve(other);
    const auth = await authorize(rejected, other);
    await releaseOrderPayment(deps, rejected.uniqueOrderId);
    expect(fake.requests.some((r) => r.path === `/v2/payments/authorizations/${String(auth.body.paypalAuthId)}/void`)).toBe(true);
  });
});
