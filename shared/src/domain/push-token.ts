/**
 * Push tokens (requirements#entities Push token record; docs/adr/0024-push-messages.md): no dependencies, so the page-wide
 * stores can check a stored token without loading the contract schemas.
 */

/**
 * The offline default's token: 'local:' and 32 random bytes (base64url), made by the device. It is
 * the device's secret: whoever holds it may follow the messages sent to it (GET /api/events?push=).
 */
export const LOCAL_PUSH_TOKEN = /^local:[A-Za-z0-9_-]{43}$/;
/**
 * An FCM registration token as the Firebase Messaging SDK returns it: the app instance's id (a
 * Firebase installation id, 22 characters; 11 for old instance ids), a colon, and the registration
 * ('APA91b' and base64url). About 160 characters; at most FCM_PUSH_TOKEN_MAX.
 */
export const FCM_PUSH_TOKEN = /^[A-Za-z0-9_-]{11,64}:APA91b[A-Za-z0-9_-]{40,500}$/;
export const FCM_PUSH_TOKEN_MAX = 64 + 1 + 6 + 500;

/** Which delivery a token takes: FCM, the offline default (the events stream), or none (not a token). */
export function pushTokenKind(token: string | null | undefined): 'fcm' | 'local' | null {
  if (typeof token !== 'string' || token.length > FCM_PUSH_TOKEN_MAX) return null;
  if (LOCAL_PUSH_TOKEN.test(token)) return 'local';
  if (FCM_PUSH_TOKEN.test(token)) return 'fcm';
  return null;
}

/** A fresh offline-default token from 32 random bytes (the caller passes crypto.getRandomValues' output). */
export function localPushToken(random: Uint8Array): string {
  if (random.length !== 32) throw new Error('A local push token needs 32 random bytes');
  let binary = '';
  for (const byte of random) binary += String.fromCharCode(byte);
  const base64 = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `local:${base64}`;
}
