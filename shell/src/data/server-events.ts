import { emit } from '@shop/shared/bus';
import { currentIdToken, liveStreamDeps, openLiveStream } from '@shop/shared/client';
import { SHOP_CHANNEL } from '@shop/shared/contract/channels';
import { ordersToFollow } from '@shop/shared/domain/orders';
import { pushTokenKind } from '@shop/shared/domain/push-token';
import { navigateTo } from '@shop/shared/routes';
import { authStore, lastOrdersStore, pushTokenStore, refreshAppData, refreshMenu, refreshNews } from '@shop/shared/stores';
import { orderToJumpTo } from './order-jump';
import { announcePushMessage } from './push-bridge';
import { applyLiveContent } from './live-content';

interface ServerEventData {
  type: string;
  [key: string]: unknown;
}

/** The device's open orders with their access tokens (sent in the ticket request, never in a URL). */
function followedOrders(): { uniqueOrderId: string; accessToken: string }[] {
  return ordersToFollow(lastOrdersStore.get()).map((o) => ({ uniqueOrderId: o.uniqueOrderId, accessToken: o.accessToken }));
}

/** The device's local push token (the offline default of push messages), or '' when it has none. */
function localPushToken(): string {
  const token = pushTokenStore.get();
  return pushTokenKind(token) === 'local' ? token! : '';
}

/**
 * Server-sent events (requirements#events-stream): channels 'shop', 'user'+id for a signed-in user
 * and 'order'+id for each open order of this device (with its access token, so a guest without an
 * account is told live too), and the device's push messages where it has a local push token
 * (docs/adr/0024-push-messages.md). The stream heals (docs/requirements.md#live-updates-heal): it
 * is opened with a single-use stream ticket (no token in the URL), reopened with backoff after any
 * drop, and whenever it is live again everything it feeds is fetched again (shop content, the
 * followed orders). Closed while the page is hidden, reopened when visible, and reopened when the
 * user, the followed orders or the push token change.
 */
export function startServerEvents(): void {
  let uid: string | null = authStore.getValue()?.uid ?? null;
  let orders = JSON.stringify(followedOrders());
  let push = localPushToken();

  const handle = (channel: string, data: ServerEventData) => {
    emit('shell:server-event', { channel, type: data.type, data });
    if (data.type === 'pushMessage') {
      announcePushMessage(data.message);
      return;
    }
    if (data.type === 'menuUpdated') {
      if (data.kind === 'appconfig') void refreshAppData().catch(() => undefined);
      else void refreshMenu(data.kind === 'drink' ? 'drink' : 'food').catch(() => undefined);
    }
    if (data.type === 'offersUpdated' || data.type === 'newsUpdated') applyLiveContent(data);
    if (data.type === 'orderUpdated' && typeof data.uniqueOrderId === 'string') {
      emit('orders:order-updated', { uniqueOrderId: data.uniqueOrderId });
      const jumpTo = orderToJumpTo(data.uniqueOrderId, lastOrdersStore.get(), window.location.pathname, Date.now());
      if (jumpTo) navigateTo('Bestellung', { uniqueOrderId: jumpTo });
    }
    // Subscribed to an order's channel: whatever happened while the stream was closed is fetched now.
    if (data.type === 'hello' && channel.startsWith('order')) emit('orders:order-updated', { uniqueOrderId: channel.slice('order'.length) });
  };

  const stream = openLiveStream({
    request: async () => {
      // The user channel needs a signed-in user; the ID token goes in the ticket request's header.
      const token = uid ? await currentIdToken() : null;
      const channels = [SHOP_CHANNEL, ...(uid && token ? [`user${uid}`] : [])];
      const followed = followedOrders();
      return { channels, ...(followed.length ? { orders: followed } : {}), ...(push ? { push } : {}) };
    },
    onEvent: (name, data) => handle(name, data),
    // Back after a drop (or a hidden page): shop-wide content may have changed meanwhile.
    onLive: (reconnected) => {
      if (reconnected) void Promise.allSettled([refreshAppData(), refreshMenu('food'), refreshMenu('drink'), refreshNews()]);
    },
    // A refused sign-in (erased account, expired session): the auth store changes and reopens; keep the shop channel coming.
    onRefused: () => true,
    deps: liveStreamDeps(),
  });
  if (document.hidden) stream.pause();

  document.addEventListener('visibilitychange', () => (document.hidden ? stream.pause() : stream.reopen()));
  authStore.subscribe((user) => {
    const next = user?.uid ?? null;
    if (next === uid) return;
    uid = next;
    if (!document.hidden) stream.reopen();
  });
  pushTokenStore.value$.subscribe(() => {
    const next = localPushToken();
    if (next === push) return;
    push = next;
    if (!document.hidden) stream.reopen();
  });
  lastOrdersStore.value$.subscribe(() => {
    const next = JSON.stringify(followedOrders());
    if (next === orders) return;
    orders = next;
    if (!document.hidden) stream.reopen();
  });
}
