import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LastModifiedValues, News, Offer, ServerEvent, UserSettings } from '@shop/shared/contract';
import { serverEvent } from '@shop/shared/contract';
import { applicationDatabase } from './support/databases';
import { testVerifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';
import { testClock } from './support/clock';

const STAFF = { token: 'staff:kueche' };
const GUEST = { token: 'user:mia' };

describe.each(applicationDatabase())('live offers and news, and the spec actions of requirements#calls, on $name', (database) => {
  let t: TestApi;
  let now = testClock.now();
  const pushed: News[] = [];
  let hookFails = false;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier: testVerifier, now: () => now });
  });
  afterAll(async () => t?.close());

  /** Events on the shop channel while `run` runs. */
  const heard = async (run: () => Promise<unknown>): Promise<ServerEvent[]> => {
    const events: ServerEvent[] = [];
    const off = t.api.events.subscribe('shop', (e) => events.push(e));
    await off.ready;
    try {
      await run();
    } finally {
      off();
    }
    return events;
  };

  it('staff only: guests cannot load or change offers and news', async () => {
    expect((await t.call('LoadStaffContent', {})).status).toBe(401);
    expect((await t.call('LoadStaffContent', {}, GUEST)).status).toBe(403);
    expect((await t.call('UpdateOffer', { id: 'veggie-woche', active: false }, GUEST)).status).toBe(403);
    expect((await t.call('SaveNews', { news: { title: 'Gehackt' }, publish: true }, GUEST)).status).toBe(403);
    expect((await t.call('SetNewsActive', { id: 'news-tacos-al-pastor', active: false }, GUEST)).status).toBe(403);
    expect((await t.call('notifyFoodsUpdated', {}, GUEST)).status).toBe(403);
    expect((await t.call('LoadPageViewReport', {}, GUEST)).status).toBe(403);
  });

  it('a changed offer price is announced with the offers in force and their promotions; guests load the new price', async () => {
    const staffView = await t.call('LoadStaffContent', {}, STAFF);
    expect((staffView.body.offers as Offer[]).map((o) => o.id)).toEqual(['horchata-abholung', 'veggie-woche']);
    const events = await heard(() => t.call('UpdateOffer', { id: 'horchata-abholung', offerPrice: 390 }, STAFF));
    expect(events).toHaveLength(1);
    const event = serverEvent.parse(events[0]);
    expect(event).toMatchObject({
      type: 'offersUpdated',
      offers: expect.arrayContaining([expect.objectContaining({ id: 'horchata-abholung', offerPrice: 390 })]),
      offerPromotions: expect.arrayContaining([{ offerId: 'horchata-abholung', itemId: 'drink-horchata', vol: '0,5 l' }]),
    });
    const coupons = await t.call('LoadCoupons', {});
    expect((coupons.body.offers as Offer[]).find((o) => o.id === 'horchata-abholung')?.offerPrice).toBe(390);
  });

  it('switching an offer off takes it out of the offers in force at once; on again brings it back', async () => {
    const off = await heard(() => t.call('UpdateOffer', { id: 'veggie-woche', active: false }, STAFF));
    expect((off[0] as Extract<ServerEvent, { type: 'offersUpdated' }>).offers?.map((o) => o.id)).toEqual(['horchata-abholung']);
    expect(((await t.call('LoadCoupons', {})).body.offers as Offer[]).map((o) => o.id)).toEqual(['horchata-abholung']);
    // The staff still see it (to switch it on again).
    expect(((await t.call('LoadStaffContent', {}, STAFF)).body.offers as Offer[]).find((o) => o.id === 'veggie-woche')?.active).toBe(false);
    await t.call('UpdateOffer', { id: 'veggie-woche', active: true, offerDiscount: 20 }, STAFF);
    expect(((await t.call('LoadCoupons', {})).body.offers as Offer[]).find((o) => o.id === 'veggie-woche')?.offerDiscount).toBe(20);
  });

  it('refuses a price for a percent offer, unknown offers and out-of-range values', async () => {
    const wrongType = await t.call('UpdateOffer', { id: 'veggie-woche', offerPrice: 500 }, STAFF);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatchObject({ userMessage: expect.stringContaining('Rabatt') });
    expect((await t.call('UpdateOffer', { id: 'nope', active: true }, STAFF)).status).toBe(404);
    expect((await t.call('UpdateOffer', { id: 'horchata-abholung', offerPrice: 0 }, STAFF)).status).toBe(400);
    expect((await t.call('UpdateOffer', { id: 'veggie-woche', offerDiscount: 95 }, STAFF)).status).toBe(400);
  });

  it('a published news item is announced with the published news, is listed for guests and reaches the news hook once', async () => {
    now += 60_000;
    const before = await t.call('GetLastModifiedValues', {});
    const events = await heard(() =>
      t.call(
        'SaveNews',
        { news: { title: 'Neu: Churros mit Dulce de Leche', teaser: 'Ab heute', body: 'Warm und knusprig.', tag: 'Speisekarte' }, publish: true },
        STAFF,
      ),
    );
    const event = events[0] as Extract<ServerEvent, { type: 'newsUpdated' }>;
    expect(event.type).toBe('newsUpdated');
    expect(event.news?.[0]).toMatchObject({ title: 'Neu: Churros mit Dulce de Leche', active: true, publishDate: now });
    const id = event.news![0]!.id;
    expect(id).toMatch(/^news-neu-churros-mit-dulce-de-leche-[0-9a-f]{6}$/);
    const listed = await t.call('LoadDocs', { collectionName: 'news', query: { active: true } });
    expect((listed.body.docs as News[])[0]!.id).toBe(id);
    const after = (await t.call('GetLastModifiedValues', {})).body.lastModified as LastModifiedValues;
    expect(after.news).toBe(now);
    expect(after.news).toBeGreaterThan((before.body.lastModified as LastModifiedValues).news);

    // Taking it back: gone for guests, announced; a draft is not listed.
    const back = await heard(() => t.call('SetNewsActive', { id, active: false }, STAFF));
    expect((back[0] as Extract<ServerEvent, { type: 'newsUpdated' }>).news?.map((n) => n.id)).not.toContain(id);
    await t.call('SaveNews', { news: { title: 'Entwurf: Sommerfest' }, publish: false }, STAFF);
    const guests = (await t.call('LoadDocs', { collectionName: 'news', query: { active: true } })).body.docs as News[];
    expect(guests.map((n) => n.title)).not.toContain('Entwurf: Sommerfest');
    expect(guests.map((n) => n.id)).not.toContain(id);
    const all = (await t.call('LoadStaffContent', {}, STAFF)).body.news as News[];
    expect(all.map((n) => n.title)).toEqual(expect.arrayContaining(['Entwurf: Sommerfest', 'Neu: Churros mit Dulce de Leche']));
  });

  it('validates news input', async () => {
    expect((await t.call('SaveNews', { news: { title: 'ab' }, publish: true }, STAFF)).status).toBe(400);
    expect((await t.call('SaveNews', { news: { title: 'Bild', image: 'https://evil.example/x.png' }, publish: true }, STAFF)).status).toBe(400);
    expect((await t.call('SaveNews', { id: 'nope', news: { title: 'Gibt es nicht' }, publish: true }, STAFF)).status).toBe(404);
    expect((await t.call('SaveNews', { news: { title: 'x'.repeat(121) }, publish: true }, STAFF)).status).toBe(400);
  });

  it('GetLastModifiedValues and notifyAppLoaded answer the stamps; notifyFoodsUpdated (staff) bumps the food menu and announces it', async () => {
    const loaded = await t.call('notifyAppLoaded', { appVersion: '0.1.0' });
    expect(loaded.status).toBe(200);
    expect(loaded.body.serverNow).toBe(now);
    const stamps = loaded.body.lastModified as LastModifiedValues;
    expect(Object.keys(stamps).sort()).toEqual(['appconfig', 'drink', 'food', 'news', 'offers']);
    now += 5_000;
    const events = await heard(async () => {
      const res = await t.call('notifyFoodsUpdated', {}, STAFF);
      expect(res.body.lastModified).toBeGreaterThan(stamps.food);
    });
    expect(events).toEqual([{ type: 'menuUpdated', kind: 'food' }]);
    const next = (await t.call('GetLastModifiedValues', {})).body.lastModified as LastModifiedValues;
    expect(next.food).toBeGreaterThan(stamps.food);
    expect(next.drink).toBe(stamps.drink);
    const pulled = await t.call('PullFoodMenu', { lastModified: stamps.food });
    expect(pulled.body.unchanged).toBeUndefined();
    const drinks = await heard(() => t.call('notifyDrinksUpdated', {}, STAFF));
    expect(drinks).toEqual([{ type: 'menuUpdated', kind: 'drink' }]);
  });

  it('SaveUserSettings keeps the signed-in user’s own allergens and favcartsApp; only they read them back', async () => {
    expect((await t.call('SaveUserSettings', { fuid: 'mia', allergenes: ['a'] })).status).toBe(401);
    expect((await t.call('SaveUserSettings', { fuid: 'someone-else', allergenes: ['a'] }, GUEST)).status).toBe(403);
    const saved = await t.call('SaveUserSettings', { fuid: 'mia', allergenes: ['a', 'g'], favcartsApp: [{ id: 'fc-1', name: 'Freitag', items: [] }] }, GUEST);
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ fuid: 'mia', allergenes: ['a', 'g'], favcartsApp: [{ id: 'fc-1', name: 'Freitag', items: [] }] });
    // Only the fields sent change.
    await t.call('SaveUserSettings', { fuid: 'mia', allergenes: ['h'] }, GUEST);
    const read = await t.call('LoadDocs', { collectionName: 'userSettings', query: { fuid: 'mia' } }, GUEST);
    expect((read.body.docs as UserSettings[])[0]).toMatchObject({ allergenes: ['h'], favcartsApp: [{ id: 'fc-1', name: 'Freitag', items: [] }] });
    expect((await t.call('LoadDocs', { collectionName: 'userSettings', query: { fuid: 'mia' } }, { token: 'user:tom' })).status).toBe(403);
    expect((await t.call('SaveUserSettings', { fuid: 'mia', allergenes: Array.from({ length: 41 }, () => 'a') }, GUEST)).status).toBe(400);
  });

  it('GetDebugInfo: staff only on a host without enableDebugParams (everyone else gets a 404); everyone on the preview host that enables it', async () => {
    expect((await t.call('GetDebugInfo', {})).status).toBe(404);
    expect((await t.call('GetDebugInfo', {}, GUEST)).status).toBe(404);
    const staff = await t.call('GetDebugInfo', {}, STAFF);
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({ allowedAs: 'staff', contract: { current: expect.any(Number) }, host: { filialnummer: expect.any(Number) } });
    // deploy/hosts/preview.json: "features": { "enableDebugParams": true }.
    // With the preview host's (development) token: it is reachable only with it (docs/requirements.md#preview-apart).
    const preview = await t.call('GetDebugInfo', {}, { host: 'preview.localhost', cookie: 'shop_preview=vorschau-lokal' });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ allowedAs: 'flag', host: { hosts: expect.arrayContaining(['preview.localhost']), preview: true } });
  });

  it('the legal pages say what the consent and the statistics store and send', async () => {
    const pages = (await t.call('LoadPages', {})).body.pages as { name: string; body: { heading?: string; text: string }[] }[];
    const text = (name: string) =>
      pages
        .find((p) => p.name === name)!
        .body.map((b) => `${b.heading ?? ''} ${b.text}`)
        .join(' ');
    for (const name of ['Datenschutz', 'Cookies']) {
      expect(text(name), name).toContain('§ 25 Abs. 1 TDDDG');
      expect(text(name), name).toContain('IP-Adresse');
      expect(text(name), name).toContain('Datenschutz-Einstellungen');
    }
    expect(text('Datenschutz')).toContain('Art. 6 Abs. 1 lit. a DSGVO');
    expect(text('Datenschutz')).toContain('etwa 360 Tage, ohne Statistik einen Tag');
    expect(text('Datenschutz')).toContain('Prüfcode nur als nicht umkehrbaren Prüfwert');
    expect(text('Cookies')).toContain('deine Datenschutz-Einstellung (Statistik ja oder nein)');
    expect(text('Cookies')).not.toContain('deshalb fragen wir auch nicht nach einer Einwilligung');
    // Push exists (ADR 0024): the policy names the token, the topics, FCM and how to stop it.
    expect(text('Datenschutz')).not.toContain('sendet keine Push-Benachrichtigungen');
    expect(text('Datenschutz')).toContain('Geräte-Token deines Browsers');
    expect(text('Datenschutz')).toContain('Firebase Cloud Messaging');
    expect(text('Cookies')).toContain('das Geräte-Token dafür');
  });

  it('page views: counted per route, day and device class; unknown route names refused; the staff report sums them', async () => {
    for (const route of ['Home', 'Korb', 'notFound']) expect((await t.call('LogPageView', { route, deviceClass: 'xxs' })).body.counted).toBe(true);
    // The same device on the same route within the minute counts once (requirements#security); another device counts.
    expect((await t.call('LogPageView', { route: 'Home', deviceClass: 'xxs' })).body).toMatchObject({ ok: true, counted: false });
    expect((await t.call('LogPageView', { route: 'Home', deviceClass: 'xxs' }, { browserId: 'page-view-device-0000-0000-000000000002' })).body.counted).toBe(
      true,
    );
    await t.call('LogPageView', { route: 'Home', deviceClass: 'md' }, { browserId: 'page-view-device-0000-0000-000000000003' });
    expect((await t.call('LogPageView', { route: 'EvilRoute', deviceClass: 'xxs' })).status).toBe(400);
    expect((await t.call('LogPageView', { route: 'Home/../x', deviceClass: 'xxs' })).status).toBe(400);
    expect((await t.call('LogPageView', { route: 'Home', deviceClass: 'huge' } as never)).status).toBe(400);
    const report = await t.call('LoadPageViewReport', { days: 7 }, STAFF);
    expect(report.status).toBe(200);
    expect(report.body.days).toHaveLength(7);
    const rows = report.body.rows as { day: string; route: string; deviceClass: string; views: number }[];
    const today = (report.body.days as string[])[6];
    expect(rows.filter((r) => r.day === today)).toEqual([
      { day: today, route: 'Home', deviceClass: 'md', views: 1 },
      { day: today, route: 'Home', deviceClass: 'xxs', views: 2 },
      { day: today, route: 'Korb', deviceClass: 'xxs', views: 1 },
      { day: today, route: 'notFound', deviceClass: 'xxs', views: 1 },
    ]);
    expect((await t.call('LoadPageViewReport', { days: 91 }, STAFF)).status).toBe(400);
  });

  it('the news hook gets each newly published item once; a failing hook does not fail the staff', async () => {
    const hooked = await startTestApi(await database.open(), {
      verifier: testVerifier,
      now: () => now,
      onNewsPublished: async (item) => {
        pushed.push(item);
        if (hookFails) throw new Error('FCM down');
      },
    });
    try {
      const saved = await hooked.call('SaveNews', { news: { title: 'Terrasse geöffnet' }, publish: true }, STAFF);
      const id = (saved.body.news as News).id;
      // Editing it while online sends nothing again; taking it back and publishing again does.
      await hooked.call('SaveNews', { id, news: { title: 'Terrasse geöffnet!', teaser: 'Ab 12 Uhr' }, publish: true }, STAFF);
      await hooked.call('SetNewsActive', { id, active: false }, STAFF);
      hookFails = true;
      const again = await hooked.call('SetNewsActive', { id, active: true }, STAFF);
      expect(again.status).toBe(200);
      // A draft is not pushed.
      await hooked.call('SaveNews', { news: { title: 'Nur ein Entwurf' }, publish: false }, STAFF);
      expect(pushed.map((n) => n.title)).toEqual(['Terrasse geöffnet', 'Terrasse geöffnet!']);
    } finally {
      await hooked.close();
    }
  });
});
