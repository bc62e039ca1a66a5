// Every stored field bounded (requirements#security, docs/security.md "Limits"): closed schemas with
// lengths and counts for device preferences, user settings, favourite carts and saved carts; a
// size per record checked on the merged record; write limits per device and IP.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, RECORD_BYTES, type Favourite, type Menu, type ProductLine } from '@shop/shared/contract';
import { de } from '@shop/shared/i18n';
import { recordBytes } from '../src/collections/record-bounds';
import { userPreferences } from '../src/db/schema';
import { RATE_RULES } from '../src/http/rate-limits';
import { testDatabases } from './support/databases';
import { productLine } from './support/orders';
import { testVerifier } from './support/staff';
import { startTestApi, TEST_BROWSER_ID, type TestApi } from './support/test-api';

const device = (n: number) => `bounds-device-0000-${String(n).padStart(12, '0')}`;

function fav(id: string, extra: Partial<Favourite> = {}): Favourite {
  return { id, nameToDisplay: id, extras: [], extrasToDisplay: '', variantsSelected: [], stylesSelected: [], vol: '', ...extra };
}

/** A favourite as large as its field bounds allow (about 15 kB). */
const bigFav = (id: string) =>
  fav(id, {
    nameToDisplay: 'N'.repeat(LIMITS.name),
    extrasToDisplay: 'E'.repeat(LIMITS.text),
    image: `/media/${'i'.repeat(LIMITS.text - 7)}`,
    extras: Array.from({ length: LIMITS.extras }, (_, i) => ({ name: `${i}`.padEnd(LIMITS.name, 'x'), price: 100 })),
  });

describe.each(testDatabases())('stored records are closed and bounded on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier: testVerifier });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  });
  afterAll(async () => t?.close());

  const savePrefs = (browserId: string, updates: Record<string, unknown>) =>
    t.call('DocUpserter', { collectionName: 'userPreferences', updates, subjectKey: 'deviceId' } as never, { browserId });
  const storedPrefs = async (browserId: string) =>
    (
      await t.api.database.db
        .select()
        .from(userPreferences)
        .where(sql`${userPreferences.deviceId} = ${browserId}`)
    )[0]?.data;

  it('device preferences: no field the schema does not name, no unbounded string or list (400, nothing stored)', async () => {
    const attempts: Record<string, unknown>[] = [
      { favCarts: [{ anything: 'x'.repeat(10_000) }] },
      { favCarts: ['x'.repeat(1000)] },
      { favFoods: [{ ...fav('a'), sneaky: 'x' }] },
      { favFoods: [fav('a', { nameToDisplay: 'x'.repeat(LIMITS.name + 1) })] },
      { favFoods: [fav('a', { stylesSelected: Array.from({ length: LIMITS.shortList + 1 }, (_, i) => `s${i}`) })] },
      { favFoods: Array.from({ length: LIMITS.favourites + 1 }, (_, i) => fav(`f${i}`)) },
      { allergenes: ['x'.repeat(LIMITS.allergenCode + 1)] },
      { allergenes: Array.from({ length: LIMITS.allergenCodes + 1 }, (_, i) => `a${i}`) },
      { email: `${'x'.repeat(LIMITS.email)}@example.org` },
      { unknown: true },
    ];
    for (const updates of attempts) {
      const res = await savePrefs(device(1), updates);
      expect(res.status, JSON.stringify(updates).slice(0, 100)).toBe(400);
      expect((res.body.error as { userMessage: string }).userMessage).toBe(de.shell.invalidInput);
    }
    expect(await storedPrefs(device(1))).toBeUndefined();
  });

  it('a favourite cart is a bounded, closed cart', async () => {
    const line = productLine(menu, { itemId: 'tacos-al-pastor' });
    const ok = await savePrefs(device(2), { favCarts: [{ id: 'fc1', name: 'Freitag', items: [line] }] });
    expect(ok.status, JSON.stringify(ok.body.error)).toBe(200);
    const tooMany = Array.from({ length: LIMITS.favouriteCartLines + 1 }, (_, i) => ({ ...line, cartItemId: `ci-${i}` }));
    expect((await savePrefs(device(2), { favCarts: [{ id: 'fc1', name: 'Freitag', items: tooMany }] })).status).toBe(400);
    expect((await savePrefs(device(2), { favCarts: [{ id: 'fc1', name: 'Freitag', items: [{ ...line, hidden: 1 }] }] })).status).toBe(400);
  });

  it(`a device's preferences stay within ${RECORD_BYTES.preferences} bytes, counted on the merged record (413, nothing changed)`, async () => {
    const half = Array.from({ length: 6 }, (_, i) => bigFav(`food-${i}`));
    const first = await savePrefs(device(3), { favFoods: half });
    expect(first.status, JSON.stringify(first.body.error)).toBe(200);
    const before = await storedPrefs(device(3));
    // Each list alone is within bounds; together with what is stored the record is too large.
    const drinks = Array.from({ length: 6 }, (_, i) => bigFav(`drink-${i}`));
    expect(recordBytes({ favFoods: half, favDrinks: drinks })).toBeGreaterThan(RECORD_BYTES.preferences);
    const res = await savePrefs(device(3), { favDrinks: drinks });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'record_too_large', userMessage: de.shell.recordTooLarge });
    expect(await storedPrefs(device(3))).toEqual(before);
    expect(recordBytes(await storedPrefs(device(3)))).toBeLessThanOrEqual(RECORD_BYTES.preferences);
  });

  it('a record written before the schema was closed is read and merged without its stray fields (no 500)', async () => {
    await t.api.database.db.insert(userPreferences).values({
      deviceId: device(4),
      email: null,
      data: { deviceId: device(4), favFoods: [fav('tacos-al-pastor')], favCarts: [{ junk: true }], allergenes: ['G'], stray: 'x' } as never,
      updatedAt: 1,
    });
    const loaded = await t.call('LoadDocs', { collectionName: 'userPreferences', query: { deviceId: device(4) } }, { browserId: device(4) });
    expect(loaded.status).toBe(200);
    expect(loaded.body.docs).toEqual([{ deviceId: device(4), favFoods: [fav('tacos-al-pastor')], favDrinks: [], favCarts: [], allergenes: ['G'] }]);
    const saved = await savePrefs(device(4), { favDrinks: [fav('drink-horchata')] });
    expect(saved.status).toBe(200);
    expect(await storedPrefs(device(4))).toEqual({
      deviceId: device(4),
      favFoods: [fav('tacos-al-pastor')],
      favDrinks: [fav('drink-horchata')],
      favCarts: [],
      allergenes: ['G'],
    });
  });

  it('user settings: closed favourite carts and allergen codes, and a bounded record', async () => {
    const save = (payload: Record<string, unknown>) => t.call('SaveUserSettings', { fuid: 'anna', ...payload }, { token: 'user:anna' });
    expect((await save({ favcartsApp: [{ anything: 'x'.repeat(20_000) }] })).status).toBe(400);
    expect((await save({ allergenes: ['x'.repeat(LIMITS.allergenCode + 1)] })).status).toBe(400);
    const line = productLine(menu, { itemId: 'tacos-al-pastor' });
    const big = { ...line, description: 'D'.repeat(LIMITS.text), extrasToDisplay: 'E'.repeat(LIMITS.text), image: 'I'.repeat(LIMITS.text) };
    const carts = Array.from({ length: LIMITS.favouriteCarts }, (_, c) => ({
      id: `fc${c}`,
      name: `Korb ${c}`,
      items: Array.from({ length: 4 }, (_, i) => ({ ...big, cartItemId: `ci-${c}-${i}` })),
    }));
    expect((await save({ allergenes: ['G'], favcartsApp: carts.slice(0, 2) })).status).toBe(200);
    const tooLarge = await save({ favcartsApp: carts });
    expect(tooLarge.status).toBe(413);
    const stored = await t.call('LoadDocs', { collectionName: 'userSettings', query: { fuid: 'anna' } }, { token: 'user:anna' });
    const [settings] = stored.body.docs as { favcartsApp: unknown[]; allergenes: string[] }[];
    expect(settings!.favcartsApp).toHaveLength(2);
    expect(settings!.allergenes).toEqual(['G']);
  });

  it('account favourites: saved with the account, the other settings kept, bounded in count and record size', async () => {
    const save = (payload: Record<string, unknown>) => t.call('SaveUserSettings', { fuid: 'bert', ...payload }, { token: 'user:bert' });
    expect((await save({ allergenes: ['G'] })).status).toBe(200);
    expect((await save({ favFoods: [fav('tacos-al-pastor')] })).status).toBe(200);
    expect((await save({ favDrinks: [fav('drink-horchata')] })).status).toBe(200);
    expect((await save({ favFoods: Array.from({ length: LIMITS.favourites + 1 }, (_, i) => fav(`f${i}`)) })).status).toBe(400);
    expect((await save({ favFoods: [{ ...fav('x'), stray: true }] })).status).toBe(400);
    const tooLarge = await save({ favFoods: Array.from({ length: LIMITS.favourites }, (_, i) => bigFav(`big${i}`)) });
    expect(tooLarge.status).toBe(413);
    const stored = await t.call('LoadDocs', { collectionName: 'userSettings', query: { fuid: 'bert' } }, { token: 'user:bert' });
    const [settings] = stored.body.docs as { favFoods: Favourite[]; favDrinks: Favourite[]; allergenes: string[] }[];
    expect(settings!.favFoods.map((f) => f.id)).toEqual(['tacos-al-pastor']);
    expect(settings!.favDrinks.map((f) => f.id)).toEqual(['drink-horchata']);
    expect(settings!.allergenes).toEqual(['G']);
    // Only the account itself.
    expect((await t.call('SaveUserSettings', { fuid: 'bert', favFoods: [] }, { token: 'user:anna' })).status).toBe(403);
  });

  it(`a saved cart stays within ${RECORD_BYTES.cart} bytes`, async () => {
    const line: ProductLine = productLine(menu, { itemId: 'tacos-al-pastor' });
    const big = { ...line, description: 'D'.repeat(LIMITS.text), extrasToDisplay: 'E'.repeat(LIMITS.text), image: 'I'.repeat(LIMITS.text) };
    const items = Array.from({ length: 30 }, (_, i) => ({ ...big, cartItemId: `ci-${i}` }));
    const res = await t.call('SaveCart', { items });
    expect(res.status).toBe(413);
    expect((await t.call('SaveCart', { items: items.slice(0, 5) })).status).toBe(200);
  });
});

describe.each(testDatabases())('write limits per device and IP on $name', (database) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(await database.open(), { env: { RATE_LIMITS: 'on' } });
  });
  afterAll(async () => t?.close());

  const write = (browserId: string, ip: string) =>
    t.api.app.inject({
      method: 'POST',
      url: '/api/action',
      remoteAddress: ip,
      headers: { host: 'localhost' },
      payload: {
        action: 'DocUpserter',
        payload: { collectionName: 'userPreferences', updates: { allergenes: ['G'] }, subjectKey: 'deviceId' },
        channel: 'on-the-go',
        browserId,
        secToken: '',
        timeout: 10000,
      },
    });

  it('fresh browser ids from one IP store at most the IP limit of records a minute, each within its bound', async () => {
    const rule = RATE_RULES.find((r) => r.name === 'documents')!;
    const statuses: number[] = [];
    for (let i = 0; i < rule.perIp + 5; i++) statuses.push((await write(device(1000 + i), '198.51.100.77')).statusCode);
    expect(statuses.slice(0, rule.perIp).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(rule.perIp)).toEqual(Array(5).fill(429));
    const [rows] = await Promise.all([t.api.database.db.select({ n: sql<number>`count(*)::int` }).from(userPreferences)]);
    expect(rows[0]!.n).toBe(rule.perIp);
    // One device alone is limited sooner.
    const own: number[] = [];
    for (let i = 0; i < rule.perBrowser! + 1; i++) own.push((await write(TEST_BROWSER_ID, '198.51.100.78')).statusCode);
    expect(own.at(-1)).toBe(429);
  });
});
