import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu, SavedOrder, StampCard } from '@shop/shared/contract';
import { applicationDatabase } from './support/databases';
import { takeawayDraft } from './support/orders';
import { handOver, testVerifier as verifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Orders attach after sign-up (docs/requirements.md#stamp-card): a guest orders on a device, then
 * signs up or in there; the device's guest orders become the account's, with their stamps, and
 * show on a second device.
 */
const DEVICE_A = 'test-browser-0000-0000-0000-00000000000a';
const DEVICE_B = 'test-browser-0000-0000-0000-00000000000b';

describe.each(applicationDatabase())('ClaimDeviceOrders on $name', (database) => {
  let t: TestApi;
  let menu: Menu;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  /** A guest order as the checkout sends it with the stamp card on: no account, so no stamps yet. */
  async function guestOrder(browserId: string): Promise<SavedOrder> {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 3 }], { collectStempel: false, stempelType: 1 });
    const res = await t.call('SaveNewOrder', { order: draft }, { browserId });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.order as SavedOrder;
  }

  /** What the device holds of an order it placed: its id and access token. */
  const held = (order: SavedOrder) => ({ uniqueOrderId: order.uniqueOrderId, accessToken: order.accessToken! });

  const score = async (uid: string, browserId: string) =>
    ((await t.call('LoadStempelkarte', { fuid: uid }, { token: `user:${uid}`, browserId })).body.stempelkarte as StampCard).punktestand;

  it("order → register → the order and its stamps are the account's, on a second device too", async () => {
    const order = await guestOrder(DEVICE_A);
    await handOver(t, order.uniqueOrderId);
    expect(await score('claim1', DEVICE_A)).toBe(0);

    const claimed = await t.call('ClaimDeviceOrders', { orders: [held(order)] }, { token: 'user:claim1', browserId: DEVICE_A });
    expect(claimed.status, JSON.stringify(claimed.body.error)).toBe(200);
    expect(claimed.body.claimedOrders).toBe(1);

    expect(await score('claim1', DEVICE_A)).toBe(Math.floor(order.total / 100));
    expect(await score('claim1', DEVICE_A)).toBeGreaterThan(0);

    const elsewhere = await t.call('GetLastSelfOrders', {}, { token: 'user:claim1', browserId: DEVICE_B });
    const found = (elsewhere.body.orders as SavedOrder[]).find((o) => o.uniqueOrderId === order.uniqueOrderId);
    expect(found).toMatchObject({ fuid: 'claim1', collectStempel: true });

    // Once attached, claiming again (or by another account on the same device) moves nothing.
    expect((await t.call('ClaimDeviceOrders', { orders: [held(order)] }, { token: 'user:claim1', browserId: DEVICE_A })).body.claimedOrders).toBe(0);
    expect((await t.call('ClaimDeviceOrders', { orders: [held(order)] }, { token: 'user:other', browserId: DEVICE_A })).body.claimedOrders).toBe(0);
    expect(await score('other', DEVICE_A)).toBe(0);
  });

  it('only the device that placed an order can claim it, and only an account (not an anonymous session)', async () => {
    const order = await guestOrder(DEVICE_A);
    const fromB = await t.call('ClaimDeviceOrders', { orders: [held(order)] }, { token: 'user:claim2', browserId: DEVICE_B });
    expect(fromB.body.claimedOrders).toBe(0);
    const anonymous = await t.call('ClaimDeviceOrders', { orders: [held(order)] }, { token: 'anon:guest1', browserId: DEVICE_A });
    expect(anonymous.status).toBe(403);
    const signedOut = await t.call('ClaimDeviceOrders', { orders: [held(order)] }, { browserId: DEVICE_A });
    expect(signedOut.status).toBe(401);
    // A staff account signing in on the device takes no guest's order.
    const staff = await t.call('ClaimDeviceOrders', { orders: [held(order)] }, { token: 'staff:kueche', browserId: DEVICE_A });
    expect(staff.body.claimedOrders).toBe(0);
    // The guest still sees it as theirs on device A.
    const mine = await t.call('GetLastSelfOrders', {}, { browserId: DEVICE_A });
    expect((mine.body.orders as SavedOrder[]).some((o) => o.uniqueOrderId === order.uniqueOrderId)).toBe(true);
  });

  it('an order placed without the stamp card on stays without stamps when claimed', async () => {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 3 }]);
    const saved = (await t.call('SaveNewOrder', { order: draft }, { browserId: DEVICE_A })).body.order as SavedOrder;
    await handOver(t, saved.uniqueOrderId);
    const claimed = await t.call('ClaimDeviceOrders', { orders: [held(saved)] }, { token: 'user:claim3', browserId: DEVICE_A });
    expect(claimed.body.claimedOrders).toBe(1);
    expect(await score('claim3', DEVICE_A)).toBe(0);
  });

  it('an order id with a wrong or missing access token claims nothing', async () => {
    const order = await guestOrder(DEVICE_A);
    const forged = await t.call(
      'ClaimDeviceOrders',
      { orders: [{ uniqueOrderId: order.uniqueOrderId, accessToken: 'x'.repeat(43) }] },
      { token: 'user:claim4', browserId: DEVICE_A },
    );
    expect(forged.body.claimedOrders).toBe(0);
    const missing = await t.call('ClaimDeviceOrders', { orders: [{ uniqueOrderId: order.uniqueOrderId }] } as never, {
      token: 'user:claim4',
      browserId: DEVICE_A,
    });
    expect(missing.status).toBe(400);
    expect((await t.call('ClaimDeviceOrders', { orders: [held(order)] }, { token: 'user:claim4', browserId: DEVICE_A })).body.claimedOrders).toBe(1);
  });
});
