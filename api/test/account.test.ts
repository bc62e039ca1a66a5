import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUser, Menu, SavedOrder, StampCard } from '@shop/shared/contract';
import { redeemStampCard } from '../src/actions/account';
import { applicationDatabase } from './support/databases';
import { takeawayDraft } from './support/orders';
import { handOver, staffChange, testVerifier as verifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Account rules (UpsertAppUser, LoadStempelkarte). Token verification itself is tested against the
 * real Auth emulator in auth.test.ts; here a verifier maps 'user:<uid>' tokens to users.
 */

describe.each(applicationDatabase())('account actions on $name', (database) => {
  let t: TestApi;
  let menu: Menu;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  it('creates the account and keeps stored fields that an update leaves empty', async () => {
    const created = await t.call(
      'UpsertAppUser',
      {
        fuid: 'u1',
        name: 'Erika Mustermann',
        phone: '+4915112345678',
        invoiceAddress: { company: '', street: 'Lange Reihe 42', plz: '20099', city: 'Hamburg' },
      },
      { token: 'user:u1' },
    );
    expect(created.status).toBe(200);
    const first = created.body.user as AppUser;
    expect(first).toMatchObject({ fuid: 'u1', name: 'Erika Mustermann', email: 'u1@example.org', emailVerified: true, phone: '+4915112345678' });
    expect(first.invoiceAddress?.street).toBe('Lange Reihe 42');

    const updated = await t.call(
      'UpsertAppUser',
      {
        fuid: 'u1',
        name: '',
        phone: '',
        invoiceAddress: { company: '', street: '  ', plz: '', city: '' },
        deliveryAddress: { company: '', street: 'Grindelallee 118', plz: '20146', city: 'Hamburg' },
      },
      { token: 'user:u1' },
    );
    const second = updated.body.user as AppUser;
    expect(second.name).toBe('Erika Mustermann');
    expect(second.phone).toBe('+4915112345678');
    // An address without a street is not sent to the account (requirements#shop-validation): the stored one stays.
    expect(second.invoiceAddress?.street).toBe('Lange Reihe 42');
    expect(second.deliveryAddress?.street).toBe('Grindelallee 118');
    expect(second.createdAt).toBe(first.createdAt);
  });

  it('refuses a bad payload with a clear message', async () => {
    const res = await t.call('UpsertAppUser', { fuid: '', name: 'x' }, { token: 'user:u1' });
    expect(res.status).toBe(400);
    expect((res.body.error as { message: string }).message).toMatch(/^Invalid payload for UpsertAppUser: payload\.fuid/);
    const extra = await t.call('UpsertAppUser', { fuid: 'u1', admin: true } as never, { token: 'user:u1' });
    expect(extra.status).toBe(400);
  });

  it('counts one point per euro of stamp-collecting orders once handed over (and paid): not when placed, cancelled or unpaid', async () => {
    const save = async (overrides: Parameters<typeof takeawayDraft>[2], lines = [{ itemId: 'tacos-al-pastor', count: 3 }]) => {
      const res = await t.call('SaveNewOrder', { order: takeawayDraft(menu, lines, { asGuest: false, ...overrides }) }, { token: 'user:s1' });
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      return res.body.order as SavedOrder;
    };
    const empty = await t.call('LoadStempelkarte', { fuid: 's1' }, { token: 'user:s1' });
    expect(empty.body.stempelkarte).toMatchObject({ fuid: 's1', punktestand: 0 });

    const counted = await save({ collectStempel: true, stempelType: 1 });
    // Placed and to be paid at pickup: no stamps yet (money not received).
    expect((await t.call('LoadStempelkarte', { fuid: 's1' }, { token: 'user:s1' })).body.stempelkarte).toMatchObject({ punktestand: 0 });
    await handOver(t, counted.uniqueOrderId);
    await handOver(t, (await save({ collectStempel: false })).uniqueOrderId);
    const cancelled = await save({ collectStempel: true });
    await staffChange(t, cancelled.uniqueOrderId, 'cancel', { reason: 'Gast hat storniert' });
    // An online order whose payment is not authorized yet (it carries the online service fee line).
    const appconfig = (await t.call('GetAppconfig', {})).body.appconfig as { onlineServiceFee: number };
    const online = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 3 }], {
      asGuest: false,
      collectStempel: true,
      onlinePay: true,
      directPay: true,
      psp: 'credit',
    });
    const fee = appconfig.onlineServiceFee;
    if (fee > 0) {
      online.orderData = [
        ...online.orderData,
        { kind: 'fee', cartItemId: 'fee-1', id: 'specialUniqueOnlineServiceFee', posId: 5007, nameToDisplay: 'Online Servicegebühr', count: 1, itemTotal: fee },
      ];
      online.paymentInfo = { amount: online.paymentInfo.amount + fee, itemsTotal: online.paymentInfo.itemsTotal, tip: 0 };
    }
    const onlineRes = await t.call('SaveNewOrder', { order: online }, { token: 'user:s1' });
    expect(onlineRes.status, JSON.stringify(onlineRes.body.error)).toBe(200);

    const card = (await t.call('LoadStempelkarte', { fuid: 's1' }, { token: 'user:s1' })).body.stempelkarte as StampCard;
    expect(card.punktestand).toBe(Math.floor(counted.total / 100));
    expect(card.punktestand).toBeGreaterThan(0);
    // The seeded app config: stamp type 1 and a discount of 15 euros.
    expect(card).toMatchObject({ stempelType: 1, discount: 1500 });
  });

  it('needs a token for the stamp card', async () => {
    const res = await t.call('LoadStempelkarte', { fuid: 's1' });
    expect(res.status).toBe(401);
  });

  it('redeems a full card once: 10 stamps are consumed, the rest stays (redeemStampCard)', async () => {
    const db = t.api.database.db;
    // 3 orders of 5 x 8,50 EUR = 42 points each, handed over: 126 points, a full card.
    for (let i = 0; i < 3; i++) {
      const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 5 }], { asGuest: false, collectStempel: true });
      const saved = await t.call('SaveNewOrder', { order: draft }, { token: 'user:r1' });
      expect(saved.status).toBe(200);
      await handOver(t, (saved.body.order as SavedOrder).uniqueOrderId);
    }
    const score = async () => ((await t.call('LoadStempelkarte', { fuid: 'r1' }, { token: 'user:r1' })).body.stempelkarte as StampCard).punktestand;
    expect(await score()).toBe(126);

    expect(await db.transaction((tx) => redeemStampCard(tx as never, 'r1', 'order-a', 1))).toBe(true);
    expect(await score()).toBe(26);
    // The same order again changes nothing; another order finds the card no longer full.
    expect(await db.transaction((tx) => redeemStampCard(tx as never, 'r1', 'order-a', 2))).toBe(true);
    expect(await db.transaction((tx) => redeemStampCard(tx as never, 'r1', 'order-b', 3))).toBe(false);
    expect(await score()).toBe(26);
    // Another user cannot claim this order's redemption.
    expect(await db.transaction((tx) => redeemStampCard(tx as never, 'r2', 'order-a', 4))).toBe(false);
  });

  it('lets only one of two concurrent redemptions of the same card through', async () => {
    const db = t.api.database.db;
    for (let i = 0; i < 3; i++) {
      const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 5 }], { asGuest: false, collectStempel: true });
      const saved = await t.call('SaveNewOrder', { order: draft }, { token: 'user:r3' });
      await handOver(t, (saved.body.order as SavedOrder).uniqueOrderId);
    }
    const results = await Promise.all(['c1', 'c2', 'c3'].map((id) => db.transaction((tx) => redeemStampCard(tx as never, 'r3', id, 5))));
    expect(results.filter(Boolean)).toHaveLength(1);
    const card = (await t.call('LoadStempelkarte', { fuid: 'r3' }, { token: 'user:r3' })).body.stempelkarte as StampCard;
    expect(card.punktestand).toBe(26);
  });
});
