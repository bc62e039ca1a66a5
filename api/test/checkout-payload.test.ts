import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, Menu, SavedOrder } from '@shop/shared/contract';
import { FLOWS, usecaseOf, type FlowId } from '@shop/shared/domain/checkout-flow';
import { withFeeLines } from '@shop/shared/domain/fees';
import { buildOrderDraft } from '@shop/shared/domain/order-payload';
import { modeOfUsecase, priceCart } from '@shop/shared/domain/pricing';
import { pickupDays, preparationDelayMinutes } from '@shop/shared/domain/time-slots';
import { testDatabases } from './support/databases';
import { productLine } from './support/orders';
import { startTestApi, TEST_BROWSER_ID, type TestApi } from './support/test-api';

/** The checkout's payload builder, per flow, against the server's SaveNewOrder (same pricing engine). */
describe.each(testDatabases())('checkout payloads accepted by SaveNewOrder on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;

  beforeAll(async () => {
    t = await startTestApi(await database.open());
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  });
  afterAll(async () => t?.close());

  const form = {
    name: 'Erika Mustermann',
    email: 'Erika@Example.org',
    phone: '0151 12345678',
    note: 'Bitte klingeln',
    invoiceAddress: { company: '', street: 'Lange Reihe 10', plz: '20099', city: 'Hamburg' },
    deliveryAddress: { company: '', street: '', plz: '', city: '', etage: '2. OG' },
    sameAddress: true,
    companyInvoice: false,
  };

  async function save(flow: FlowId, tipPercent?: 10) {
    const usecase = usecaseOf(flow, false);
    const mode = modeOfUsecase(usecase);
    const cart = [productLine(menu, { itemId: 'tacos-al-pastor', count: 3 }, mode)];
    const now = Date.now();
    const breakdown = priceCart({ lines: cart, usecase, config, onlinePay: FLOWS[flow].onlinePay, now, ...(tipPercent ? { tipPercent } : {}) });
    // The slots the checkout offers for this flow: the delivery or takeaway block, plus item delays.
    const block = mode === 'delivery' ? config.delivery : config.takeAway;
    const delayMinutes = preparationDelayMinutes(block.delayInMinutes, cart.map((l) => l.delay));
    const [today, tomorrow] = pickupDays({ now, openingHours: block.openingHours, delayMinutes });
    const day = today.closed ? tomorrow : today;
    const draft = buildOrderDraft({
      flow,
      clientId: `client-${flow}-${now}`,
      now,
      cart: withFeeLines(cart, breakdown.fees),
      itemsTotal: breakdown.itemsTotal,
      tip: breakdown.tip,
      total: breakdown.total,
      form,
      fuid: null,
      browserId: TEST_BROWSER_ID,
      host: 'localhost',
      selfService: false,
      day: day.date,
      slot: day.slots[0] ?? null,
      pickupAddress: 'Street Food St. Georg, Lange Reihe 42, 20099 Hamburg',
      table: '12',
      orderNoteEnabled: true,
      stamp: { enabled: true, type: config.stamp.type },
      mehrweg: { enabled: true, chosen: true, companyName: 'REBOWL' },
    });
    const res = await t.call('SaveNewOrder', { order: draft });
    return { res, breakdown };
  }

  it.each(['takeawayWithPay', 'takeaway', 'deliveryWithPay', 'inhouse', 'inhouseWithPay', 'mobilePayment'] as FlowId[])('%s', async (flow) => {
    const { res, breakdown } = await save(flow);
    expect(res.body.error).toBeUndefined();
    expect(res.status).toBe(200);
    const order = res.body.order as SavedOrder;
    expect(order.total).toBe(breakdown.total);
    expect(order.usecase).toBe(usecaseOf(flow, false));
    expect(order.onlinePay).toBe(FLOWS[flow].onlinePay);
    expect(order.userInfo).toMatchObject({ name: 'Erika Mustermann', email: 'erika@example.org', phone: '+4915112345678' });
    if (FLOWS[flow].offlinePsp) expect(order.psp).toBe(FLOWS[flow].offlinePsp);
    if (flow === 'deliveryWithPay') expect(order.deliveryAddress).toMatchObject({ street: 'Lange Reihe 10', plz: '20099', etage: '2. OG' });
    if (flow === 'inhouse') expect(order.table).toBe('12');
  });

  it('in-house with a 10 % tip: the tip is part of the total the server accepts', async () => {
    const { res, breakdown } = await save('inhouseWithPayTip', 10);
    expect(res.status).toBe(200);
    expect(breakdown.tip).toBeGreaterThan(0);
    expect((res.body.order as SavedOrder).paymentInfo).toEqual({ amount: breakdown.total, itemsTotal: breakdown.itemsTotal, tip: breakdown.tip });
  });
});
