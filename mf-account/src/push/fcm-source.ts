import { deleteToken, getMessaging, getToken, isSupported } from 'firebase/messaging';
import { getShopFirebaseApp } from '../auth/firebase';
import type { TokenSource } from './token-flow';

/**
 * Firebase Cloud Messaging on the web (firebase/messaging): the token of this browser's push
 * subscription, made with the host's public VAPID key on the shell's service worker registration
 * (the shell's service worker shows background messages, sw.ts). Loaded only where the host has
 * FCM (descriptor push.provider 'fcm'): guests elsewhere never download it.
 */
export async function fcmTokenSource(vapidKey: string, registration: ServiceWorkerRegistration): Promise<TokenSource | null> {
  if (!(await isSupported())) return null;
  const messaging = getMessaging(await getShopFirebaseApp());
  // getToken/deleteToken are deprecated in favour of register/onRegistered (the installation id as
  // the target), which firebase-admin 13.10 cannot send to yet: registration tokens until it can
  // (docs/adr/0024-push-messages.md, "FID registration").
  return {
    kind: 'fcm',
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- registration tokens until firebase-admin sends to FIDs (ADR 0024)
    getToken: () => getToken(messaging, { vapidKey, serviceWorkerRegistration: registration }),
    async deleteToken() {
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- see getToken
      await deleteToken(messaging);
    },
  };
}
