// Push messages (requirements#entities, requirements#push, requirements#calls "Store push token"; requirements#checkout-behaviour; docs/adr/0024-push-messages.md):
// token storage and its rules, SaveAppSettings, the order's token, the ready message when the
// kitchen marks an order ready, topic messages, and both providers: FCM through the official
// firebase-admin SDK against a local server that answers as Google (token endpoint + FCM HTTP v1),
// and the offline default over the events stream.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Menu, PushTopics, SavedOrder, ServerEvent } from '@shop/shared/contract';
import { defaultPushTopics, localPushToken } from '@shop/shared/domain/push';
import { formatEuro } from '@shop/shared/domain/money';
import { hostDescriptor } from '@shop/shared/contract';
import { pushTokens } from '../src/db/schema';
import { pushProviderOf } from '../src/deploy/descriptors';
import { pushChannel } from '../src/push/local-provider';
import { sendTopicMessage } from '../src/push';
import { applicationDatabase } from './support/databases';
import { startFcmFake, type FcmFake } from './support/fcm-fake';
import { takeawayDraft } from './support/orders';
import { staffChange, testVerifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

const device = (n: number) => `push-device-${String(n).padStart(4, '0')}-0000-0000-000000000000`;
/** An FCM registration token's shape: a 22-character installation id, ':APA91b' and the registration. */
const fcmToken = (name: string) => `${`fid-${name}`.padEnd(22, 'x').slice(0, 22)}:APA91b${'x'.repeat(60)}_${name}`;

async function menus(t: TestApi): Promise<Menu> {
  const food = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  const drinks = (await t.call('PullDrinkMenu', {})).body.menu as Menu;
  return [...food, ...drinks];
}

async function storeToken(t: TestApi, deviceId: string, token: string, opts: { as?: string; claimedDevice?: string } = {}) {
  return t.call(
    'DocUpserter',
    { collectionName: 'pushTokens', updates: { deviceId: opts.claimedDevice ?? deviceId, pushToken: token }, subjectKey: 'deviceId', autoRetry: true },
    { browserId: deviceId, ...(opts.as ? { token: opts.as } : {}) },
  );
}

async function saveSettings(t: TestApi, deviceId: string, pushTopics: PushTopics, extra: { pushToken?: string | null; as?: string } = {}) {
  return t.call(
    'SaveAppSettings',
    { pushTopics, ...(extra.pushToken !== undefined ? { pushToken: extra.pushToken } : {}) },
    { browserId: deviceId, ...(extra.as ? { token: extra.as } : {}) },
  );
}

async function rowOf(t: TestApi, deviceId: string) {
  const [row] = await t.api.database.db.select().from(pushTokens).where(eq(pushTokens.deviceId, deviceId));
  return row;
}

async function placeOrder(
  t: TestApi,
  menu: Menu,
  deviceId: string,
  lines: { itemId: string }[],
  extra: { pushToken?: string; as?: string } = {},
): Promise<SavedOrder> {
  const draft = takeawayDraft(menu, lines, extra.pushToken ? { pushToken: extra.pushToken } : {});
  const res = await t.call('SaveNewOrder', { order: draft }, { browserId: deviceId, ...(extra.as ? { token: extra.as } : {}) });
  expect(res.status, JSON.stringify(res.body.error)).toBe(200);
  return res.body.order as SavedOrder;
}

/** A raw SSE reader: the stream's text so far, and a wait for a part of it (the test timeout guards a missing one). */
async function openStream(url: string): Promise<{ text(): string; until(found: (text: string) => boolean): Promise<void>; close(): void }> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal, headers: { accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  let text = '';
  const waiting: { wake: (() => void) | null } = { wake: null };
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      waiting.wake?.();
    }
  })().catch(() => undefined);
  return {
    text: () => text,
    async until(found) {
      while (!found(text)) await new Promise<void>((resolve) => (waiting.wake = resolve));
    },
    close: () => abort.abort(),
  };
}

describe.each(applicationDatabase())('push messages through FCM (firebase-admin against a local FCM) on $name', (database) => {
  let fake: FcmFake;
  let t: TestApi;
  let menu: Menu;

  beforeAll(async () => {
    fake = await startFcmFake();
    t = await startTestApi(await database.open(), {
      verifier: testVerifier,
      env: { FCM_CREDENTIALS: fake.serviceAccountFile, FCM_PROJECT_ID: fake.projectId, FCM_API_BASE: fake.url },
    });
    menu = await menus(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('stores a device’s own token (DocUpserter pushTokens) with all topics on; another device’s id and malformed tokens are refused', async () => {
    const token = fcmToken('anna');
    const ok = await storeToken(t, device(1), token);
    expect(ok.status).toBe(200);
    expect(ok.body.doc).toEqual({ pushToken: token, pushTopics: defaultPushTopics() });
    expect(await rowOf(t, device(1))).toMatchObject({ token, kind: 'fcm', topics: defaultPushTopics(), fuid: null });

    const foreign = await storeToken(t, device(2), fcmToken('mallory'), { claimedDevice: device(1) });
    expect(foreign.status).toBe(403);
    expect((await rowOf(t, device(1)))?.token).toBe(token);

    for (const bad of ['', 'not a token', 'local:short', '<img src=x>', 'x'.repeat(5000)]) {
      const res = await storeToken(t, device(3), bad);
      expect(res.status, bad.slice(0, 20)).toBe(400);
    }
    expect(await rowOf(t, device(3))).toBeUndefined();
  });

  it('moves a token to the device that stores it last (a token belongs to one device)', async () => {
    const token = fcmToken('moved');
    await storeToken(t, device(10), token);
    await storeToken(t, device(11), token);
    expect((await rowOf(t, device(10)))?.token).toBeNull();
    expect((await rowOf(t, device(11)))?.token).toBe(token);
  });

  it('sends "Deine Bestellung ist abholbereit!" through FCM when the kitchen marks the order ready, to the token of the device that ordered', async () => {
    const token = fcmToken('erika');
    // The order carries the device's token (requirements#order-entities pushToken); SaveNewOrder stores it for the device.
    const order = await placeOrder(t, menu, device(20), [{ itemId: 'tacos-al-pastor' }], { pushToken: token });
    expect((await rowOf(t, device(20)))?.token).toBe(token);
    const before = fake.sent.length;
    await staffChange(t, order.uniqueOrderId, 'confirm');
    await t.api.push.idle();
    expect(fake.sent.length).toBe(before);

    await staffChange(t, order.uniqueOrderId, 'ready');
    await t.api.push.idle();
    const sent = fake.sent.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.project).toBe(fake.projectId);
    expect(sent[0]!.host).toBe('fcm.googleapis.com');
    expect(sent[0]!.message).toEqual({
      token,
      data: {
        kind: 'orderReady',
        title: 'Deine Bestellung ist abholbereit!',
        body: `Summe: ${formatEuro(order.total)} · Bestellnummer ${order.orderNumber}`,
        link: `/Bestellung/${order.uniqueOrderId}`,
        tag: `${order.uniqueOrderId}-food`,
      },
      webpush: { headers: { Urgency: 'high', TTL: '3600' } },
    });
    // The access token came from the service account's signed JWT at Google's token endpoint.
    expect(fake.requests.some((r) => r.host === 'oauth2.googleapis.com' && r.path === '/token')).toBe(true);
    expect(fake.issuedTokens.length).toBeGreaterThan(0);

    // Marking it ready again (another board) sends nothing more.
    const again = await t.call('UpdateOrderStatus', { uniqueOrderId: order.uniqueOrderId, change: 'ready' }, { token: 'staff:kueche' });
    expect(again.status).toBe(200);
    await t.api.push.idle();
    expect(fake.sent.length).toBe(before + 1);
  });

  it('sends the drinks and the food separately when the kitchen readies them one after the other', async () => {
    const token = fcmToken('paula');
    await storeToken(t, device(21), token);
    const order = await placeOrder(t, menu, device(21), [{ itemId: 'tacos-al-pastor' }, { itemId: 'drink-horchata' }]);
    await staffChange(t, order.uniqueOrderId, 'confirm');
    const before = fake.sent.length;
    await staffChange(t, order.uniqueOrderId, 'ready', { part: 'drinks' });
    await t.api.push.idle();
    await staffChange(t, order.uniqueOrderId, 'ready', { part: 'food' });
    await t.api.push.idle();
    expect(fake.sent.slice(before).map((s) => [s.message.token, s.message.data.title])).toEqual([
      [token, 'Deine Getränke sind abholbereit!'],
      [token, 'Deine Bestellung ist abholbereit!'],
    ]);
  });

  it('reaches the other devices of a signed-in account too, and never returns the token in the order', async () => {
    const phone = fcmToken('jonas-phone');
    const tablet = fcmToken('jonas-tablet');
    await storeToken(t, device(30), phone, { as: 'user:jonas' });
    await storeToken(t, device(31), tablet, { as: 'user:jonas' });
    const order = await placeOrder(t, menu, device(30), [{ itemId: 'tacos-al-pastor' }], { as: 'user:jonas' });
    const loaded = await t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId } }, { browserId: device(30) });
    expect((loaded.body.docs as SavedOrder[])[0]).not.toHaveProperty('pushToken');
    await staffChange(t, order.uniqueOrderId, 'confirm');
    const before = fake.sent.length;
    await staffChange(t, order.uniqueOrderId, 'ready');
    await t.api.push.idle();
    expect(
      fake.sent
        .slice(before)
        .map((s) => s.message.token)
        .sort(),
    ).toEqual([phone, tablet].sort());
  });

  it('forgets a token FCM answers UNREGISTERED (404) or SENDER_ID_MISMATCH (403) for, and keeps the device’s topics', async () => {
    const gone = fcmToken('gone');
    const foreign = fcmToken('foreign');
    await storeToken(t, device(40), gone);
    await saveSettings(t, device(40), { news: true, coupons: false, loyalty: true });
    await storeToken(t, device(41), foreign);
    fake.unregister(gone);
    fake.foreign(foreign);
    const report = await t.api.push.sendToTokens([gone, foreign], { kind: 'news', title: 'Neu bei uns' }, 60);
    expect(report).toEqual({ sent: 0, failed: 2, removed: 2 });
    expect(await rowOf(t, device(40))).toMatchObject({ token: null, kind: null, topics: { news: true, coupons: false, loyalty: true } });
    expect((await rowOf(t, device(41)))?.token).toBeNull();
  });

  it('sends a topic message (sendTopicMessage) only to the devices that want the topic', async () => {
    const [a, b, c] = [fcmToken('topic-a'), fcmToken('topic-b'), fcmToken('topic-c')];
    await storeToken(t, device(50), a);
    await storeToken(t, device(51), b);
    await saveSettings(t, device(51), { news: true, coupons: false, loyalty: true });
    await storeToken(t, device(52), c);
    await saveSettings(t, device(52), { news: false, coupons: true, loyalty: false }, { pushToken: null });
    const before = fake.sent.length;
    const report = await sendTopicMessage(t.api, 'coupons', {
      kind: 'coupons',
      title: 'TACODEAL: 2 Tacos zum Preis von einem',
      body: 'Nur heute im Shop.',
      image: '/media/news-tacos.svg',
      link: '/Sortiment',
    });
    const tokens = fake.sent.slice(before).map((s) => s.message.token);
    expect(tokens).toContain(a);
    expect(tokens).not.toContain(b);
    expect(tokens).not.toContain(c);
    expect(report.sent).toBe(tokens.length);
    expect(fake.sent.slice(before).find((s) => s.message.token === a)?.message).toMatchObject({
      data: { kind: 'coupons', title: 'TACODEAL: 2 Tacos zum Preis von einem', body: 'Nur heute im Shop.', image: '/media/news-tacos.svg', link: '/Sortiment' },
      webpush: { headers: { TTL: String(24 * 60 * 60) } },
    });
    await expect(sendTopicMessage(t.api, 'news', { kind: 'news', title: '', link: 'https://evil.example' })).rejects.toThrow();
  });

  it('tells the host’s browsers to use FCM only with the web config in its descriptor', () => {
    const base = hostDescriptor.parse({
      hosts: ['shop.example'],
      branch: { filialnummer: 1, defaultPlz: '20099', defaultCity: 'Hamburg', pickupAddress: 'x', inhouse: false },
      remotes: { mf_menu: '0.1.0', mf_cart: '0.1.0', mf_checkout: '0.1.0', mf_account: '0.1.0', mf_orders: '0.1.0' },
      firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' },
    });
    const web = { ...base, firebase: { ...base.firebase!, messagingSenderId: '1234567890', appId: '1:1234567890:web:abc', vapidKey: 'B'.repeat(87) } };
    expect(pushProviderOf(base, 'fcm')).toBe('local');
    expect(pushProviderOf(web, 'fcm')).toBe('fcm');
    expect(pushProviderOf(web, 'local')).toBe('local');
    expect(t.api.push.mode).toBe('fcm');
  });
});

describe.each(applicationDatabase())('push messages without FCM keys (the offline default over the events stream) on $name', (database) => {
  let t: TestApi;
  let menu: Menu;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier: testVerifier });
    menu = await menus(t);
  });
  afterAll(async () => t?.close());

  it('delivers the ready message to the device’s push channel, named after its token', async () => {
    const token = localPushToken(new Uint8Array(32).fill(3));
    expect((await storeToken(t, device(60), token)).status).toBe(200);
    const heard: ServerEvent[] = [];
    const off = t.api.events.subscribe(pushChannel(token), (e) => heard.push(e));
    await off.ready;
    const order = await placeOrder(t, menu, device(60), [{ itemId: 'tacos-al-pastor' }]);
    await staffChange(t, order.uniqueOrderId, 'confirm');
    await staffChange(t, order.uniqueOrderId, 'ready');
    await t.api.push.idle();
    off();
    expect(heard).toEqual([
      {
        type: 'pushMessage',
        message: {
          kind: 'orderReady',
          title: 'Deine Bestellung ist abholbereit!',
          body: `Summe: ${formatEuro(order.total)} · Bestellnummer ${order.orderNumber}`,
          link: `/Bestellung/${order.uniqueOrderId}`,
          tag: `${order.uniqueOrderId}-food`,
        },
      },
    ]);
    expect(pushChannel(token)).not.toContain(token.slice(6));
    expect(t.api.push.mode).toBe('local');
  });

  it('a stream ticket with the local push token: the device hears its messages as "push" events; a malformed token is refused', async () => {
    await t.api.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.api.app.server.address() as AddressInfo).port}`;
    const token = localPushToken(new Uint8Array(32).fill(5));
    const issued = await t.call('IssueStreamTicket', { channels: ['shop'], push: token });
    expect(issued.body).toMatchObject({ events: ['shop', 'push'], refused: [] });
    const stream = await openStream(`${base}/api/events?ticket=${issued.body.ticket as string}`);
    await stream.until((b) => b.includes('event: push\ndata: {"type":"hello"'));
    expect(stream.text()).not.toContain(token.slice(6));
    const report = await t.api.push.sendToTokens([token], { kind: 'news', title: 'Neu: Horchata', body: 'Frisch gemacht.', link: '/Getraenke' }, 60);
    expect(report).toEqual({ sent: 1, failed: 0, removed: 0 });
    await stream.until((b) => b.includes('"type":"pushMessage"'));
    expect(stream.text()).toContain(
      `event: push\ndata: ${JSON.stringify({ type: 'pushMessage', message: { kind: 'news', title: 'Neu: Horchata', body: 'Frisch gemacht.', link: '/Getraenke' } })}`,
    );
    stream.close();

    const malformed = await t.call('IssueStreamTicket', { channels: ['shop'], push: 'local:not-a-token' });
    expect(malformed.body).toMatchObject({ events: ['shop'], refused: ['push'] });
    const refused = await openStream(`${base}/api/events?ticket=${malformed.body.ticket as string}`);
    await refused.until((b) => b.includes('event: shop'));
    expect(refused.text()).not.toContain('event: push');
    refused.close();
  });

  it('keeps an FCM token but sends nothing to it without FCM keys', async () => {
    const token = fcmToken('no-fcm');
    expect((await storeToken(t, device(61), token)).status).toBe(200);
    const report = await t.api.push.sendToTokens([token], { kind: 'news', title: 'Hallo' }, 60);
    expect(report).toEqual({ sent: 0, failed: 1, removed: 0 });
    expect((await rowOf(t, device(61)))?.token).toBe(token);
  });

  it('SaveAppSettings: saves the device’s topics and token; a signed-in user’s choice applies to all the account’s devices', async () => {
    const token = localPushToken(new Uint8Array(32).fill(9));
    const res = await saveSettings(t, device(70), { news: false, coupons: true, loyalty: true }, { pushToken: token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, pushTopics: { news: false, coupons: true, loyalty: true }, registered: true });
    expect(await rowOf(t, device(70))).toMatchObject({ token, kind: 'local', fuid: null });

    await storeToken(t, device(71), localPushToken(new Uint8Array(32).fill(10)), { as: 'user:mia' });
    await storeToken(t, device(72), localPushToken(new Uint8Array(32).fill(11)), { as: 'user:mia' });
    const mine = await saveSettings(t, device(71), { news: true, coupons: false, loyalty: false }, { as: 'user:mia' });
    expect(mine.body.pushTopics).toEqual({ news: true, coupons: false, loyalty: false });
    expect((await rowOf(t, device(72)))?.topics).toEqual({ news: true, coupons: false, loyalty: false });
    // Another device's settings are untouched, and a guest cannot reach the account's devices.
    expect((await rowOf(t, device(70)))?.topics).toEqual({ news: false, coupons: true, loyalty: true });
    await saveSettings(t, device(73), { news: false, coupons: false, loyalty: false });
    expect((await rowOf(t, device(72)))?.topics).toEqual({ news: true, coupons: false, loyalty: false });

    // null: the device has no token any more (permission withdrawn); its topics stay.
    const cleared = await saveSettings(t, device(70), { news: false, coupons: true, loyalty: true }, { pushToken: null });
    expect(cleared.body.registered).toBe(false);
    expect(await rowOf(t, device(70))).toMatchObject({ token: null, topics: { news: false, coupons: true, loyalty: true } });
  });

  it('refuses incomplete, unknown or malformed settings with 400', async () => {
    for (const payload of [
      {},
      { pushTopics: { news: true } },
      { pushTopics: { ...defaultPushTopics(), extra: true } },
      { pushTopics: defaultPushTopics(), pushToken: 'x y' },
    ]) {
      const res = await t.call('SaveAppSettings', payload as never, { browserId: device(80) });
      expect(res.status, JSON.stringify(payload)).toBe(400);
    }
  });
});
