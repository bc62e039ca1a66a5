import { describe, expect, it } from 'vitest';
import type { SavedOrder } from '../contract/order';
import { testLine, testOrder } from '../testing/orders';
import { pushMessage, pushToken } from '../contract/push';
import { saveAppSettingsPayload } from '../contract/actions/push';
import { docUpserterPayload } from '../contract/actions/docs';
import {
  defaultPushTopics,
  isExpectedOAuthError,
  isNotGrantedError,
  localPushToken,
  newsMessage,
  offersPickupQuestion,
  orderReadyMessages,
  pushTokenKind,
  rememberAsked,
  showsSharePrompt,
} from './push';
import { showsInApp } from './push-display';
import { SHOP_CONSTANTS } from './shop-constants';

const T0 = Date.UTC(2025, 5, 13, 10, 0);
const FCM_TOKEN = 'fA1b2C3d4E5f6G7h8I9j0K:APA91bH-some_token_part-0123456789abcdefghijklmnopqrstuvwxyz';
const LOCAL_TOKEN = localPushToken(new Uint8Array(32).fill(7));

const line = (type: 'food' | 'drink') => ({ ...testLine({ name: type, type }), id: `${type}-1` });
const order = (overrides: Partial<SavedOrder> = {}): SavedOrder =>
  testOrder({
    createdAt: T0,
    orderData: [line('food'), line('drink')],
    paymentInfo: { amount: 1000, itemsTotal: 1000 },
    uniqueOrderId: 'o-42',
    orderNumber: 42,
    total: 1250,
    ...overrides,
  });

describe('push tokens', () => {
  it('tells FCM registration tokens from the offline default and refuses anything else', () => {
    expect(pushTokenKind(FCM_TOKEN)).toBe('fcm');
    expect(pushTokenKind(LOCAL_TOKEN)).toBe('local');
    expect(pushTokenKind('local:short')).toBeNull();
    expect(pushTokenKind('has spaces in it and is long enough')).toBeNull();
    expect(pushTokenKind('<script>alert(1)</script>')).toBeNull();
    expect(pushTokenKind('x'.repeat(4097))).toBeNull();
    // Any long string is no FCM token (requirements#security): it needs the installation id, ':APA91b' and the registration.
    expect(pushTokenKind('x'.repeat(200))).toBeNull();
    expect(pushTokenKind(`fA1b2C3d4E5f6G7h8I9j0K:${'y'.repeat(100)}`)).toBeNull();
    expect(pushTokenKind(`fA1b2C3d4E5f6G7h8I9j0K:APA91b${'y'.repeat(501)}`)).toBeNull();
    expect(pushTokenKind(`short:APA91b${'y'.repeat(100)}`)).toBeNull();
    expect(pushTokenKind('')).toBeNull();
    expect(pushTokenKind(null)).toBeNull();
  });

  it('makes a local token of 32 random bytes, url-safe', () => {
    const token = localPushToken(Uint8Array.from({ length: 32 }, (_, i) => 250 - i));
    expect(token).toMatch(/^local:[A-Za-z0-9_-]{43}$/);
    expect(() => localPushToken(new Uint8Array(16))).toThrow();
  });

  it('bounds the tokens the contract accepts (DocUpserter pushTokens, SaveAppSettings)', () => {
    expect(pushToken.safeParse(FCM_TOKEN).success).toBe(true);
    expect(pushToken.safeParse('not a token').success).toBe(false);
    const store = (t: string) =>
      docUpserterPayload.safeParse({ collectionName: 'pushTokens', updates: { deviceId: 'd-1', pushToken: t }, subjectKey: 'deviceId', autoRetry: true })
        .success;
    expect(store(LOCAL_TOKEN)).toBe(true);
    expect(store('a b')).toBe(false);
    expect(saveAppSettingsPayload.safeParse({ pushToken: null, pushTopics: defaultPushTopics() }).success).toBe(true);
    expect(saveAppSettingsPayload.safeParse({ pushTopics: { news: true } }).success).toBe(false);
    expect(saveAppSettingsPayload.safeParse({ pushTopics: { ...defaultPushTopics(), spam: true } }).success).toBe(false);
  });

  it('has the topics news, coupons and loyalty, all on by default (requirements#entities, requirements#constants)', () => {
    expect(SHOP_CONSTANTS.pushTopics).toEqual(['news', 'coupons', 'loyalty']);
    expect(defaultPushTopics()).toEqual({ news: true, coupons: true, loyalty: true });
  });
});

describe('token errors (requirements#shop-behaviour)', () => {
  it('recognises errors mentioning an expected OAuth token', () => {
    const fcm = {
      code: 'messaging/token-subscribe-failed',
      message:
        'Messaging: A problem occurred while subscribing the user to FCM: Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    };
    expect(isExpectedOAuthError(fcm)).toBe(true);
    expect(isExpectedOAuthError(new Error('network down'))).toBe(false);
    expect(isExpectedOAuthError(null)).toBe(false);
  });

  it('recognises "not granted"', () => {
    expect(isNotGrantedError({ code: 'messaging/permission-blocked', message: 'The notification permission was not granted and blocked instead.' })).toBe(true);
    expect(isNotGrantedError({ code: 'messaging/permission-default', message: '' })).toBe(true);
    expect(isNotGrantedError(new Error('The notification permission was not granted and dismissed instead.'))).toBe(true);
    expect(isNotGrantedError(new Error('Expected OAuth 2 access token'))).toBe(false);
  });
});

describe('the pickup question after ordering (requirements#checkout-behaviour)', () => {
  const ask = (o: SavedOrder, extra: Partial<{ permission: NotificationPermission | 'unsupported'; askedBefore: boolean; hasToken: boolean }> = {}) =>
    offersPickupQuestion({ order: o, permission: 'default', askedBefore: false, hasToken: false, ...extra });

  it('is asked for a pickup order not ready yet, where the browser has not decided', () => {
    expect(ask(order())).toBe(true);
    expect(ask(order({ usecase: 'selfservice' }))).toBe(true);
  });

  it('is not asked without support, once decided, once asked, or with a token already', () => {
    expect(ask(order(), { permission: 'unsupported' })).toBe(false);
    expect(ask(order(), { permission: 'granted' })).toBe(false);
    expect(ask(order(), { permission: 'denied' })).toBe(false);
    expect(ask(order(), { askedBefore: true })).toBe(false);
    expect(ask(order(), { hasToken: true })).toBe(false);
  });

  it('is not asked for table service, delivery, or an order ready or over', () => {
    expect(ask(order({ usecase: 'tableordering', table: '4' }))).toBe(false);
    expect(ask(order({ usecase: 'delivery' }))).toBe(false);
    expect(ask(order({ abholbereit: true, getraenkeAbholbereit: true }))).toBe(false);
    expect(ask(order({ state: 'Collected' }))).toBe(false);
    expect(ask(order({ state: 'Rejected' }))).toBe(false);
  });

  it('remembers answered orders, newest first, bounded', () => {
    let list: string[] = [];
    for (let i = 0; i < SHOP_CONSTANTS.pushAskedOrdersMax + 5; i++) list = rememberAsked(list, `o-${i}`);
    expect(list).toHaveLength(SHOP_CONSTANTS.pushAskedOrdersMax);
    expect(list[0]).toBe(`o-${SHOP_CONSTANTS.pushAskedOrdersMax + 4}`);
    expect(rememberAsked(['a', 'b'], 'b')).toEqual(['b', 'a']);
  });
});

describe('ready messages (requirements#checkout-behaviour)', () => {
  it('says the order is ready, with the sum and the order number', () => {
    const before = order();
    const [message, ...rest] = orderReadyMessages(before, order({ abholbereit: true }));
    expect(rest).toEqual([]);
    expect(message).toEqual({
      kind: 'orderReady',
      title: 'Deine Bestellung ist abholbereit!',
      body: 'Summe: 12,50\u00a0€ · Bestellnummer 42',
      link: '/Bestellung/o-42',
      tag: 'o-42-food',
    });
    expect(pushMessage.safeParse(message).success).toBe(true);
  });

  it('at a table says the order comes to the table, never that it is ready for pickup (docs/requirements.md#honest-words)', () => {
    const table = { usecase: 'tableordering' as const, table: '7' };
    expect(orderReadyMessages(order(table), order({ ...table, abholbereit: true }))[0]?.title).toBe('Deine Bestellung kommt gleich an deinen Tisch!');
    expect(orderReadyMessages(order(table), order({ ...table, getraenkeAbholbereit: true }))[0]?.title).toBe('Deine Getränke kommen gleich an deinen Tisch!');
    const selfService = { ...table, selfServiceEnabled: true };
    expect(orderReadyMessages(order(selfService), order({ ...selfService, abholbereit: true }))[0]?.title).toBe('Deine Bestellung ist abholbereit!');
  });

  it('says the drinks are ready when only they are', () => {
    const [message] = orderReadyMessages(order(), order({ getraenkeAbholbereit: true }));
    expect(message?.title).toBe('Deine Getränke sind abholbereit!');
    expect(message?.tag).toBe('o-42-drinks');
  });

  it('sends the food message once the drinks were ready before, and one message when both get ready at once', () => {
    expect(orderReadyMessages(order({ getraenkeAbholbereit: true }), order({ getraenkeAbholbereit: true, abholbereit: true })).map((m) => m.title)).toEqual([
      'Deine Bestellung ist abholbereit!',
    ]);
    expect(orderReadyMessages(order(), order({ getraenkeAbholbereit: true, abholbereit: true }))).toHaveLength(1);
  });

  it('sends nothing when nothing became ready', () => {
    expect(orderReadyMessages(order({ abholbereit: true }), order({ abholbereit: true }))).toEqual([]);
    expect(orderReadyMessages(order(), order({ state: 'Confirmed' }))).toEqual([]);
  });
});

describe('the in-app box', () => {
  it('is not shown on the page the message links to', () => {
    expect(showsInApp({ link: '/Bestellung/o-42' }, '/Bestellung/o-42')).toBe(false);
    expect(showsInApp({ link: '/Bestellung/o-42' }, '/')).toBe(true);
    expect(showsInApp({ link: '/Nachricht/n-1?x=1' }, '/Nachricht/n-1')).toBe(false);
    expect(showsInApp({}, '/Bestellung/o-42')).toBe(true);
    expect(showsInApp({ link: '/Bestellung/%E0' }, '/')).toBe(true);
  });

  it('refuses links and images of other sites', () => {
    const base = { kind: 'news', title: 'Neu' } as const;
    expect(pushMessage.safeParse({ ...base, link: '//evil.example/x' }).success).toBe(false);
    expect(pushMessage.safeParse({ ...base, link: 'https://evil.example/x' }).success).toBe(false);
    expect(pushMessage.safeParse({ ...base, link: '/Nachricht/n-1' }).success).toBe(true);
    expect(pushMessage.safeParse({ ...base, image: 'http://cdn.example/a.png' }).success).toBe(false);
    expect(pushMessage.safeParse({ ...base, image: 'https://cdn.example/a.png' }).success).toBe(false);
    expect(pushMessage.safeParse({ ...base, image: '/media/news-tacos.svg' }).success).toBe(true);
  });
});

describe('the share prompt on the order page (requirements#checkout-screens)', () => {
  const DAY = 24 * 60 * 60_000;
  const SNOOZE = SHOP_CONSTANTS.sharePromptSnoozeMs;
  it('shows for takeaway and delivery, never in-house', () => {
    expect(showsSharePrompt(order(), null, T0)).toBe(true);
    expect(showsSharePrompt(order({ usecase: 'delivery' }), null, T0)).toBe(true);
    expect(showsSharePrompt(order({ usecase: 'tableordering', table: '3' }), null, T0)).toBe(false);
    expect(showsSharePrompt(order({ usecase: 'selfservice' }), null, T0)).toBe(false);
    expect(showsSharePrompt(order({ usecase: 'inhouseMobilePayment' }), null, T0)).toBe(false);
  });

  it('stays on the order it was shown for until closed, and is not shown on every visit', () => {
    const shown = { uniqueOrderId: 'o-42', at: T0 - DAY, closed: false };
    expect(showsSharePrompt(order(), shown, T0)).toBe(true);
    expect(showsSharePrompt(order({ uniqueOrderId: 'o-43' }), shown, T0)).toBe(false);
    expect(showsSharePrompt(order({ uniqueOrderId: 'o-43' }), shown, T0 - DAY + SNOOZE)).toBe(true);
  });

  it('stays away for a while after it was closed or used', () => {
    const closed = { uniqueOrderId: 'o-42', at: T0 - DAY, closed: true };
    expect(showsSharePrompt(order(), closed, T0)).toBe(false);
    expect(showsSharePrompt(order(), closed, T0 - DAY + SNOOZE)).toBe(true);
  });

  it('does not show on an order that ended or waits for its payment', () => {
    expect(showsSharePrompt(order({ state: 'Cancelled' }), null, T0)).toBe(false);
    expect(showsSharePrompt(order({ state: 'Rejected' }), null, T0)).toBe(false);
  });
});

describe('news topic message', () => {
  const item = { id: 'news-7', title: 'Neu: Tacos al Pastor', teaser: 'Ab heute in beiden Filialen.', body: 'Lang…', image: '/media/news-tacos.svg' };

  it('carries title, teaser, the shop picture and the link to the item, and passes the message contract', () => {
    const message = newsMessage(item);
    expect(message).toEqual({
      kind: 'news',
      title: 'Neu: Tacos al Pastor',
      body: 'Ab heute in beiden Filialen.',
      image: '/media/news-tacos.svg',
      link: '/Nachricht/news-7',
      tag: 'news:news-7',
    });
    expect(pushMessage.safeParse(message).success).toBe(true);
  });

  it('falls back to the text, clips what is too long, and leaves out pictures of other sites', () => {
    const message = newsMessage({ ...item, title: 'T'.repeat(300), teaser: '', body: 'B'.repeat(900), image: 'https://example.org/x.png' });
    expect(message.title).toHaveLength(120);
    expect(message.body).toHaveLength(500);
    expect(message.image).toBeUndefined();
    expect(pushMessage.safeParse(message).success).toBe(true);
  });
});
