import { navigateToUrl } from 'single-spa';
import { emit, on, type PushEnableOutcome } from '@shop/shared/bus';
import { pushTokenStore } from '@shop/shared/stores';
import { loadExposed } from '../federation/remotes';

/** mf-account's exposed push module (mf-account/src/push/index.ts). */
interface PushModule {
  enable(): Promise<PushEnableOutcome>;
  refresh(): Promise<void>;
}

let loading: Promise<PushModule> | null = null;
function pushModule(): Promise<PushModule> {
  loading ??= loadExposed<PushModule>('mf_account/push').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Shows a received message in the in-app box, after checking it like any input (the contract's
 * schema, loaded with the first message: most visits never get one).
 */
export function announcePushMessage(raw: unknown): void {
  void import('@shop/shared/contract').then(({ pushMessage }) => {
    const parsed = pushMessage.safeParse(raw);
    if (parsed.success) emit('shell:push-message', { message: parsed.data });
  });
}

/**
 * What the service worker passes on: an FCM message while the shop is open (to the in-app box), or
 * a tapped notification's page (navigated to within the running shop).
 */
function fromServiceWorker(data: unknown): void {
  if (typeof data !== 'object' || data === null) return;
  const { type, message, link } = data as { type?: unknown; message?: unknown; link?: unknown };
  if (type === 'shop:push') announcePushMessage(message);
  if (type === 'shop:open' && typeof link === 'string' && /^\/(?!\/)/.test(link)) navigateToUrl(link);
}

/**
 * Push messages in the shell (docs/adr/0024-push-messages.md): loads mf-account's push module when a guest asks for
 * messages ('account:push-enable') and at start where this device has a token (to renew and store
 * it), so guests without push never download it; passes FCM messages the service worker receives
 * while the shop is open on to the in-app box. Local-token messages come over the events stream
 * (server-events.ts).
 */
export function startPushBridge(): void {
  on('account:push-enable').subscribe(({ id }) => {
    void pushModule()
      .then((mod) => mod.enable())
      .catch((error: unknown): PushEnableOutcome => {
        console.warn('[shell] push messages could not be switched on', error);
        return 'failed';
      })
      .then((outcome) => emit('account:push-result', { id, outcome }));
  });
  if (pushTokenStore.get()) {
    void pushModule()
      .then((mod) => mod.refresh())
      .catch((error: unknown) => console.warn('[shell] the push token could not be renewed', error));
  }
  if ('serviceWorker' in navigator) navigator.serviceWorker.addEventListener('message', (event) => fromServiceWorker(event.data));
}
