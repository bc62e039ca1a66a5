// Service worker (workbox InjectManifest): precaches the shell only. Versioned remote chunks are
// cache-first (immutable); remote manifests/entries, the host descriptor and pages are
// network-first; the API is network-only (ARCHITECTURE.md Releases; Known pitfalls).
import { matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}
interface ExtendableEvent {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: { readonly data?: unknown; close(): void };
}
interface WindowClientLike {
  readonly url: string;
  readonly visibilityState: DocumentVisibilityState;
  postMessage(message: unknown): void;
  focus(): Promise<unknown>;
}
interface SwScope {
  __WB_MANIFEST: PrecacheEntry[];
  readonly location: Location;
  readonly registration: { showNotification(title: string, options: NotificationOptions & { image?: string }): Promise<void> };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
declare const self: SwScope;

precacheAndRoute(self.__WB_MANIFEST);

const HASHED_REMOTE_CHUNK = /^\/mf\/[a-z-]+\/\d+\.\d+\.\d+[^/]*\/.+\.[0-9a-f]{8}\.(js|css|svg|png|webp)$/;

registerRoute(({ url }) => HASHED_REMOTE_CHUNK.test(url.pathname), new CacheFirst({ cacheName: 'shop-remote-chunks' }));
registerRoute(({ url }) => url.pathname.startsWith('/mf/'), new NetworkFirst({ cacheName: 'shop-remote-entries', networkTimeoutSeconds: 4 }));
registerRoute(({ url }) => url.pathname === '/deploy/descriptor.json', new NetworkFirst({ cacheName: 'shop-descriptor', networkTimeoutSeconds: 4 }));
registerRoute(({ url }) => url.pathname.startsWith('/media/'), new CacheFirst({ cacheName: 'shop-media' }));
registerRoute(({ url }) => url.pathname.startsWith('/api/'), new NetworkOnly(), 'GET');
registerRoute(({ url }) => url.pathname.startsWith('/api/'), new NetworkOnly(), 'POST');

// Pages: the network first; offline, the precached shell (it renders every route itself).
const pages = new NetworkFirst({ cacheName: 'shop-pages', networkTimeoutSeconds: 4 });
registerRoute(
  ({ request }) => request.mode === 'navigate',
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Push messages (shop-spec §4 Push; docs/adr/0024-push-messages.md). FCM delivers its data messages as Web Push:
// the payload is FCM's JSON with our fields under `data`. While a window of the shop is visible
// the message goes to it (the shell's in-app box); otherwise a system notification, whose tap
// opens the linked page of the shop.
interface ShopPush {
  title: string;
  body: string;
  image?: string;
  link?: string;
  tag?: string;
  kind: string;
}

const text = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.length <= max ? v : undefined);
const shopPath = (v: unknown): string | undefined => {
  const path = text(v, 300);
  return path && /^\/(?!\/)/.test(path) ? path : undefined;
};

/** The message of a push (FCM's payload { data: { kind, title, body, image?, link?, tag? } }); null when it is not ours. */
function shopPushOf(data: PushEvent['data']): ShopPush | null {
  let payload: unknown;
  try {
    payload = data?.json();
  } catch {
    return null;
  }
  const fields = (payload as { data?: Record<string, unknown> } | null)?.data;
  const title = text(fields?.title, 120);
  const kind = text(fields?.kind, 40);
  if (!fields || !title || !kind) return null;
  const image = shopPath(fields.image);
  const link = shopPath(fields.link);
  const tag = text(fields.tag, 120);
  return { kind, title, body: text(fields.body, 500) ?? '', ...(image ? { image } : {}), ...(link ? { link } : {}), ...(tag ? { tag } : {}) };
}

async function showPush(message: ShopPush): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const visible = windows.filter((w) => w.visibilityState === 'visible');
  if (visible.length > 0) {
    for (const w of visible) w.postMessage({ type: 'shop:push', message });
    return;
  }
  await self.registration.showNotification(message.title, {
    body: message.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    ...(message.image ? { image: message.image } : {}),
    ...(message.tag ? { tag: message.tag } : {}),
    data: { link: message.link ?? '/' },
  });
}

async function openShopPage(link: string): Promise<void> {
  const url = new URL(link, self.location.origin);
  if (url.origin !== self.location.origin) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    await open.focus();
    // The shell navigates within the running shop (push-bridge.ts).
    open.postMessage({ type: 'shop:open', link: url.pathname + url.search });
    return;
  }
  await self.clients.openWindow(url.href);
}

self.addEventListener('push', (event) => {
  const message = shopPushOf(event.data);
  if (message) event.waitUntil(showPush(message));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = shopPath((event.notification.data as { link?: unknown } | undefined)?.link) ?? '/';
  event.waitUntil(openShopPage(link));
});
