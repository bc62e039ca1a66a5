import { describe, expect, it, vi } from 'vitest';
import { installPushHandlers, shopPushOf, type NotificationEventLike, type PushEventLike, type WindowClientLike } from './push-worker';

const ORIGIN = 'https://shop.example';

/** FCM's web push payload around the shop's data message (as firebase/messaging's service worker reads it). */
const fcmPayload = (data: Record<string, string>) => ({ data, from: '1234567890', fcmMessageId: 'm-1', priority: 'high' });

function scope(windows: WindowClientLike[]) {
  const listeners: { push?: (e: PushEventLike) => void; notificationclick?: (e: NotificationEventLike) => void } = {};
  const s = {
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => undefined) },
    addEventListener: (type: 'push' | 'notificationclick', listener: never) => {
      listeners[type] = listener;
    },
  };
  installPushHandlers(s);
  return {
    s,
    async push(payload: unknown) {
      const work: Promise<unknown>[] = [];
      listeners.push!({ data: { json: () => payload }, waitUntil: (p) => work.push(p) });
      await Promise.all(work);
      return work.length;
    },
    async click(data: unknown) {
      const work: Promise<unknown>[] = [];
      const close = vi.fn();
      listeners.notificationclick!({ notification: { data, close }, waitUntil: (p) => work.push(p) });
      await Promise.all(work);
      return close;
    },
  };
}

const windowClient = (visibilityState: DocumentVisibilityState, url = `${ORIGIN}/`) => ({
  url,
  visibilityState,
  postMessage: vi.fn<(message: unknown) => void>(),
  focus: vi.fn(async () => undefined),
});

const READY = {
  kind: 'orderReady',
  title: 'Deine Bestellung ist abholbereit!',
  body: 'Summe: 17,00 € · Bestellnummer 1001',
  link: '/Bestellung/o-1',
  tag: 'o-1-food',
};

describe('the service worker’s push messages', () => {
  it('reads the shop’s message from FCM’s payload and refuses anything else', () => {
    expect(shopPushOf({ json: () => fcmPayload(READY) })).toEqual(READY);
    expect(shopPushOf({ json: () => fcmPayload({ ...READY, link: '//evil.example/x', image: 'https://evil.example/a.png' }) })).toEqual({
      kind: 'orderReady',
      title: READY.title,
      body: READY.body,
      tag: READY.tag,
    });
    expect(shopPushOf({ json: () => ({ notification: { title: 'not ours' } }) })).toBeNull();
    expect(shopPushOf({ json: () => fcmPayload({ kind: 'news', title: '' }) })).toBeNull();
    expect(
      shopPushOf({
        json: () => {
          throw new SyntaxError('not JSON');
        },
      }),
    ).toBeNull();
    expect(shopPushOf(null)).toBeNull();
  });

  it('hands the message to a visible window of the shop (the in-app box) instead of a notification', async () => {
    const visible = windowClient('visible');
    const hidden = windowClient('hidden');
    const w = scope([visible, hidden]);
    expect(await w.push(fcmPayload(READY))).toBe(1);
    expect(visible.postMessage).toHaveBeenCalledWith({ type: 'shop:push', message: READY });
    expect(hidden.postMessage).not.toHaveBeenCalled();
    expect(w.s.registration.showNotification).not.toHaveBeenCalled();
  });

  it('shows a system notification when no window is visible', async () => {
    const w = scope([windowClient('hidden')]);
    await w.push(fcmPayload({ ...READY, image: '/media/news-tacos.svg' }));
    expect(w.s.registration.showNotification).toHaveBeenCalledWith('Deine Bestellung ist abholbereit!', {
      body: READY.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      image: '/media/news-tacos.svg',
      tag: 'o-1-food',
      data: { link: '/Bestellung/o-1' },
    });
  });

  it('ignores pushes that are not the shop’s', async () => {
    const w = scope([]);
    expect(await w.push({ hello: 'world' })).toBe(0);
    expect(w.s.registration.showNotification).not.toHaveBeenCalled();
  });

  it('a tap on the notification focuses the shop’s window and lets it navigate, or opens the page', async () => {
    const open = windowClient('hidden', `${ORIGIN}/Speisen/all`);
    const w = scope([open]);
    const close = await w.click({ link: '/Bestellung/o-1' });
    expect(close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.postMessage).toHaveBeenCalledWith({ type: 'shop:open', link: '/Bestellung/o-1' });

    const none = scope([]);
    await none.click({ link: '/Bestellung/o-2' });
    expect(none.s.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/Bestellung/o-2`);

    const foreign = scope([]);
    await foreign.click({ link: '//evil.example/phish' });
    expect(foreign.s.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
