import { emit } from '@shop/shared/bus';
import { currentIdToken } from '@shop/shared/client';
import { orderChannel, PUSH_EVENT } from '@shop/shared/contract/channels';
import { ordersToFollow } from '@shop/shared/domain/orders';
import { pushTokenKind } from '@shop/shared/domain/push-token';
import { authStore, lastOrdersStore, pushTokenStore, refreshAppData, refreshMenu } from '@shop/shared/stores';
import { announcePushMessage } from './push-bridge';
import { applyLiveContent } from './live-content';

interface ServerEventData {
  type: string;
  [key: string]: unknown;
}

/** The `orders` query of the stream: the device's open orders with their access tokens. */
function followedOrders(): string {
  return ordersToFollow(lastOrdersStore.get())
    .map((o) => `${o.uniqueOrderId}.${o.accessToken}`)
    .join(',');
}

/** The device's local push token (the offline default of push messages), or '' when it has none. */
function localPushToken(): string {
  const token = pushTokenStore.get();
  return pushTokenKind(token) === 'local' ? token! : '';
}

/**
 * Server-sent events (shop-spec §4 Events stream): channels 'shop', 'user'+id for a signed-in user
 * and 'order'+id for each open order of this device (with its access token, so a guest without an
 * account is told live too), and the device's push messages where it has a local push token
 * (docs/adr/0024-push-messages.md); accepted only from the same origin; closed while the page is hidden, reopened
 * when visible, and reopened when the followed orders or the push token change.
 */
export function startServerEvents(): void {
  let source: EventSource | null = null;
  let uid: string | null = authStore.getValue()?.uid ?? null;
  let orders = followedOrders();
  let push = localPushToken();

  const handle = (channel: string) => (message: MessageEvent<string>) => {
    if (message.origin !== window.location.origin) return;
    let data: ServerEventData;
    try {
      data = JSON.parse(message.data) as ServerEventData;
    } catch {
      return;
    }
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
    }
    // Subscribed to an order's channel: whatever happened while the stream was closed is fetched now.
    if (data.type === 'hello' && channel.startsWith('order')) emit('orders:order-updated', { uniqueOrderId: channel.slice('order'.length) });
  };

  let generation = 0;
  const open = async () => {
    close();
    const mine = ++generation;
    // The user channel needs the ID token (EventSource cannot send headers).
    const token = uid ? await currentIdToken() : null;
    if (mine !== generation) return;
    const channels = ['shop', ...(uid && token ? [`user${uid}`] : [])];
    const params = new URLSearchParams({ channels: channels.join(',') });
    if (token) params.set('token', token);
    if (orders) params.set('orders', orders);
    if (push) params.set('push', push);
    source = new EventSource(`/api/events?${params.toString()}`);
    for (const channel of channels) source.addEventListener(channel, handle(channel) as EventListener);
    if (push) source.addEventListener(PUSH_EVENT, handle(PUSH_EVENT) as EventListener);
    for (const followed of ordersToFollow(lastOrdersStore.get())) {
      const channel = orderChannel(followed.uniqueOrderId);
      source.addEventListener(channel, handle(channel) as EventListener);
    }
  };
  const close = () => {
    source?.close();
    source = null;
  };

  document.addEventListener('visibilitychange', () => (document.hidden ? close() : void open()));
  authStore.subscribe((user) => {
    const next = user?.uid ?? null;
    if (next === uid) return;
    uid = next;
    if (!document.hidden) void open();
  });
  pushTokenStore.value$.subscribe(() => {
    const next = localPushToken();
    if (next === push) return;
    push = next;
    if (!document.hidden) void open();
  });
  lastOrdersStore.value$.subscribe(() => {
    const next = followedOrders();
    if (next === orders) return;
    orders = next;
    if (!document.hidden) void open();
  });
  if (!document.hidden) void open();
}
