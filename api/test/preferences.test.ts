import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Favourite, UserPreferences } from '@shop/shared/contract';
import type { TokenVerifier } from '../src/auth/verify';
import { applicationDatabase } from './support/databases';
import { startTestApi, type TestApi } from './support/test-api';

const DEVICE_A = 'device-aaaa-0000-0000-0000-00000000000a';
const DEVICE_B = 'device-bbbb-0000-0000-0000-00000000000b';

/** Tokens 'user:<name>' belong to <name>@example.org. */
const verifier: TokenVerifier = {
  async verify(token) {
    if (!token.startsWith('user:')) return null;
    const name = token.slice(5);
    return { uid: `uid-${name}`, email: `${name}@example.org`, emailVerified: true, name: null, providerId: 'password' };
  },
};

function fav(id: string, extra: Partial<Favourite> = {}): Favourite {
  return { id, nameToDisplay: id, extras: [], extrasToDisplay: '', variantsSelected: [], stylesSelected: [], vol: '', ...extra };
}

describe.each(applicationDatabase())('favourites and preferences by device id on $name', (database) => {
  let t: TestApi;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier });
  });
  afterAll(async () => t?.close());

  const load = (deviceId: string, browserId = deviceId) => t.call('LoadDocs', { collectionName: 'userPreferences', query: { deviceId } }, { browserId });
  const save = (browserId: string, updates: Partial<Omit<UserPreferences, 'deviceId'>>, token?: string) =>
    t.call('DocUpserter', { collectionName: 'userPreferences', updates, subjectKey: 'deviceId', autoRetry: true }, { browserId, ...(token ? { token } : {}) });

  it('has no preferences for a new device', async () => {
    const res = await load(DEVICE_A);
    expect(res.status).toBe(200);
    expect(res.body.docs).toEqual([]);
  });

  it('keeps favourites toggled on and off by device id', async () => {
    const on = await save(DEVICE_A, {
      favFoods: [fav('burrito-classic-chicken', { vol: 'Large', stylesSelected: ['style-guac'] })],
      favDrinks: [],
      allergenes: [],
    });
    expect(on.status).toBe(200);
    expect(on.body.doc).toMatchObject({ deviceId: DEVICE_A, favFoods: [{ id: 'burrito-classic-chicken', vol: 'Large' }] });

    const reloaded = await load(DEVICE_A);
    const [doc] = reloaded.body.docs as UserPreferences[];
    expect(doc!.favFoods.map((f) => f.id)).toEqual(['burrito-classic-chicken']);
    expect(doc!.favFoods[0]!.stylesSelected).toEqual(['style-guac']);

    await save(DEVICE_A, { favFoods: [fav('tacos-al-pastor')], favDrinks: [fav('drink-horchata')], allergenes: ['G'] });
    const [after] = (await load(DEVICE_A)).body.docs as UserPreferences[];
    expect(after!.favFoods.map((f) => f.id)).toEqual(['tacos-al-pastor']);
    expect(after!.favDrinks.map((f) => f.id)).toEqual(['drink-horchata']);
    expect(after!.allergenes).toEqual(['G']);

    await save(DEVICE_A, { favFoods: [], favDrinks: [], allergenes: ['G'] });
    const [off] = (await load(DEVICE_A)).body.docs as UserPreferences[];
    expect(off!.favFoods).toEqual([]);
  });

  it('changes only the fields an update sends (a partial update keeps favCarts)', async () => {
    const device = 'device-cccc-0000-0000-0000-00000000000c';
    await save(device, { favCarts: [{ id: 'fc-1', name: 'Freitagsrunde', items: [] }], allergenes: ['A'] });
    await save(device, { allergenes: ['G'] });
    const doc = (await load(device)).body.docs as UserPreferences[];
    expect(doc[0]?.favCarts).toEqual([{ id: 'fc-1', name: 'Freitagsrunde', items: [] }]);
    expect(doc[0]?.allergenes).toEqual(['G']);
  });

  it('keeps each device to its own document', async () => {
    await save(DEVICE_B, { favFoods: [fav('nachos-classic')], favDrinks: [], allergenes: [] });
    const [a] = (await load(DEVICE_A)).body.docs as UserPreferences[];
    const [b] = (await load(DEVICE_B)).body.docs as UserPreferences[];
    expect(a!.favFoods).toEqual([]);
    expect(b!.favFoods.map((f) => f.id)).toEqual(['nachos-classic']);
    // Reading another device's preferences is refused.
    const foreign = await load(DEVICE_B, DEVICE_A);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({ code: 'forbidden' });
  });

  it('links devices to a signed-in e-mail so their preferences can be combined', async () => {
    const guest = await save(DEVICE_A, { email: 'erika@example.org', favFoods: [], favDrinks: [], allergenes: [] });
    expect(guest.status).toBe(401);
    const wrong = await save(DEVICE_A, { email: 'erika@example.org', favFoods: [], favDrinks: [], allergenes: [] }, 'user:max');
    expect(wrong.status).toBe(403);

    await save(DEVICE_A, { email: 'Erika@Example.org', favFoods: [fav('churros')], favDrinks: [], allergenes: ['A'] }, 'user:erika');
    await save(DEVICE_B, { email: 'erika@example.org', favFoods: [fav('nachos-classic')], favDrinks: [], allergenes: [] }, 'user:erika');
    const byMail = await t.call(
      'LoadDocs',
      { collectionName: 'userPreferences', query: { email: 'erika@example.org' } },
      { browserId: DEVICE_A, token: 'user:erika' },
    );
    expect(byMail.status).toBe(200);
    const docs = byMail.body.docs as UserPreferences[];
    expect(docs.map((d) => d.deviceId).sort()).toEqual([DEVICE_A, DEVICE_B].sort());
    expect(docs.flatMap((d) => d.favFoods.map((f) => f.id)).sort()).toEqual(['churros', 'nachos-classic']);

    const stranger = await t.call(
      'LoadDocs',
      { collectionName: 'userPreferences', query: { email: 'erika@example.org' } },
      { browserId: DEVICE_A, token: 'user:max' },
    );
    expect(stranger.status).toBe(403);
  });

  it('refuses oversized or malformed updates with a clear error', async () => {
    const tooMany = await save(DEVICE_A, { favFoods: Array.from({ length: 201 }, (_, i) => fav(`item-${i}`)) });
    expect(tooMany.status).toBe(400);
    expect((tooMany.body.error as { message: string }).message).toMatch(/favFoods/);
    const noId = await save(DEVICE_A, { favFoods: [{ nameToDisplay: 'x' } as never] });
    expect(noId.status).toBe(400);
  });
});
