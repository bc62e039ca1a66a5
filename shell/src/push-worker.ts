// Push messages in the service worker (requirements#push; docs/adr/0024-push-messages.md). FCM
// delivers its data messages as Web Push: the payload is FCM's JSON with the shop's fields under
// `data`. While a window of the shop is visible the message goes to it (the shell's in-app box);
// otherwise a system notification, whose tap opens the linked page of the shop.

interface ExtendableEvent {
  waitUntil(work: Promise<unknown>): void;
}
export interface PushEventLike extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
export interface NotificationEventLike extends ExtendableEvent {
  readonly notification: { readonly data?: unknown; close(): void };
}
export interface WindowClientLike {
  readonly url: string;
  readonly visibilityState: DocumentVisibilityState;
  postMessage(message: unknown): void;
  focus(): Promise<unknown>;
}
/** What the handlers use of the service worker's global scope. */
export interface PushWorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: { showNotification(title: string, options: NotificationOptions & { image?: string }): Promise<void> };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

export interface ShopPush {
  kind: string;
  title: string;
  body: string;
  image?: string;
  link?: string;
  tag?: string;
}

const text = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.length <= max ? v : undefined);
/** A path of this shop ('/…', never '//host'); the page checks messages again with the contract. */
const shopPath = (v: unknown): string | undefined => {
  const path = text(v, 300);
  return path && /^\/(?!\/)/.test(path) ? path : undefined;
};

/** The shop's message in a push (FCM's payload { data: { kind, title, body, image?, link?, tag? } }); null when it is not one. */
export function shopPushOf(data: PushEventLike['data']): ShopPush | null {
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

async function showPush(scope: PushWorkerScope, message: ShopPush): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const visible = windows.filter((w) => w.visibilityState === 'visible');
  if (visible.length > 0) {
    for (const w of visible) w.postMessage({ type: 'shop:push', message });
    return;
  }
  await scope.registration.showNotification(message.title, {
    body: message.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    ...(message.image ? { image: message.image } : {}),
    ...(message.tag ? { tag: message.tag } : {}),
    data: { link: message.link ?? '/' },
  });
}

async function openShopPage(scope: PushWorkerScope, link: string): Promise<void> {
  const url = new URL(link, scope.location.origin);
  if (url.origin !== scope.location.origin) return;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === scope.location.origin);
  if (open) {
    await open.focus();
    // The shell navigates within the running shop (data/push-bridge.ts).
    open.postMessage({ type: 'shop:open', link: url.pathname + url.search });
    return;
  }
  await scope.clients.openWindow(url.href);
}

/** Registers the service worker's push and notificationclick handlers. */
export function installPushHandlers(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event) => {
    const message = shopPushOf(event.data);
    if (message) event.waitUntil(showPush(scope, message));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const link = shopPath((event.notification.data as { link?: unknown } | undefined)?.link) ?? '/';
    event.waitUntil(openShopPage(scope, link));
  });
}
