import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu, SavedOrder, ServerEvent } from '@shop/shared/contract';
import type { TokenVerifier } from '../src/auth/verify';
import { allowedChannels } from '../src/http/events-route';
import { testDatabases } from './support/databases';
import { takeawayDraft } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';

const GUEST_BROWSER = 'guest-browser-0000-0000-0000-000000000077';
const verifier: TokenVerifier = {
  async verify(token) {
    if (token === 'staff') return { uid: 'uid-kitchen', email: 'kueche@example.org', emailVerified: true, name: 'Küche', providerId: 'password', staff: true };
    if (token === 'guest') return { uid: 'uid-guest', email: 'gast@example.org', emailVerified: true, name: 'Gast', providerId: 'password' };
    return null;
  },
};

describe.each(testDatabases())('staff order board on $name', (database) => {
  let t: TestApi;
  let menu: Menu;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  const guestOrder = async () => {
    const res = await t.call('SaveNewOrder', { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]) }, { browserId: GUEST_BROWSER, token: 'guest' });
    expect(res.status).toBe(200);
    return res.body.order as SavedOrder;
  };

  it('is for staff tokens only', async () => {
    expect((await t.call('LoadStaffOrders', {})).status).toBe(401);
    const guest = await t.call('LoadStaffOrders', {}, { token: 'guest' });
    expect(guest.status).toBe(403);
    expect(guest.body.error).toMatchObject({ userMessage: expect.stringContaining('nur für Mitarbeiterinnen und Mitarbeiter') });
    const order = await guestOrder();
    expect((await t.call('UpdateOrderStatus', { uniqueOrderId: order.uniqueOrderId, change: 'ready' }, { token: 'guest' })).status).toBe(403);
    // Only a staff token gets the staff channel of the event stream.
    expect(allowedChannels(['shop', 'staff'], 'uid-guest', false).refused).toEqual(['staff']);
    expect(allowedChannels(['shop', 'staff'], 'uid-kitchen', true).channels).toEqual(['shop', 'staff']);
  });

  it('lists a new order, newest first, with the waiter calls of the last hour', async () => {
    const first = await guestOrder();
    const second = await guestOrder();
    await t.call('Kellnerruf', { usecase: 'tableordering', type: 'kellnerruf', table: '5', signalId: 'signal-board-000001' });
    const board = await t.call('LoadStaffOrders', {}, { token: 'staff' });
    expect(board.status).toBe(200);
    const ids = (board.body.orders as SavedOrder[]).map((o) => o.uniqueOrderId);
    expect(ids.indexOf(second.uniqueOrderId)).toBeLessThan(ids.indexOf(first.uniqueOrderId));
    expect(board.body.waiterCalls).toEqual([expect.objectContaining({ signalId: 'signal-board-000001', table: '5' })]);
  });

  it('confirms, readies and hands over an order; the guest sees each step and the staff hear of it', async () => {
    const order = await guestOrder();
    const heard: ServerEvent[] = [];
    const offStaff = t.api.events.subscribe('staff', (e) => heard.push(e));
    const offGuest = t.api.events.subscribe('useruid-guest', (e) => heard.push(e));
    await Promise.all([offStaff.ready, offGuest.ready]);

    const step = async (change: 'confirm' | 'ready' | 'collected') => {
      const res = await t.call('UpdateOrderStatus', { uniqueOrderId: order.uniqueOrderId, change }, { token: 'staff' });
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      return res.body.order as SavedOrder;
    };
    expect(await step('confirm')).toMatchObject({ state: 'Confirmed', sentToPos: true, abholbereit: false });
    // Tacos only: the food is all there is to ready, so the order is Ready.
    expect(await step('ready')).toMatchObject({ state: 'Ready', abholbereit: true, getraenkeAbholbereit: false });
    const seen = await t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId } }, { browserId: GUEST_BROWSER });
    expect((seen.body.docs as SavedOrder[])[0]).toMatchObject({ abholbereit: true });
    const done = await step('collected');
    expect(done).toMatchObject({ state: 'Collected' });
    expect(done.history.map((h) => (h.part ? `${h.state}:${h.part}` : h.state))).toEqual(['New', 'Confirmed', 'Confirmed:food', 'Ready', 'Collected']);
    expect(heard.filter((e) => e.type === 'orderUpdated')).toHaveLength(6);
    offStaff();
    offGuest();

    // Handing over twice is the same; a finished order cannot be rejected.
    expect((await t.call('UpdateOrderStatus', { uniqueOrderId: order.uniqueOrderId, change: 'collected' }, { token: 'staff' })).status).toBe(200);
    const reject = await t.call('UpdateOrderStatus', { uniqueOrderId: order.uniqueOrderId, change: 'reject', reason: 'Zu spät' }, { token: 'staff' });
    expect(reject.status).toBe(409);
    expect((await t.call('UpdateOrderStatus', { uniqueOrderId: 'nope', change: 'ready' }, { token: 'staff' })).status).toBe(404);
  });

  it('keeps every change when two staff devices mark the same order at once', async () => {
    const order = await guestOrder();
    const results = await Promise.all(
      (['confirm', 'ready', 'confirm', 'ready'] as const).map((change) =>
        t.call('UpdateOrderStatus', { uniqueOrderId: order.uniqueOrderId, change }, { token: 'staff' }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const board = await t.call('LoadStaffOrders', {}, { token: 'staff' });
    const stored = (board.body.orders as SavedOrder[]).find((o) => o.uniqueOrderId === order.uniqueOrderId)!;
    expect(stored).toMatchObject({ state: 'Ready', abholbereit: true });
    expect(stored.history.filter((h) => h.state === 'Confirmed' && !h.part)).toHaveLength(1);
    expect(stored.history.filter((h) => h.part === 'food')).toHaveLength(1);
  });
});
