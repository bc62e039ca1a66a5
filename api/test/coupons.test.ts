import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, CartLine, Coupon, Menu, Offer, OrderDraftInput, SavedOrder, Usecase } from '@shop/shared/contract';
import { coupon as couponSchema } from '@shop/shared/contract';
import { couponToLine, redeemCoupon, stampCouponLine } from '@shop/shared/domain/coupons';
import { withFeeLines } from '@shop/shared/domain/fees';
import { priceCart } from '@shop/shared/domain/pricing';
import type { TipPercent } from '@shop/shared/domain/tip';
import { coupons as couponsTable } from '../src/db/schema';
import type { VerifiedUser } from '../src/auth/verify';
import { DEMO_INDIVIDUAL_OWNER } from '../src/seed/coupons';
import { testDatabases } from './support/databases';
import { productLine, takeawayDraft, type LineSpec } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';
import { testNow } from './support/clock';
import { handOver, testVerifier } from './support/staff';
import { countRow } from './support/sql';

const user = (uid: string): VerifiedUser => ({ uid, email: `${uid}@example.org`, emailVerified: true, name: uid, providerId: 'password' });
const verifier = { verify: async (token: string) => (token.startsWith('tok-') ? user(token.slice(4)) : testVerifier.verify(token)) };

describe.each(testDatabases())('coupons, offers and fees in SaveNewOrder on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;
  let offers: Offer[];

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier });
    menu = [...((await t.call('PullFoodMenu', {})).body.menu as Menu), ...((await t.call('PullDrinkMenu', {})).body.menu as Menu)];
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
    offers = (await t.call('LoadCoupons', {})).body.offers as Offer[];
  });
  afterAll(async () => t?.close());

  const db = () => t.api.database.db;
  const count = async (table: 'orders' | 'coupon_redemptions') => countRow(await db().execute(sql.raw(`select count(*)::int as n from ${table}`)));

  async function loadCoupon(code: string, token?: string): Promise<Coupon> {
    const res = await t.call('LoadCoupons', { couponCode: code }, token ? { token } : {});
    const found = (res.body.coupons as Coupon[])[0];
    if (!found) throw new Error(`coupon ${code} not found`);
    return found;
  }

  const lines = (specs: LineSpec[], mode: 'takeaway' | 'delivery' | 'inhouse' = 'takeaway') => specs.map((s) => productLine(menu, s, mode));

  /** An order priced exactly as the cart and checkout price it (the shared engine). */
  function pricedDraft(
    cart: CartLine[],
    opts: { usecase?: Usecase; onlinePay?: boolean; tipPercent?: TipPercent; over?: Partial<OrderDraftInput> } = {},
  ): OrderDraftInput {
    const usecase = opts.usecase ?? 'takeaway';
    const b = priceCart({ lines: cart, usecase, offers, config, onlinePay: opts.onlinePay ?? false, tipPercent: opts.tipPercent, now: testNow() });
    return takeawayDraft(menu, [], {
      usecase,
      onlinePay: opts.onlinePay ?? false,
      orderData: withFeeLines(cart, b.fees),
      paymentInfo: { amount: b.total, itemsTotal: b.itemsTotal, tip: b.tip },
      ...(usecase === 'tableordering' ? { table: '12', psp: 'waiter' } : {}),
      ...opts.over,
    });
  }

  const sumOf = (cart: CartLine[]) => cart.reduce((sum, l) => sum + (l.kind === 'product' ? l.itemTotal : 0), 0);

  const findItem = (id: string) => {
    for (const category of menu) {
      const item = category.items.find((i) => i.id === id);
      if (item) return { item, category };
    }
    return undefined;
  };

  it('LoadCoupons lists the public usable coupons and the offers, not private, expired or foreign ones', async () => {
    const res = await t.call('LoadCoupons', {});
    const codes = (res.body.coupons as Coupon[]).map((c) => c.couponCode).sort();
    expect(codes).toEqual(['KAFFEE', 'SOMMER10', 'TACODEAL', 'WILLKOMMEN5']);
    expect((res.body.offers as Offer[]).map((o) => o.id).sort()).toEqual(['horchata-abholung', 'veggie-woche']);
    const mine = await t.call('LoadCoupons', {}, { token: `tok-${DEMO_INDIVIDUAL_OWNER}` });
    expect((mine.body.coupons as Coupon[]).map((c) => c.couponCode)).toContain('DANKE-STAMMGAST');
  });

  it('LoadCoupons by code finds any visibility, case-insensitively, but no one else’s individual coupon', async () => {
    expect((await loadCoupon('einmal15')).title).toBe('15 € Einmal-Gutschein');
    expect((await loadCoupon(' winter23 ')).validUntil).toBeLessThan(testNow());
    expect((await t.call('LoadCoupons', { couponCode: 'GIBTESNICHT' })).body.coupons).toEqual([]);
    expect((await t.call('LoadCoupons', { couponCode: 'DANKE-STAMMGAST' })).body.coupons).toEqual([]);
    expect((await t.call('LoadCoupons', { couponCode: 'DANKE-STAMMGAST' }, { token: 'tok-someone-else' })).body.coupons).toEqual([]);
    const own = await loadCoupon('DANKE-STAMMGAST', `tok-${DEMO_INDIVIDUAL_OWNER}`);
    expect(own).toMatchObject({ type: 'individual', amount: 800 });
    expect(own).not.toHaveProperty('ownerFuid');
  });

  it('a personal voucher typed by a guest who is not signed in asks for a sign-in; another account learns nothing (docs/requirements.md#coupons-personal)', async () => {
    const guest = await t.call('LoadCoupons', { couponCode: 'DANKE-STAMMGAST' });
    expect(guest.body).toMatchObject({ coupons: [], signInRequired: true });
    const other = await t.call('LoadCoupons', { couponCode: 'DANKE-STAMMGAST' }, { token: 'tok-someone-else' });
    expect(other.body.coupons).toEqual([]);
    expect(other.body.signInRequired).toBeUndefined();
    expect((await t.call('LoadCoupons', { couponCode: 'GIBTESNICHT' })).body.signInRequired).toBeUndefined();
    expect((await t.call('LoadCoupons', { couponCode: 'WILLKOMMEN5' })).body.signInRequired).toBeUndefined();
  });

  it('every seeded bundle article exists in the seeded menu in its size', async () => {
    const deal = await loadCoupon('TACODEAL');
    for (const entry of deal.bundle ?? []) expect(findItem(entry.id)?.item.sizes.map((s) => s.vol)).toContain(entry.vol);
  });

  it('an amount voucher reduces the total the server saves', async () => {
    const cart = [...lines([{ itemId: 'tacos-al-pastor' }, { itemId: 'quesadilla-classic' }]), couponToLine(await loadCoupon('WILLKOMMEN5'))];
    const itemsTotal = sumOf(cart);
    const res = await t.call('SaveNewOrder', { order: pricedDraft(cart) });
    expect(res.status).toBe(200);
    const order = res.body.order as SavedOrder;
    expect(order.total).toBe(itemsTotal - 500);
    expect(order.paymentInfo).toEqual({ amount: itemsTotal - 500, itemsTotal, tip: 0 });
    expect(order.orderData.find((l) => l.kind === 'coupon')).toMatchObject({ couponCode: 'WILLKOMMEN5', amount: 500 });
  });

  const STEINDAMM = { company: '', street: 'Steindamm 1', plz: '20099', city: 'Hamburg' };

  it('a percent coupon, extras, the online service fee, the delivery fee and a tip are recomputed to the cent', async () => {
    const style = findItem('tacos-al-pastor')!.item.extras.styles[0]!;
    const cart = [...lines([{ itemId: 'tacos-al-pastor', count: 3, stylesSelected: [style.id] }], 'delivery'), couponToLine(await loadCoupon('SOMMER10'))];
    const goods = sumOf(cart);
    expect(goods).toBe(3 * (850 + style.cost));
    const draft = pricedDraft(cart, { usecase: 'delivery', onlinePay: true, over: { invoiceAddress: STEINDAMM, deliveryAddress: STEINDAMM } });
    const res = await t.call('SaveNewOrder', { order: draft });
    expect(res.status).toBe(200);
    // -10 % of the goods, + 0,49 online fee + 2,90 delivery fee
    expect((res.body.order as SavedOrder).total).toBe(goods - Math.round(goods / 10) + 49 + 290);
    expect((res.body.order as SavedOrder).orderData.filter((l) => l.kind === 'fee').map((l) => [l.id, l.itemTotal])).toEqual([
      ['specialUniqueOnlineServiceFee', 49],
      ['specialUniqueDeliveryFee', 290],
    ]);

    // A tip is given in the in-house online flow with tip (requirements#checkout-screens), 10 % of the payer sum.
    const inhouse = pricedDraft(lines([{ itemId: 'tacos-al-pastor', count: 2 }], 'inhouse'), {
      usecase: 'tableordering',
      onlinePay: true,
      tipPercent: 10,
      over: { psp: undefined },
    });
    const tipped = await t.call('SaveNewOrder', { order: inhouse });
    expect(tipped.status, JSON.stringify(tipped.body.error)).toBe(200);
    expect((tipped.body.order as SavedOrder).paymentInfo).toEqual({ amount: 1780 + 49 + 183, itemsTotal: 1780, tip: 183 });
  });

  it("a bundle coupon binds one of the guest's own tacos (no second one), adds the missing horchata; the other taco at its price", async () => {
    const redeemed = redeemCoupon(lines([{ itemId: 'tacos-al-pastor', count: 2 }]), await loadCoupon('TACODEAL'), {
      now: testNow(),
      mode: 'takeaway',
      findItem,
      newId: () => `ci-${Math.random().toString(36).slice(2)}`,
    });
    if (!redeemed.ok) throw new Error(`bundle refused: ${redeemed.refusal.kind}`);
    const res = await t.call('SaveNewOrder', { order: pricedDraft(redeemed.cart) });
    expect(res.status).toBe(200);
    const order = res.body.order as SavedOrder;
    expect(order.total).toBe(850 + 990);
    expect(order.orderData.filter((l) => l.kind === 'product' && l.appliedCode === 'TACODEAL').map((l) => l.kind === 'product' && l.amountFreeTotal)).toEqual([
      850, 390,
    ]);
    const tacoUnits = order.orderData.filter((l) => l.kind === 'product' && l.id === 'tacos-al-pastor').reduce((n, l) => n + l.count, 0);
    expect(tacoUnits).toBe(2);
  });

  it('applies offers: the veggie discount for every usecase; a client ignoring it is refused', async () => {
    const cart = lines([{ itemId: 'bowl-veggie', count: 2 }]);
    const res = await t.call('SaveNewOrder', { order: pricedDraft(cart) });
    expect(res.status).toBe(200);
    // 2 × 10,50 - 15 % = 21,00 - 3,15 = 17,85 (rounded once on the line, not 2 × 8,92)
    expect((res.body.order as SavedOrder).total).toBe(1785);
    expect((res.body.order as SavedOrder).orderData[0]).toMatchObject({ isOffer: true, offerId: 'veggie-woche', originalItemTotal: 2100, itemTotal: 1785 });

    const ignoring = takeawayDraft(menu, [{ itemId: 'bowl-veggie', count: 2 }]);
    const refused = await t.call('SaveNewOrder', { order: ignoring });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'total_mismatch' });
  });

  it('refuses tampered coupon amounts, totals, fees and tips, and saves nothing', async () => {
    const before = await count('orders');
    const base = [...lines([{ itemId: 'tacos-al-pastor', count: 2 }]), couponToLine(await loadCoupon('WILLKOMMEN5'))];

    const bigger = pricedDraft(base.map((l) => (l.kind === 'coupon' ? { ...l, amount: 1700 } : l)));
    const r1 = await t.call('SaveNewOrder', { order: bigger });
    expect(r1.status).toBe(409);
    expect(r1.body.error).toMatchObject({ code: 'total_mismatch', userMessage: 'Die Preise haben sich geändert. Bitte prüfe deinen Warenkorb.' });

    const cheaper = pricedDraft(base);
    cheaper.paymentInfo = { amount: 1, itemsTotal: 1700, tip: 0 };
    expect((await t.call('SaveNewOrder', { order: cheaper })).body.error).toMatchObject({ code: 'total_mismatch' });

    const noFee = pricedDraft(base, { onlinePay: true });
    noFee.orderData = noFee.orderData.filter((l) => l.kind !== 'fee');
    noFee.paymentInfo = { ...noFee.paymentInfo, amount: noFee.paymentInfo.amount - 49 };
    const r3 = await t.call('SaveNewOrder', { order: noFee });
    expect(r3.status).toBe(409);
    expect(r3.body.error).toMatchObject({ code: 'total_mismatch', userMessage: 'Die Gebühren haben sich geändert. Bitte prüfe deinen Warenkorb.' });

    const oddTip = pricedDraft(lines([{ itemId: 'tacos-al-pastor' }], 'inhouse'), { usecase: 'tableordering', onlinePay: true, over: { psp: undefined } });
    oddTip.paymentInfo = { ...oddTip.paymentInfo, tip: 7, amount: oddTip.paymentInfo.amount + 7 };
    expect((await t.call('SaveNewOrder', { order: oddTip })).body.error).toMatchObject({
      code: 'total_mismatch',
      userMessage: 'Das Trinkgeld ist ungültig. Bitte wähle es erneut.',
    });

    expect(await count('orders')).toBe(before);
  });

  it('refuses unknown, expired, foreign and non-combinable coupons with a clear message', async () => {
    const items = lines([{ itemId: 'tacos-al-pastor', count: 2 }]);
    const fake = couponToLine(couponSchema.parse({ couponCode: 'ERFUNDEN', type: 'amount', title: 'Fake', amount: 1000 }));
    const unknown = await t.call('SaveNewOrder', { order: pricedDraft([...items, fake]) });
    expect(unknown.status).toBe(409);
    expect(unknown.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Dieser Code ist leider ungültig.' });

    const winter = await loadCoupon('WINTER23');
    const expired = await t.call('SaveNewOrder', { order: pricedDraft([...items, { ...couponToLine(winter), validUntil: testNow() + 60_000 }]) });
    expect(expired.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Dieser Gutschein ist leider abgelaufen.' });

    const own = await loadCoupon('DANKE-STAMMGAST', `tok-${DEMO_INDIVIDUAL_OWNER}`);
    const draft = pricedDraft([...items, couponToLine(own)]);
    const asGuest = await t.call('SaveNewOrder', { order: draft });
    expect(asGuest.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Bitte melde dich an, um diesen Gutschein einzulösen.' });
    const asOther = await t.call('SaveNewOrder', { order: draft }, { token: 'tok-mallory' });
    expect(asOther.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Dieser Gutschein gehört zu einem anderen Konto.' });
    const asOwner = await t.call('SaveNewOrder', { order: draft }, { token: `tok-${DEMO_INDIVIDUAL_OWNER}` });
    expect(asOwner.status).toBe(200);
    expect((asOwner.body.order as SavedOrder).total).toBe(1700 - 800);

    const party = couponToLine(await loadCoupon('PARTY20'));
    const blocked = await t.call('SaveNewOrder', { order: pricedDraft([...items, party, couponToLine(await loadCoupon('WILLKOMMEN5'))]) });
    expect(blocked.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Dieser Gutschein kann nicht mit anderen Gutscheinen kombiniert werden.' });
  });

  it('redeems a single-use code once; the second order is refused and LoadCoupons reports it used', async () => {
    const einmal = couponToLine(await loadCoupon('EINMAL15'));
    const cart = [...lines([{ itemId: 'tacos-al-pastor', count: 3 }]), einmal];
    const first = await t.call('SaveNewOrder', { order: pricedDraft(cart) });
    expect(first.status).toBe(200);
    expect((first.body.order as SavedOrder).total).toBe(2550 - 1500);
    const again = await t.call('SaveNewOrder', { order: pricedDraft(cart) });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Dieser Gutschein wurde bereits eingelöst.' });
    expect(await loadCoupon('EINMAL15')).toMatchObject({ redeemed: true });
  });

  it('a retried order with a single-use coupon is the same order, not a refusal', async () => {
    await db()
      .insert(couponsTable)
      .values({
        code: 'RETRY1',
        type: 'amount',
        visibility: 'private',
        data: couponSchema.parse({ couponCode: 'RETRY1', type: 'amount', title: 'Retry', amount: 100 }),
        updatedAt: testNow(),
      });
    const draft = pricedDraft([...lines([{ itemId: 'tacos-al-pastor' }]), couponToLine(await loadCoupon('RETRY1'))]);
    const results = await Promise.all(Array.from({ length: 10 }, () => t.call('SaveNewOrder', { order: draft })));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(new Set(results.map((r) => (r.body.order as SavedOrder).uniqueOrderId)).size).toBe(1);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
  });

  it('20 orders racing for one single-use coupon: exactly one wins, the rest get a clear error, nothing half-saved', async () => {
    await db()
      .insert(couponsTable)
      .values({
        code: 'RENNEN',
        type: 'amount',
        visibility: 'private',
        data: couponSchema.parse({ couponCode: 'RENNEN', type: 'amount', title: 'Rennen', amount: 300 }),
        updatedAt: testNow(),
      });
    const line = couponToLine(await loadCoupon('RENNEN'));
    const ordersBefore = await count('orders');
    const redemptionsBefore = await count('coupon_redemptions');
    const drafts = Array.from({ length: 20 }, () => pricedDraft([...lines([{ itemId: 'tacos-al-pastor' }]), line]));
    const results = await Promise.all(drafts.map((order) => t.call('SaveNewOrder', { order })));
    const winners = results.filter((r) => r.status === 200);
    const losers = results.filter((r) => r.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    for (const r of losers) {
      expect(r.status).toBe(409);
      expect(r.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Dieser Gutschein wurde bereits eingelöst.' });
    }
    expect(await count('orders')).toBe(ordersBefore + 1);
    expect(await count('coupon_redemptions')).toBe(redemptionsBefore + 1);
  });

  it('refuses an order below the takeaway minimum and accepts one at the border; in-house has none', async () => {
    const small = await t.call('SaveNewOrder', { order: pricedDraft(lines([{ itemId: 'drink-horchata', vol: '0,3 l' }])) });
    expect(small.status).toBe(409);
    expect(small.body.error).toMatchObject({ code: 'validation', userMessage: 'Bitte beachte den Mindestbestellwert von 8,00\u00a0€' });
    const inhouse = await t.call('SaveNewOrder', {
      order: pricedDraft(lines([{ itemId: 'drink-horchata', vol: '0,3 l' }], 'inhouse'), { usecase: 'tableordering' }),
    });
    expect(inhouse.status).toBe(200);
    // 8,50 of tacos is above the 8,00 minimum even after a 5 € voucher: the minimum counts the articles.
    const voucher = await t.call('SaveNewOrder', {
      order: pricedDraft([...lines([{ itemId: 'tacos-al-pastor' }]), couponToLine(await loadCoupon('WILLKOMMEN5'))]),
    });
    expect(voucher.status).toBe(200);
    expect((voucher.body.order as SavedOrder).total).toBe(350);
  });

  it('redeems a full stamp card once for its owner; empty, foreign and guest stamp lines are refused', async () => {
    const uid = 'stempel-sammlerin';
    const token = `tok-${uid}`;
    const stamp = (owner: string) => stampCouponLine(owner, 'Stempelkarte', config.stamp.discount, testNow());
    const before = await count('orders');

    const empty = await t.call('SaveNewOrder', { order: pricedDraft([...lines([{ itemId: 'tacos-al-pastor', count: 3 }]), stamp(uid)]) }, { token });
    expect(empty.status).toBe(409);
    expect(empty.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Deine Stempelkarte ist noch nicht voll.' });
    const foreign = await t.call(
      'SaveNewOrder',
      { order: pricedDraft([...lines([{ itemId: 'tacos-al-pastor', count: 3 }]), stamp('someone-else')]) },
      { token },
    );
    expect(foreign.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Dieser Gutschein gehört zu einem anderen Konto.' });
    const guest = await t.call('SaveNewOrder', { order: pricedDraft([...lines([{ itemId: 'tacos-al-pastor', count: 3 }]), stamp(uid)]) });
    expect(guest.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Bitte melde dich an, um diesen Gutschein einzulösen.' });
    expect(await count('orders')).toBe(before);

    // 12 x 8,50 = 102 € collected and handed over: a full card (10 stamps of 10 €).
    const collect = await t.call(
      'SaveNewOrder',
      { order: pricedDraft(lines([{ itemId: 'tacos-al-pastor', count: 12 }]), { over: { collectStempel: true, stempelType: 1 } }) },
      { token },
    );
    expect(collect.status).toBe(200);
    await handOver(t, (collect.body.order as SavedOrder).uniqueOrderId);

    // Two orders race for the one full card: exactly one gets the discount.
    const drafts = [1, 2].map(() => pricedDraft([...lines([{ itemId: 'tacos-al-pastor', count: 3 }]), stamp(uid)]));
    const results = await Promise.all(drafts.map((order) => t.call('SaveNewOrder', { order }, { token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.body.order as SavedOrder;
    expect(winner.total).toBe(2550 - config.stamp.discount);
    expect(winner.orderData.find((l) => l.kind === 'coupon')).toMatchObject({ id: `stempel-${uid}`, amount: config.stamp.discount });
    expect(results.find((r) => r.status === 409)!.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Deine Stempelkarte ist noch nicht voll.' });
  });
});
