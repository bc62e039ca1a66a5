import crypto from 'node:crypto';
import { applicationDefault, cert, deleteApp, initializeApp, type Credential } from 'firebase-admin/app';
import { getMessaging } from 'firebase-admin/messaging';
import type { PushMessage } from '@shop/shared/contract';
import type { PushProvider, PushSendResult } from './provider';
import { RedirectAgent } from './redirect-agent';

export interface FcmConfig {
  /** The Firebase project the messages are sent for (POST /v1/projects/{id}/messages:send). */
  readonly projectId: string;
  /** A service account key file (JSON), 'application-default' (ADC), or a Credential object. */
  readonly credentials: string | Credential;
  /** Where the HTTP calls go instead of Google (a local fake in tests, a relay): FCM_API_BASE. */
  readonly apiBase?: string | undefined;
}

/**
 * Error codes after which a token never works again: unregistered (the browser unsubscribed or the
 * token expired), not a valid token, or a token of another project. Its record is deleted.
 */
const GONE = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token', 'messaging/mismatched-credential']);

/** FCM v1 answers an unparseable token with a plain INVALID_ARGUMENT naming the token. */
function invalidToken(code: string, message: string): boolean {
  return code === 'messaging/invalid-argument' && /registration token/i.test(message);
}

/**
 * The message as FCM data (strings only): the service worker and the page draw it themselves, so
 * the in-app box and the notification look the same whichever way it came (docs/adr/0024-push-messages.md).
 */
export function fcmData(message: PushMessage): Record<string, string> {
  const data: Record<string, string> = { kind: message.kind, title: message.title, body: message.body };
  if (message.image) data.image = message.image;
  if (message.link) data.link = message.link;
  if (message.tag) data.tag = message.tag;
  return data;
}

function credentialOf(config: FcmConfig, agent: RedirectAgent | undefined): Credential {
  if (typeof config.credentials !== 'string') return config.credentials;
  if (config.credentials === 'application-default') return applicationDefault(agent);
  return cert(config.credentials, agent);
}

/**
 * Firebase Cloud Messaging through firebase-admin: one named app per provider (its own credential
 * and, with FCM_API_BASE, its own HTTP agent), sending with `messaging.send` (HTTP v1
 * `messages:send`, HTTP/1.1 through the app's agent) one token at a time.
 */
export function createFcmProvider(config: FcmConfig): PushProvider {
  const agent = config.apiBase ? new RedirectAgent(config.apiBase) : undefined;
  const app = initializeApp(
    { credential: credentialOf(config, agent), projectId: config.projectId, ...(agent ? { httpAgent: agent } : {}) },
    `shop-push-${crypto.randomBytes(6).toString('hex')}`,
  );
  const messaging = getMessaging(app);
  return {
    id: 'fcm',
    async send(token, message, { ttlSeconds }): Promise<PushSendResult> {
      try {
        const id = await messaging.send({
          token,
          data: fcmData(message),
          webpush: { headers: { Urgency: 'high', TTL: String(ttlSeconds) } },
        });
        return { ok: true, id };
      } catch (error) {
        const code = typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'unknown';
        const text = error instanceof Error ? error.message : String(error);
        return { ok: false, gone: GONE.has(code) || invalidToken(code, text), code, message: text };
      }
    },
    async close() {
      await deleteApp(app);
      agent?.destroy();
    },
  };
}
