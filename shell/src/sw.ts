// Service worker (workbox InjectManifest): precaches the shell only. Versioned remote chunks are
// cache-first (immutable); remote manifests/entries, the host descriptor and pages are
// network-first; the API is network-only (ARCHITECTURE.md Releases; Known pitfalls).
import { matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { installPushHandlers, type NotificationEventLike, type PushEventLike, type PushWorkerScope } from './push-worker';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}
interface SwScope extends Omit<PushWorkerScope, 'addEventListener'> {
  __WB_MANIFEST: PrecacheEntry[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}
declare const self: SwScope;

precacheAndRoute(self.__WB_MANIFEST);

/** Server-sent events: left to the browser (below). */
const EVENT_STREAM_PATH = '/api/events';
const HASHED_REMOTE_CHUNK = /^\/mf\/[a-z-]+\/\d+\.\d+\.\d+[^/]*\/.+\.[0-9a-f]{8}\.(js|css|svg|png|webp)$/;

registerRoute(({ url }) => HASHED_REMOTE_CHUNK.test(url.pathname), new CacheFirst({ cacheName: 'shop-remote-chunks' }));
registerRoute(({ url }) => url.pathname.startsWith('/mf/'), new NetworkFirst({ cacheName: 'shop-remote-entries', networkTimeoutSeconds: 4 }));
registerRoute(({ url }) => url.pathname === '/deploy/descriptor.json', new NetworkFirst({ cacheName: 'shop-descriptor', networkTimeoutSeconds: 4 }));
registerRoute(({ url }) => url.pathname.startsWith('/media/'), new CacheFirst({ cacheName: 'shop-media' }));
// The live event stream (GET /api/events) never passes through the worker: a stream the worker
// answers keeps it busy for as long as the page is open, so a new worker could not activate
// (SKIP_WAITING would wait for the stream to end, docs/requirements.md#app-update).
registerRoute(({ url }) => url.pathname.startsWith('/api/') && url.pathname !== EVENT_STREAM_PATH, new NetworkOnly(), 'GET');
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

// Push messages: shown here when no window of the shop is visible (push-worker.ts).
installPushHandlers(self);
