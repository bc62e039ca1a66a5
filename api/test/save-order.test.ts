import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu, SavedOrder } from '@shop/shared/contract';
import { orders } from '../src/db/schema';
import { testDatabases } from './support/databases';
import { takeawayDraft } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';
import { testNow } from './support/clock';

describe.each(testDatabases())('SaveNewOrder on $name', (database) => {
  let t: TestApi;
  let menu: Menu;

  beforeAll(async () => {
    t = await startTestApi(await database.open());
    const res = await t.call('PullFoodMenu', {});
    menu = res.body.menu as Menu;
  });
  afterAll(async () => t?.close());

  it('saves a takeaway order with the server total and returns its number', async () => {
    const draft = takeawayDraft(menu, [
      {
        itemId: 'burrito-classic-chicken',
        vol: 'Large',
        count: 2,
        stylesSelected: ['style-guac'],
        variantsSelected: [
          { stepIndex: 0, optionIds: ['rice-mexican'] },
          { stepIndex: 1, optionIds: ['beans-black'] },
        ],
      },
    ]);
    const res = await t.call('SaveNewOrder', { order: draft });
    expect(res.status).toBe(200);
    const order = res.body.order as SavedOrder;
    // Large takeaway 12,50 + guacamole for Large 2,00, twice.
    expect(order.total).toBe(2 * (1250 + 200));
    expect(order.orderNumber).toBeGreaterThanOrEqual(1001);
    expect(res.body.duplicate).toBe(false);

    const found = await t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId } });
    expect((found.body.docs as SavedOrder[])[0]?.orderNumber).toBe(order.orderNumber);
  });

  it('makes exactly one order when the same order is sent 5 times, sequentially and at once', async () => {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]);
    const first = await t.call('SaveNewOrder', { order: draft });
    const retries = await Promise.all([1, 2, 3, 4].map(() => t.call('SaveNewOrder', { order: draft })));
    const ids = new Set([first, ...retries].map((r) => (r.body.order as SavedOrder).uniqueOrderId));
    expect(ids.size).toBe(1);
    expect(retries.every((r) => r.body.duplicate === true)).toBe(true);

    const parallelDraft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]);
    const parallel = await Promise.all([1, 2, 3, 4, 5].map(() => t.call('SaveNewOrder', { order: parallelDraft })));
    expect(parallel.every((r) => r.status === 200)).toBe(true);
    expect(new Set(parallel.map((r) => (r.body.order as SavedOrder).uniqueOrderId)).size).toBe(1);
    expect(parallel.filter((r) => r.body.duplicate === false)).toHaveLength(1);
  });

  it('charges the deposit (Pfand) the drink menu names, and refuses a line without it (docs/requirements.md#sums)', async () => {
    const drinks = (await t.call('PullDrinkMenu', {})).body.menu as Menu;
    const cola = drinks.flatMap((c) => c.items).find((i) => i.id === 'drink-cola')!;
    expect(cola.sizes.map((s) => s.pfand)).toEqual([15, 15]);
    const draft = takeawayDraft(drinks, [{ itemId: 'drink-cola', vol: '0,5 l', count: 2 }]);
    const line = draft.orderData[0]!;
    if (line.kind !== 'product') throw new Error('expected a product line');
    // 0,5 l at 4,20 € (the seed has no lower takeaway price for it) plus 0,15 € deposit, twice.
    expect(line.itemTotal).toBe(2 * (line.sizePrice + 15));

    // A client that leaves the deposit out is refused: the server prices it in.
    const withoutDeposit = structuredClone(draft);
    const bare = withoutDeposit.orderData[0]!;
    if (bare.kind !== 'product') throw new Error('expected a product line');
    bare.sumOfExtras = 0;
    bare.extras = [];
    bare.extrasToDisplay = '';
    bare.itemTotal = 2 * bare.sizePrice;
    withoutDeposit.paymentInfo = { amount: bare.itemTotal, itemsTotal: bare.itemTotal, tip: 0 };
    const refused = await t.call('SaveNewOrder', { order: withoutDeposit });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'total_mismatch' });

    const res = await t.call('SaveNewOrder', { order: draft });
    expect(res.body.error).toBeUndefined();
    expect(res.status).toBe(200);
    expect((res.body.order as SavedOrder).total).toBe(2 * (line.sizePrice + 15));
  });

  it('refuses a tampered line price and saves nothing', async () => {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]);
    const line = draft.orderData[0]!;
    if (line.kind !== 'product') throw new Error('expected a product line');
    line.itemTotal = 1;
    line.sizePrice = 1;
    draft.paymentInfo = { amount: 1, itemsTotal: 1, tip: 0 };
    const res = await t.call('SaveNewOrder', { order: draft });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'total_mismatch', userMessage: 'Die Preise haben sich geändert. Bitte prüfe deinen Warenkorb.' });
    const again = await t.call('SaveNewOrder', { order: { ...draft, paymentInfo: { amount: 850, itemsTotal: 850, tip: 0 } } });
    expect(again.status).toBe(409);
  });

  it('refuses a pickup time the kitchen cannot honour, in German, and saves nothing', async () => {
    const refused = async (targetTime: number | undefined) => {
      const draft = { ...takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]), targetTime };
      const res = await t.call('SaveNewOrder', { order: draft });
      expect(res.body.error, String(targetTime)).toMatchObject({ code: 'validation', userMessage: 'Bitte wählen Sie eine Abholzeit aus' });
      expect(await t.api.database.db.select().from(orders).where(eq(orders.clientId, draft.clientId))).toEqual([]);
      return res.status;
    };
    const slot = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]).targetTime!;
    expect(await refused(testNow() - 60 * 60_000)).toBe(409); // in the past
    expect(await refused(slot + 3 * 24 * 60 * 60_000)).toBe(409); // after tomorrow
    expect(await refused(slot + 60_000)).toBe(409); // off the 5-minute grid
    const nextDay = new Date(slot + 24 * 60 * 60_000);
    expect(await refused(Date.UTC(nextDay.getUTCFullYear(), nextDay.getUTCMonth(), nextDay.getUTCDate(), 2, 0))).toBe(409); // 03:00 at night
    expect(await refused(undefined)).toBe(400);
  });

  it('refuses a total that does not match its lines', async () => {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]);
    draft.paymentInfo = { amount: 100, itemsTotal: 100, tip: 0 };
    const res = await t.call('SaveNewOrder', { order: draft });
    expect(res.status).toBe(409);
    expect((res.body.error as { code: string }).code).toBe('total_mismatch');
  });

  it('refuses a pay-at-pickup order without a solved cash captcha (captchaError) and saves nothing', async () => {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]);
    const missing = await t.call('SaveNewOrder', { order: draft }, { solveCaptcha: false });
    expect(missing.status).toBe(409);
    expect(missing.body.captchaError).toBe(true);
    const issued = await t.call('GetCashCaptcha', {});
    // Not solved (a made-up solution), or solved once and sent again with another order: refused.
    const made = Buffer.from(JSON.stringify({ challenge: issued.body.challenge, solution: { counter: 1, derivedKey: '00' } })).toString('base64');
    const wrong = await t.call('SaveNewOrder', { order: { ...draft, captcha: { payload: made } } }, { solveCaptcha: false });
    expect(wrong.body.captchaError).toBe(true);
    const garbage = await t.call('SaveNewOrder', { order: { ...draft, captcha: { payload: 'bm90IGpzb24=' } } }, { solveCaptcha: false });
    expect(garbage.body.captchaError).toBe(true);
    const found = await t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: 'none' } });
    expect(found.body.docs).toEqual([]);
    // Solved, the same order goes through once.
    const solved = await t.call('SaveNewOrder', { order: draft });
    expect(solved.status).toBe(200);
    expect((solved.body.order as SavedOrder).captcha).toBeUndefined();
  });

  it('answers a malformed body with a 400 and a clear message, never a 500', async () => {
    const noEnvelope = await t.post({ action: 'SaveNewOrder' });
    expect(noEnvelope.status).toBe(400);
    expect((noEnvelope.body.error as { message: string }).message).toMatch(/channel|browserId/);

    const unknown = await t.call('Nope' as never, {} as never);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'unknown_action' });

    const badPayload = await t.call('SaveNewOrder', { order: { clientId: 'x' } } as never);
    expect(badPayload.status).toBe(400);
    expect((badPayload.body.error as { message: string }).message).toMatch(/^Invalid payload for SaveNewOrder: payload\.order\./);

    const notJson = await t.post('{"broken', { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
  });
});
