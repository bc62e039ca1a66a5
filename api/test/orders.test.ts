import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu, SavedOrder } from '@shop/shared/contract';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import type { TokenVerifier } from '../src/auth/verify';
import { applicationDatabase } from './support/databases';
import { productLine, takeawayDraft } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';

/** 'user:<uid>' tokens; the real verification is tested in auth.test.ts. */
const verifier: TokenVerifier = {
  async verify(token) {
    return token.startsWith('user:') ? { uid: token.slice(5), email: null, emailVerified: false, name: null, providerId: 'password' } : null;
  },
};

const browser = () => `browser-${crypto.randomUUID()}`;

describe.each(applicationDatabase())('last orders on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let clock = Date.UTC(2025, 5, 13, 10, 0);

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier, now: () => (clock += 1000) });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  const save = async (browserId: string, token?: string) => {
    const res = await t.call(
      'SaveNewOrder',
      { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { createdAt: clock }) },
      { browserId, ...(token ? { token } : {}) },
    );
    expect(res.status).toBe(200);
    return res.body.order as SavedOrder;
  };

  it("gives a guest this browser's guest orders, newest first", async () => {
    const mine = browser();
    const first = await save(mine);
    const second = await save(mine);
    await save(browser());
    await save(mine, 'user:o1');

    const res = await t.call('GetLastSelfOrders', {}, { browserId: mine });
    expect(res.status).toBe(200);
    expect((res.body.orders as SavedOrder[]).map((o) => o.uniqueOrderId)).toEqual([second.uniqueOrderId, first.uniqueOrderId]);
  });

  it("gives a signed-in user the account's orders from every browser", async () => {
    const a = await save(browser(), 'user:o2');
    const b = await save(browser(), 'user:o2');
    const res = await t.call('GetLastSelfOrders', {}, { browserId: browser(), token: 'user:o2' });
    expect((res.body.orders as SavedOrder[]).map((o) => o.uniqueOrderId)).toEqual([b.uniqueOrderId, a.uniqueOrderId]);
  });

  it('returns at most the number of orders kept on the device', async () => {
    const many = browser();
    for (let i = 0; i < SHOP_CONSTANTS.lastOrdersMax + 2; i++) await save(many);
    const res = await t.call('GetLastSelfOrders', {}, { browserId: many });
    expect(res.body.error).toBeUndefined();
    expect(res.body.orders as SavedOrder[]).toHaveLength(SHOP_CONSTANTS.lastOrdersMax);
  });

  it('loads one order for its owner or with its access token (LoadDocs); an id alone or an unknown id finds nothing', async () => {
    const owner = browser();
    const order = await save(owner);
    const load = (browserId: string, accessToken?: string) =>
      t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId, ...(accessToken ? { accessToken } : {}) } }, { browserId });
    const mine = (await load(owner)).body.docs as SavedOrder[];
    expect(mine.map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    expect(mine[0]!.accessToken).toBe(order.accessToken);
    // Another device: only with the order's access token (the order page's capability).
    expect((await load(browser())).body.docs).toEqual([]);
    expect((await load(browser(), 'forged-token')).body.docs).toEqual([]);
    expect(((await load(browser(), order.accessToken)).body.docs as SavedOrder[]).map((o) => o.orderNumber)).toEqual([order.orderNumber]);
    // The browser id is a secret: no document carries it.
    expect(JSON.stringify(mine)).not.toContain(owner);
    const unknown = await t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: 'nope' } });
    expect(unknown.body.docs).toEqual([]);
  });

  it('refuses an unexpected payload', async () => {
    const res = await t.call('GetLastSelfOrders', { fuid: 'someone' } as never);
    expect(res.status).toBe(400);
  });
});

describe.each(applicationDatabase())('ConfirmAllReady on $name', (database) => {
  let t: TestApi;
  let menu: Menu;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  const saveTableOrder = async () => {
    // In-house prices differ from takeaway prices: the lines are priced for the table.
    const line = productLine(menu, { itemId: 'tacos-al-pastor' }, 'inhouse');
    const total = line.itemTotal;
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], {
      usecase: 'tableordering',
      table: '12',
      psp: 'waiter',
      orderData: [line],
      paymentInfo: { amount: total, itemsTotal: total, tip: 0 },
      targetTime: undefined,
      pickupDate: undefined,
    });
    const res = await t.call('SaveNewOrder', { order: draft });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.order as SavedOrder;
  };

  it('marks an in-house order all ready, idempotently, and tells the staff', async () => {
    const order = await saveTableOrder();
    const staff: string[] = [];
    const off = t.api.events.subscribe('staff', (e) => {
      if (e.type === 'orderUpdated') staff.push(e.uniqueOrderId);
    });
    await off.ready;
    const res = await t.call('ConfirmAllReady', { uniqueOrderId: order.uniqueOrderId });
    expect(res.status).toBe(200);
    expect((res.body.order as SavedOrder).allReady).toBe(true);
    expect(staff).toContain(order.uniqueOrderId);
    off();

    const again = await t.call('ConfirmAllReady', { uniqueOrderId: order.uniqueOrderId });
    expect(again.status).toBe(200);
    const stored = await t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId } });
    const doc = (stored.body.docs as SavedOrder[])[0]!;
    expect(doc.allReady).toBe(true);
    // Nothing else of the order changed.
    expect({ ...doc, allReady: false }).toEqual({ ...order, allReady: false });
  });

  it('refuses a takeaway order and answers an unknown id with 404', async () => {
    const takeaway = (await t.call('SaveNewOrder', { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]) })).body.order as SavedOrder;
    const res = await t.call('ConfirmAllReady', { uniqueOrderId: takeaway.uniqueOrderId });
    expect(res.status).toBe(409);
    expect((res.body.error as { message: string }).message).toMatch(/not an in-house order/);
    const unknown = await t.call('ConfirmAllReady', { uniqueOrderId: 'does-not-exist' });
    expect(unknown.status).toBe(404);
  });
});
