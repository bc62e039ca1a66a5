import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coupon, Menu, SavedOrder } from '@shop/shared/contract';
import { coupon as couponSchema } from '@shop/shared/contract';
import { couponToLine } from '@shop/shared/domain/coupons';
import { priceCart } from '@shop/shared/domain/pricing';
import { coupons, menuItems } from '../src/db/schema';
import { testDatabases } from './support/databases';
import { productLine, takeawayDraft, type LineSpec } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';
import { testNow } from './support/clock';
import { countRow } from './support/sql';

describe.each(testDatabases())('stock (bestand) under concurrent orders on $name', (database) => {
  let t: TestApi;
  let menu: Menu;

  beforeAll(async () => {
    t = await startTestApi(await database.open());
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  const db = () => t.api.database.db;
  const bestand = async (id: string) => (await db().select({ b: menuItems.bestand }).from(menuItems).where(eq(menuItems.id, id)))[0]!.b;
  const orderCount = async () => countRow(await db().execute(sql`select count(*)::int as n from orders`));

  async function setStock(id: string, value: number) {
    await db().update(menuItems).set({ bestand: value }).where(eq(menuItems.id, id));
    t.api.menus.invalidate();
  }

  /** An order for one article, totals as the engine computes them. */
  function draftFor(spec: LineSpec, extra: ReturnType<typeof couponToLine>[] = []) {
    const lines = [productLine(menu, spec), ...extra];
    const b = priceCart({
      lines,
      usecase: 'takeaway',
      config: {
        takeAway: { delayInMinutes: 0, minOrderAmount: 0, openingHours: {} as never },
        delivery: { delayInMinutes: 0, minOrderAmount: 0, openingHours: {} as never, deliveryFee: 0 },
        onlineServiceFee: 0,
      },
      now: testNow(),
    });
    return takeawayDraft(menu, [], { orderData: lines, paymentInfo: { amount: b.total, itemsTotal: b.itemsTotal, tip: 0 } });
  }

  it('20 orders racing for the last item: exactly one wins, the rest are told it is sold out, stock is 0', async () => {
    await setStock('tacos-al-pastor', 1);
    const before = await orderCount();
    const results = await Promise.all(Array.from({ length: 20 }, () => t.call('SaveNewOrder', { order: draftFor({ itemId: 'tacos-al-pastor' }) })));
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error).toMatchObject({ code: 'sold_out', userMessage: '„Tacos al Pastor (3 Stück)“ ist leider bereits ausverkauft.' });
    }
    expect(await bestand('tacos-al-pastor')).toBe(0);
    expect(await orderCount()).toBe(before + 1);
  });

  it('a retry of the order that took the last item gets that order, not "sold out"', async () => {
    await setStock('tacos-al-pastor', 1);
    const draft = draftFor({ itemId: 'tacos-al-pastor' });
    const results = await Promise.all(Array.from({ length: 10 }, () => t.call('SaveNewOrder', { order: draft })));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(results.map((r) => (r.body.order as SavedOrder).uniqueOrderId)).size).toBe(1);
    expect(await bestand('tacos-al-pastor')).toBe(0);
  });

  it('the menu shows the new stock after an order took limited articles', async () => {
    await setStock('tacos-al-pastor', 4);
    const pulled = (await t.call('PullFoodMenu', {})).body;
    const res = await t.call('SaveNewOrder', { order: draftFor({ itemId: 'tacos-al-pastor', count: 3 }) });
    expect(res.status).toBe(200);
    const after = await t.call('PullFoodMenu', { lastModified: pulled.lastModified as number });
    expect(after.body.unchanged).toBeUndefined();
    const tacos = (after.body.menu as Menu).flatMap((c) => c.items).find((i) => i.id === 'tacos-al-pastor');
    expect(tacos?.bestand).toBe(1);
  });

  it('with 5 in stock, 12 racing orders of one each leave exactly 5 saved and stock 0', async () => {
    await setStock('tacos-al-pastor', 5);
    const results = await Promise.all(Array.from({ length: 12 }, () => t.call('SaveNewOrder', { order: draftFor({ itemId: 'tacos-al-pastor' }) })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await bestand('tacos-al-pastor')).toBe(0);
  });

  it('refuses more than the stock and keeps it', async () => {
    await setStock('tacos-al-pastor', 2);
    const res = await t.call('SaveNewOrder', { order: draftFor({ itemId: 'tacos-al-pastor', count: 3 }) });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'sold_out', userMessage: 'Von „Tacos al Pastor (3 Stück)“ sind nicht mehr genug Stück verfügbar.' });
    expect(await bestand('tacos-al-pastor')).toBe(2);
  });

  it('nothing half-saved: an order refused for its used coupon gives back the stock it took', async () => {
    await setStock('tacos-al-pastor', 3);
    await db()
      .insert(coupons)
      .values({
        code: 'HALB',
        type: 'amount',
        visibility: 'private',
        data: couponSchema.parse({ couponCode: 'HALB', type: 'amount', title: 'Halb', amount: 100 }),
        updatedAt: testNow(),
      });
    const found = ((await t.call('LoadCoupons', { couponCode: 'HALB' })).body.coupons as Coupon[])[0]!;
    const line = couponToLine(found);
    // Two orders race for the coupon: the loser's stock decrement must be rolled back.
    const results = await Promise.all([1, 2].map(() => t.call('SaveNewOrder', { order: draftFor({ itemId: 'tacos-al-pastor' }, [line]) })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await bestand('tacos-al-pastor')).toBe(2);
  });

  it('unlimited stock (-1) stays unlimited', async () => {
    await setStock('tacos-al-pastor', -1);
    const res = await t.call('SaveNewOrder', { order: draftFor({ itemId: 'tacos-al-pastor', count: 5 }) });
    expect(res.status).toBe(200);
    expect((res.body.order as SavedOrder).total).toBe(5 * 850);
    expect(await bestand('tacos-al-pastor')).toBe(-1);
  });

  it('a sold-out flag (verkauft) refuses the order', async () => {
    await db().update(menuItems).set({ verkauft: true }).where(eq(menuItems.id, 'tacos-al-pastor'));
    t.api.menus.invalidate();
    const res = await t.call('SaveNewOrder', { order: draftFor({ itemId: 'tacos-al-pastor' }) });
    expect(res.body.error).toMatchObject({ code: 'sold_out' });
    await db().update(menuItems).set({ verkauft: false }).where(eq(menuItems.id, 'tacos-al-pastor'));
    t.api.menus.invalidate();
  });

  it('the database itself never lets stock go below -1', async () => {
    const error = await db()
      .execute(sql`update menu_items set bestand = -2 where id = 'tacos-al-pastor'`)
      .then(
        () => null,
        (e: unknown) => e as Error & { cause?: { message?: string } },
      );
    expect(`${error?.message} ${error?.cause?.message}`).toMatch(/menu_items_bestand_check/);
  });
});
