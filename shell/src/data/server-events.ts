import { emit } from '@shop/shared/bus';
import { currentIdToken } from '@shop/shared/client';
import { authStore, refreshAppData, refreshMenu } from '@shop/shared/stores';

interface ServerEventData {
  type: string;
  [key: string]: unknown;
}

/**
 * Server-sent events (shop-spec §4 Events stream): channels 'shop' and 'user'+id, accepted only
 * from the same origin; closed while the page is hidden, reopened when visible.
 */
export function startServerEvents(): void {
  let source: EventSource | null = null;
  let uid: string | null = authStore.getValue()?.uid ?? null;

  const handle = (channel: string) => (message: MessageEvent<string>) => {
    if (message.origin !== window.location.origin) return;
    let data: ServerEventData;
    try {
      data = JSON.parse(message.data) as ServerEventData;
    } catch {
      return;
    }
    emit('shell:server-event', { channel, type: data.type, data });
    if (data.type === 'menuUpdated') {
      if (data.kind === 'appconfig') void refreshAppData().catch(() => undefined);
      else void refreshMenu(data.kind === 'drink' ? 'drink' : 'food').catch(() => undefined);
    }
    if (data.type === 'orderUpdated' && typeof data.uniqueOrderId === 'string') {
      emit('orders:order-updated', { uniqueOrderId: data.uniqueOrderId });
    }
  };

  let generation = 0;
  const open = async () => {
    close();
    const mine = ++generation;
    // The user channel needs the ID token (EventSource cannot send headers).
    const token = uid ? await currentIdToken() : null;
    if (mine !== generation) return;
    const channels = ['shop', ...(uid && token ? [`user${uid}`] : [])];
    const query = `channels=${encodeURIComponent(channels.join(','))}${token ? `&token=${encodeURIComponent(token)}` : ''}`;
    source = new EventSource(`/api/events?${query}`);
    source.addEventListener('shop', handle('shop') as EventListener);
    if (uid && token) source.addEventListener(`user${uid}`, handle(`user${uid}`) as EventListener);
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
  if (!document.hidden) void open();
}
