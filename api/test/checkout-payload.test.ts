import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, Menu, SavedOrder } from '@shop/shared/contract';
import { FLOWS, usecaseOf, type FlowId } from '@shop/shared/domain/checkout-flow';
import { checkoutDraft } from './support/checkout-drafts';
import { testNow } from './support/clock';
import { applicationDatabase } from './support/databases';
import { startTestApi, type TestApi } from './support/test-api';

/** The checkout's payload builder, per flow, against the server's SaveNewOrder (same pricing engine). */
describe.each(applicationDatabase())('checkout payloads accepted by SaveNewOrder on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;

  beforeAll(async () => {
    t = await startTestApi(await database.open());
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  });
  afterAll(async () => t?.close());

  async function save(flow: FlowId, tipPercent?: 10) {
    const { draft, breakdown } = checkoutDraft(menu, config, flow, testNow(), tipPercent ? { tipPercent } : {});
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
