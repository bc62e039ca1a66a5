import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUser, Menu, SavedCard, SavedOrder, StampCard } from '@shop/shared/contract';
import { stampCouponLine } from '@shop/shared/domain/coupons';
import { appUsers, orders, paymentCustomers, stampRedemptions, userPreferences } from '../src/db/schema';
import { testNow } from './support/clock';
import { applicationDatabase } from './support/databases';
import { takeawayDraft } from './support/orders';
import { handOver, testVerifier as verifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * The profile, the account's deletion (GDPR) and anonymous guest sessions (requirements#sign-in):
 * UpdateAppUserProfile, LoadAppUser, DeleteAppUser, MergeAnonymousUser, and what an anonymous
 * session may not have (account record, stamp card, saved cards). 'user:<uid>' tokens are account
 * holders, 'anon:<uid>' anonymous guest sessions (support/staff.ts); real tokens: auth.test.ts.
 */

const address = (street: string, plz = '20099', city = 'Hamburg') => ({ company: '', street, plz, city });

describe.each(applicationDatabase())('profile and anonymous sessions on $name', (database) => {
  let t: TestApi;
  let menu: Menu;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  const order = async (token: string, browserId: string, overrides: Parameters<typeof takeawayDraft>[2] = {}, count = 1) => {
    const res = await t.call(
      'SaveNewOrder',
      {
        order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count }], {
          asGuest: false,
          invoiceAddress: address('Lange Reihe 42'),
          ...overrides,
        }),
      },
      { token, browserId },
    );
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.order as SavedOrder;
  };

  describe('UpdateAppUserProfile and LoadAppUser', () => {
    it('stores name, phone and addresses with a street; null removes an address, absent keeps it', async () => {
      expect((await t.call('LoadAppUser', { fuid: 'p1' }, { token: 'user:p1' })).body.user).toBeNull();
      const first = await t.call(
        'UpdateAppUserProfile',
        { fuid: 'p1', name: ' Erika Mustermann ', phone: '0151 12345678', invoiceAddress: address('Lange Reihe 42'), deliveryAddress: address('') },
        { token: 'user:p1' },
      );
      expect(first.status, JSON.stringify(first.body.error)).toBe(200);
      expect(first.body.user).toMatchObject({ fuid: 'p1', name: 'Erika Mustermann', phone: '0151 12345678', email: 'p1@example.org', emailVerified: true });
      expect((first.body.user as AppUser).invoiceAddress?.street).toBe('Lange Reihe 42');
      // An address without a street is not part of the account (requirements#shop-validation).
      expect((first.body.user as AppUser).deliveryAddress).toBeUndefined();

      const second = await t.call(
        'UpdateAppUserProfile',
        { fuid: 'p1', name: 'Erika M.', phone: '', deliveryAddress: address('Grindelallee 118', '20146') },
        { token: 'user:p1' },
      );
      const user = second.body.user as AppUser;
      expect(user.phone).toBe('');
      expect(user.invoiceAddress?.street).toBe('Lange Reihe 42');
      expect(user.deliveryAddress?.plz).toBe('20146');
      expect(user.createdAt).toBe((first.body.user as AppUser).createdAt);

      const third = await t.call('UpdateAppUserProfile', { fuid: 'p1', name: 'Erika M.', invoiceAddress: null }, { token: 'user:p1' });
      expect((third.body.user as AppUser).invoiceAddress).toBeUndefined();
      expect((third.body.user as AppUser).deliveryAddress?.street).toBe('Grindelallee 118');

      const loaded = await t.call('LoadAppUser', { fuid: 'p1' }, { token: 'user:p1' });
      expect(loaded.body.user).toEqual(third.body.user);
    });

    it('refuses bad input with German messages per field, never storing it', async () => {
      const res = await t.call(
        'UpdateAppUserProfile',
        { fuid: 'p2', name: 'E', phone: '0151/123', invoiceAddress: address('Lange Reihe', '20a99', '') },
        { token: 'user:p2' },
      );
      expect(res.status).toBe(400);
      const error = res.body.error as { code: string; userMessage: string; issues: { path: string; message: string }[] };
      expect(error.code).toBe('validation');
      expect(error.userMessage).toBe('Bitte einen Namen eingeben');
      expect(error.issues).toEqual(
        expect.arrayContaining([
          { path: 'payload.name', message: 'Bitte einen Namen eingeben' },
          { path: 'payload.phone', message: 'Die eingegebene Mobilnummer ist ungültig' },
          expect.objectContaining({ path: 'payload.invoice.street' }),
          expect.objectContaining({ path: 'payload.invoice.plz' }),
          expect.objectContaining({ path: 'payload.invoice.city' }),
        ]),
      );
      expect((await t.call('LoadAppUser', { fuid: 'p2' }, { token: 'user:p2' })).body.user).toBeNull();

      const long = await t.call('UpdateAppUserProfile', { fuid: 'p2', name: 'x'.repeat(101) }, { token: 'user:p2' });
      expect(long.status).toBe(400);
      const extra = await t.call('UpdateAppUserProfile', { fuid: 'p2', name: 'Erika', email: 'x@y.de' } as never, { token: 'user:p2' });
      expect(extra.status).toBe(400);
    });

    it('changes only the own account: no token 401, another fuid 403, an anonymous session 403', async () => {
      expect((await t.call('UpdateAppUserProfile', { fuid: 'p3', name: 'Erika' })).status).toBe(401);
      expect((await t.call('UpdateAppUserProfile', { fuid: 'p3', name: 'Mallory' }, { token: 'user:p4' })).status).toBe(403);
      expect((await t.call('LoadAppUser', { fuid: 'p3' }, { token: 'user:p4' })).status).toBe(403);
      const anon = await t.call('UpdateAppUserProfile', { fuid: 'a0', name: 'Gast' }, { token: 'anon:a0' });
      expect(anon.status).toBe(403);
      expect(anon.body.error).toMatchObject({ code: 'forbidden', userMessage: 'Diese Funktion steht nur mit einem Konto zur Verfügung.' });
      expect((await t.call('UpsertAppUser', { fuid: 'a0', name: 'Gast' }, { token: 'anon:a0' })).status).toBe(403);
      expect((await t.call('LoadAppUser', { fuid: 'a0' }, { token: 'anon:a0' })).status).toBe(403);
    });
  });

  describe('DeleteAppUser (GDPR)', () => {
    it('deletes the account, its stamps, saved cards and e-mail link; keeps its orders anonymised', async () => {
      const db = t.api.database.db;
      const browserId = 'delete-browser-0000-0000-0000-0000000001';
      await t.call(
        'UpsertAppUser',
        { fuid: 'd1', name: 'Dora Delete', phone: '+4915112345678', invoiceAddress: address('Lange Reihe 42') },
        { token: 'user:d1' },
      );
      const mine = await order('user:d1', browserId, { collectStempel: true, stempelType: 1, deliveryAddress: address('Grindelallee 118') }, 12);
      await handOver(t, mine.uniqueOrderId);
      const others = await order('user:d2', 'other-browser-0000-0000-0000-00000000002');
      await db.insert(stampRedemptions).values({ uniqueOrderId: 'redeemed-d1', fuid: 'd1', points: 100, createdAt: testNow() });
      const buyer = await t.call('CreateStripeBuyer', { fuid: 'd1', email: 'd1@example.org' }, { token: 'user:d1', browserId });
      const customer = buyer.body.stripeCustomerId as string;
      await t.call(
        'AttachPaymentMethodToStripe',
        { stripeCustomerId: customer, paymentMethodId: 'pm_card_visa', testCardExpiry: '12/34' },
        { token: 'user:d1', browserId },
      );
      expect(((await t.call('GetStripeBuyersProfile', {}, { token: 'user:d1', browserId })).body.paymentMethods as SavedCard[]).length).toBe(1);
      await t.call(
        'DocUpserter',
        { collectionName: 'userPreferences', updates: { favFoods: [], email: 'd1@example.org' }, subjectKey: 'deviceId', autoRetry: true },
        { token: 'user:d1', browserId },
      );

      expect((await t.call('DeleteAppUser', { fuid: 'd1' }, { token: 'user:d2' })).status).toBe(403);
      const res = await t.call('DeleteAppUser', { fuid: 'd1' }, { token: 'user:d1', browserId });
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      expect(res.body).toMatchObject({ deleted: true, ordersAnonymised: 1 });

      expect(await db.select().from(appUsers).where(eq(appUsers.fuid, 'd1'))).toEqual([]);
      expect(await db.select().from(stampRedemptions).where(eq(stampRedemptions.fuid, 'd1'))).toEqual([]);
      expect(await db.select().from(paymentCustomers).where(eq(paymentCustomers.ownerKey, 'd1'))).toEqual([]);
      // The device's preferences (favourites, allergens) went with the account.
      expect(await db.select().from(userPreferences).where(eq(userPreferences.deviceId, browserId))).toEqual([]);

      const [kept] = await db.select().from(orders).where(eq(orders.uniqueOrderId, mine.uniqueOrderId));
      expect(kept?.fuid).toBeNull();
      expect(kept?.data.userInfo).toEqual({ fuid: null, name: '', email: '', phone: '' });
      expect(kept?.data.invoiceAddress).toBeUndefined();
      expect(kept?.data.deliveryAddress).toBeUndefined();
      expect(kept?.data.fuid).toBeNull();
      // The books stay: what was bought and for how much.
      expect(kept?.data.total).toBe(mine.total);
      expect(kept?.data.state).toBe('Collected');
      expect(kept?.total).toBe(mine.total);

      const [theirs] = await db.select().from(orders).where(eq(orders.uniqueOrderId, others.uniqueOrderId));
      expect(theirs?.data.userInfo.name).toBe('Erika Mustermann');
      expect(theirs?.fuid).toBe('d2');

      // The session that erased the account is over: its token is refused.
      const stale = await t.call('LoadStempelkarte', { fuid: 'd1' }, { token: 'user:d1' });
      expect(stale.status).toBe(401);
      expect(stale.body.jwtInvalid).toBe(true);
      // Signed in again (the Firebase user still exists until the browser deletes it): nothing is left.
      const fresh = 'user:d1:9999999999';
      expect(((await t.call('GetLastSelfOrders', {}, { token: fresh })).body.orders as SavedOrder[]).length).toBe(0);
      expect(((await t.call('LoadStempelkarte', { fuid: 'd1' }, { token: fresh })).body.stempelkarte as StampCard).punktestand).toBe(0);
      expect((await t.call('DeleteAppUser', { fuid: 'd1' }, { token: fresh })).body).toMatchObject({ deleted: true, ordersAnonymised: 0 });
    });
  });

  describe('anonymous guest sessions', () => {
    const anonBrowser = 'anon-browser-0000-0000-0000-00000000001';

    it('are not account holders: no stamp card, no saved cards, no stamp redemption', async () => {
      const card = await t.call('LoadStempelkarte', { fuid: 'a1' }, { token: 'anon:a1' });
      expect(card.status).toBe(403);
      expect(card.body.error).toMatchObject({ userMessage: 'Diese Funktion steht nur mit einem Konto zur Verfügung.' });

      // A card attached while paying belongs to this browser's payment only, never to the session.
      const buyer = await t.call('CreateStripeBuyer', { fuid: 'a1', email: 'gast@example.org' }, { token: 'anon:a1', browserId: anonBrowser });
      expect(buyer.status).toBe(200);
      const customer = buyer.body.stripeCustomerId as string;
      const attached = await t.call(
        'AttachPaymentMethodToStripe',
        { stripeCustomerId: customer, paymentMethodId: 'pm_card_visa', testCardExpiry: '12/34' },
        { token: 'anon:a1', browserId: anonBrowser },
      );
      expect(attached.status).toBe(200);
      const profile = await t.call('GetStripeBuyersProfile', {}, { token: 'anon:a1', browserId: anonBrowser });
      expect(profile.body).toMatchObject({ stripeCustomerId: null, paymentMethods: [] });
      const [row] = await t.api.database.db.select().from(paymentCustomers).where(eq(paymentCustomers.customerId, customer));
      expect(row?.ownerKey).toBe(`guest:${anonBrowser}`);

      const stamp = stampCouponLine('a1', 'Stempelkarte', 1500, testNow());
      const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 3 }], { asGuest: false });
      draft.orderData = [...draft.orderData, stamp];
      draft.paymentInfo = { ...draft.paymentInfo, amount: Math.max(0, draft.paymentInfo.amount - 1500) };
      const redeem = await t.call('SaveNewOrder', { order: draft }, { token: 'anon:a1', browserId: anonBrowser });
      expect(redeem.status).toBe(409);
      expect(redeem.body.error).toMatchObject({ code: 'coupon_invalid', userMessage: 'Bitte melde dich an, um diesen Gutschein einzulösen.' });
    });

    it('keep their orders under their uid, so an upgrade (same uid) keeps orders and stamps', async () => {
      const placed = await order('anon:a2', anonBrowser, { collectStempel: true, stempelType: 1 }, 12);
      expect(placed.fuid).toBe('a2');
      await handOver(t, placed.uniqueOrderId);
      // linkWithCredential keeps the uid: the same uid as an account holder sees the order and its stamps.
      const mine = (await t.call('GetLastSelfOrders', {}, { token: 'user:a2' })).body.orders as SavedOrder[];
      expect(mine.map((o) => o.uniqueOrderId)).toContain(placed.uniqueOrderId);
      const card = (await t.call('LoadStempelkarte', { fuid: 'a2' }, { token: 'user:a2' })).body.stempelkarte as StampCard;
      expect(card.punktestand).toBe(Math.floor(placed.total / 100));
    });
  });

  describe('MergeAnonymousUser (upgrade conflict)', () => {
    const device = 'merge-browser-0000-0000-0000-00000000001';

    it("moves the guest's orders, stamps and this device's favourites to the existing account", async () => {
      const db = t.api.database.db;
      const guestOrder = await order('anon:g1', device, { collectStempel: true, stempelType: 1 }, 12);
      await handOver(t, guestOrder.uniqueOrderId);
      const accountOrder = await order('user:m1', 'm1-other-device-0000-0000-0000-0000000001');
      const saved = await t.call(
        'DocUpserter',
        {
          collectionName: 'userPreferences',
          updates: { favFoods: [{ id: 'tacos-al-pastor', num: '1', posId: 1, nameToDisplay: 'Tacos' }] },
          subjectKey: 'deviceId',
          autoRetry: true,
        },
        { token: 'anon:g1', browserId: device },
      );
      expect(saved.status, JSON.stringify(saved.body.error)).toBe(200);

      const res = await t.call('MergeAnonymousUser', { anonymousIdToken: 'anon.g1.' }, { token: 'user:m1', browserId: device });
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      expect(res.body.movedOrders).toBe(1);

      const mine = ((await t.call('GetLastSelfOrders', {}, { token: 'user:m1' })).body.orders as SavedOrder[]).map((o) => o.uniqueOrderId);
      expect(mine).toEqual(expect.arrayContaining([guestOrder.uniqueOrderId, accountOrder.uniqueOrderId]));
      const [moved] = await db.select().from(orders).where(eq(orders.uniqueOrderId, guestOrder.uniqueOrderId));
      expect(moved?.fuid).toBe('m1');
      expect(moved?.data.userInfo.fuid).toBe('m1');
      expect(((await t.call('LoadStempelkarte', { fuid: 'm1' }, { token: 'user:m1' })).body.stempelkarte as StampCard).punktestand).toBe(
        Math.floor(guestOrder.total / 100),
      );
      // The device's favourites are now the account's (found by its e-mail on any device).
      const byMail = await t.call(
        'LoadDocs',
        { collectionName: 'userPreferences', query: { email: 'm1@example.org' } },
        { token: 'user:m1', browserId: 'elsewhere-0000-0000-0000-000000000001' },
      );
      expect((byMail.body.docs as { favFoods: { id: string }[] }[])[0]?.favFoods.map((f) => f.id)).toEqual(['tacos-al-pastor']);
      // The guest has nothing left; a second merge moves nothing.
      expect(((await t.call('GetLastSelfOrders', {}, { token: 'user:g1' })).body.orders as SavedOrder[]).length).toBe(0);
      expect((await t.call('MergeAnonymousUser', { anonymousIdToken: 'anon.g1.' }, { token: 'user:m1', browserId: device })).body.movedOrders).toBe(0);
    });

    it('is refused without proof, with a non-anonymous proof, or for an anonymous caller', async () => {
      const fake = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
      expect((await t.call('MergeAnonymousUser', { anonymousIdToken: fake })).status).toBe(401);
      expect((await t.call('MergeAnonymousUser', { anonymousIdToken: 'anon.g9.' }, { token: 'anon:x1' })).status).toBe(403);
      expect((await t.call('MergeAnonymousUser', { anonymousIdToken: fake }, { token: 'user:m2' })).status).toBe(403);
      const refused = await t.call('MergeAnonymousUser', { anonymousIdToken: 'user.m3.' }, { token: 'user:m2' });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ userMessage: 'Die Gastsitzung konnte nicht übernommen werden.' });
      expect((await t.call('MergeAnonymousUser', { anonymousIdToken: 'kein token' }, { token: 'user:m2' })).status).toBe(400);
    });
  });
});
