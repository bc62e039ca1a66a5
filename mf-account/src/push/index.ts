/**
 * Exposed as 'mf_account/push' (docs/adr/0024-push-messages.md): the shell loads it when a guest
 * asks for push messages ('account:push-enable' on the bus, e.g. 'Ja erlauben' on the order page)
 * and at start where this device has a token (refresh). Firebase Messaging is loaded only where
 * the host has FCM.
 */
import { filter, firstValueFrom } from 'rxjs';
import { emit, inform, type PushEnableOutcome } from '@shop/shared/bus';
import type { PushTopics, ResolvedDescriptor } from '@shop/shared/contract';
import type { NotificationSupport } from '@shop/shared/domain/push';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { push as texts } from '@shop/shared/i18n/push';
import { authStore, descriptorStore, pushTokenStore } from '@shop/shared/stores';
import { localTokenSource } from './local-source';
import { retryable, saveSettingsOnServer, saveTokenOnServer } from './server';
import { disablePush, enablePush, refreshPush, storeOnServer, withServerRetries, type TokenFlowDeps, type TokenSource } from './token-flow';
import { pushTopicsStore } from './topics-store';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The browser's notification permission, or 'unsupported' where there are no notifications. */
export function notificationSupport(): NotificationSupport {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return Promise.race([navigator.serviceWorker.ready, sleep(SHOP_CONSTANTS.pushServiceWorkerWaitMs).then(() => null)]);
}

/** FCM where the host has it (and the browser can), else the offline default. */
async function chooseSource(): Promise<TokenSource> {
  const descriptor = await firstValueFrom(descriptorStore.pipe(filter((d): d is ResolvedDescriptor => d !== null)));
  const vapidKey = descriptor.firebase?.vapidKey;
  if (descriptor.push?.provider === 'fcm' && vapidKey) {
    const registration = await serviceWorkerRegistration();
    if (registration) {
      try {
        const { fcmTokenSource } = await import('./fcm-source');
        const source = await fcmTokenSource(vapidKey, registration);
        if (source) return source;
      } catch (error) {
        console.warn('[mf_account] Firebase Messaging is not available, using the offline default', error);
      }
    }
  }
  return localTokenSource(() => pushTokenStore.get());
}

/** The token flow's dependencies in the browser. */
export function browserDeps(): TokenFlowDeps {
  return {
    permission: {
      current: notificationSupport,
      request: () => Notification.requestPermission(),
    },
    source: chooseSource,
    local: { get: () => pushTokenStore.get(), set: (t) => pushTokenStore.set(t), remove: () => pushTokenStore.reset() },
    saveOnServer: saveTokenOnServer,
    removeOnServer: async () => {
      await saveSettingsOnServer(pushTopicsStore.get(), null);
    },
    retryable,
    sleep,
    informBlocked: () => inform(texts.blockedTitle, texts.blockedText),
    log: (message, error) => console.warn(`[mf_account] ${message}`, error ?? ''),
  };
}

/** Switches push messages on for this device after the guest's yes. */
export async function enable(): Promise<PushEnableOutcome> {
  const result = await enablePush(browserDeps());
  void result.stored.then((stored) => {
    if (result.outcome === 'enabled' && !stored) emit('shell:overlay', { kind: 'snackbar', text: texts.failed });
  });
  if (result.outcome === 'failed') emit('shell:overlay', { kind: 'snackbar', text: texts.failed });
  return result.outcome;
}

/** Switches push messages off for this device. */
export function disable(): Promise<void> {
  return disablePush(browserDeps());
}

let linkedUid: string | null = null;

/**
 * At start where the device has a token: renew and store it, and link it to the account when
 * someone signs in on this device (the server takes the account from the ID token).
 */
export async function refresh(): Promise<void> {
  const deps = browserDeps();
  await refreshPush(deps);
  authStore.subscribe((user) => {
    const token = pushTokenStore.get();
    if (!user || !token || user.uid === linkedUid) return;
    linkedUid = user.uid;
    void storeOnServer(deps, token);
  });
}

/** Saves the topic choice locally and on the server (retried like the token). */
export async function saveTopics(topics: PushTopics): Promise<boolean> {
  pushTopicsStore.set(topics);
  return withServerRetries(browserDeps(), () => saveSettingsOnServer(topics), 'saving the push topics');
}
