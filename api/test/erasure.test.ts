// Account erasure walks every table (requirements#security, docs/security.md "Erasure"): the tables that
// refer to a user are derived from the Drizzle schema (a column fuid, *_fuid, email, owner_key, …),
// each gets a row of the user before the erasure, and afterwards no row of ANY table of the schema
// holds the user's id, e-mail, name, phone, street or the free text of their orders. A new table
// with such a column fails this test until the test gives it a row and the erasure handles it.
import crypto from 'node:crypto';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu, SavedOrder, StaffCustomerCard } from '@shop/shared/contract';
import * as schema from '../src/db/schema';
import { coupons, couponRedemptions, stampRedemptions } from '../src/db/schema';
import { testNow } from './support/clock';
import { testDatabases } from './support/databases';
import { countRow } from './support/sql';
import { takeawayDraft } from './support/orders';
import { STAFF_TOKEN, testVerifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

const USER_COLUMN = /^(fuid|.+_fuid|uid|user_id|email|.+_email|owner_key)$/;
const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable)).map((table) => getTableConfig(table));
const userTables = tables.filter((t) => t.columns.some((c) => USER_COLUMN.test(c.name))).map((t) => t.name);

describe('the tables that refer to a user, from the schema', () => {
  it('are the ones this test fills (a new one needs a row below and a rule in deleteAccountData)', () => {
    expect(userTables.sort()).toEqual(
      [
        'app_users',
        'coupon_redemptions',
        'coupons',
        'customer_card_claim_failures',
        'customer_cards',
        'orders',
        'payment_customers',
        'push_tokens',
        'stamp_redemptions',
        'user_preferences',
        'user_settings',
      ].sort(),
    );
  });
});

describe.each(testDatabases())('DeleteAppUser erases the person from every table on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  const uid = `erika${crypto.randomBytes(5).toString('hex')}`;
  const token = `user:${uid}`;
  const email = `${uid}@example.org`;
  const person = {
    name: 'Erika Zufallsname',
    phone: '+49 151 99887766',
    street: 'Geheimweg 17',
    note: 'Bitte bei Zufallsname klingeln',
    lineNote: 'ohne Zwiebeln fuer Zufallsname',
  };
  const deviceA = `erasure-device-a-${crypto.randomUUID()}`;
  const deviceB = `erasure-device-b-${crypto.randomUUID()}`;
  let order: SavedOrder;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier: testVerifier });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  const ok = async (res: Promise<{ status: number; body: Record<string, unknown> }>) => {
    const answer = await res;
    expect(answer.status, JSON.stringify(answer.body.error)).toBe(200);
    return answer.body;
  };

  /** Rows of a table whose JSON form contains one of the strings. */
  const rowsHolding = async (table: string, needles: string[]) => {
    const result = await t.api.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} t where row_to_json(t)::text ilike any(${`{${needles.map((n) => `"%${n}%"`).join(',')}}`}::text[])`,
    );
    return countRow(result);
  };

  it('fills every table that refers to the user, erases, and leaves none holding the person', async () => {
    const address = { company: '', street: person.street, plz: '20099', city: 'Hamburg' };
    await ok(t.call('UpdateAppUserProfile', { fuid: uid, name: person.name, phone: person.phone, invoiceAddress: address }, { token }));
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', notes: person.lineNote }], {
      asGuest: false,
      note: person.note,
      userInfo: { fuid: uid, name: person.name, email, phone: person.phone },
      invoiceAddress: address,
    });
    order = (await ok(t.call('SaveNewOrder', { order: draft }, { token, browserId: deviceA }))).order as SavedOrder;
    await ok(t.call('SaveUserSettings', { fuid: uid, allergenes: ['G', 'H'] }, { token }));
    for (const browserId of [deviceA, deviceB]) {
      await ok(
        t.call('DocUpserter', { collectionName: 'userPreferences', updates: { email, allergenes: ['G'] }, subjectKey: 'deviceId' }, { token, browserId }),
      );
    }
    const pushToken = `local:${crypto.randomBytes(32).toString('base64url')}`;
    await ok(
      t.call('DocUpserter', { collectionName: 'pushTokens', updates: { deviceId: deviceA, pushToken }, subjectKey: 'deviceId' }, { token, browserId: deviceA }),
    );
    const buyer = await ok(t.call('CreateStripeBuyer', { fuid: uid, email }, { token, browserId: deviceA }));
    await ok(
      t.call(
        'AttachPaymentMethodToStripe',
        { stripeCustomerId: buyer.stripeCustomerId as string, paymentMethodId: 'pm_card_visa', testCardExpiry: '12/34' },
        { token, browserId: deviceA },
      ),
    );
    const issued = await ok(t.call('IssueCustomerCard', { label: '', initialAmount: 2000, requestId: `req-${crypto.randomUUID()}` }, { token: STAFF_TOKEN }));
    const card = issued.card as StaffCustomerCard;
    const wrongCode = issued.checkCode === '000000' ? '000001' : '000000';
    expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode: wrongCode }, { token, browserId: deviceA })).status).toBe(400);
    await ok(t.call('AddCustomerCard', { rfid: card.rfid, checkCode: issued.checkCode as string }, { token, browserId: deviceA }));
    // Stamps redeemed, an individual coupon and its redemption: written as the order saving would.
    const db = t.api.database.db;
    const code = `PERSONAL-${crypto.randomBytes(4).toString('hex')}`.toUpperCase();
    await db.insert(stampRedemptions).values({ uniqueOrderId: order.uniqueOrderId, fuid: uid, points: 100, createdAt: testNow() });
    await db.insert(coupons).values({
      code,
      type: 'individual',
      visibility: 'private',
      ownerFuid: uid,
      data: { couponCode: code, type: 'individual', title: 'Für dich', amount: 500 } as never,
      updatedAt: testNow(),
    });
    await db.insert(couponRedemptions).values({ couponCode: code, uniqueOrderId: order.uniqueOrderId, fuid: uid, browserId: deviceA, redeemedAt: testNow() });

    for (const table of userTables) expect(await rowsHolding(table, [uid]), `${table} before the erasure`).toBeGreaterThan(0);

    const erased = await ok(t.call('DeleteAppUser', { fuid: uid }, { token, browserId: deviceA }));
    expect(erased).toMatchObject({ deleted: true, ordersAnonymised: 1 });

    const needles = [uid, email, person.name, person.phone, person.street, person.note, person.lineNote];
    const holding: Record<string, number> = {};
    for (const table of tables.map((x) => x.name)) {
      const n = await rowsHolding(table, needles);
      if (n > 0) holding[table] = n;
    }
    expect(holding).toEqual({});
    expect(tables.length).toBeGreaterThan(20);
  });

  it('the deleted session’s token reads and writes nothing any more; the order token reads the order without the person', async () => {
    const settings = await t.call('LoadDocs', { collectionName: 'userSettings', query: { fuid: uid } }, { token });
    expect(settings.status).toBe(401);
    expect(settings.body.jwtInvalid).toBe(true);
    expect((await t.call('SaveUserSettings', { fuid: uid, allergenes: ['G'] }, { token })).status).toBe(401);
    expect((await t.call('GetCustomerCards', {}, { token })).status).toBe(401);

    const read = await t.call(
      'LoadDocs',
      { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId, accessToken: order.accessToken ?? '' } },
      { browserId: 'erasure-stranger-0000-0000-000000000001' },
    );
    const [doc] = read.body.docs as SavedOrder[];
    expect(doc?.total).toBe(order.total);
    const text = JSON.stringify(doc);
    for (const value of [uid, email, person.name, person.phone, person.street, person.note, person.lineNote]) expect(text).not.toContain(value);
  });
});
