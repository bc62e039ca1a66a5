import crypto from 'node:crypto';
import { LOCAL_PUSH_TOKEN } from '@shop/shared/contract';
import type { EventBus } from '../events/event-bus';
import type { PushProvider } from './provider';

/**
 * The channel of a device's local token: named after a hash of the token, so the token itself
 * never travels through the event bus (or Redis).
 */
export function pushChannel(token: string): string {
  return `push${crypto.createHash('sha256').update(token).digest('hex').slice(0, 40)}`;
}

/**
 * The offline default (no FCM keys): a message reaches the device over the events stream while the
 * shop is open on it (GET /api/events?push=<token>, the device proving its channel with the token).
 * Nothing is queued: a device that is not listening misses the message, as a closed app misses
 * an in-app box.
 */
export function createLocalPushProvider(events: EventBus): PushProvider {
  let sent = 0;
  return {
    id: 'local',
    async send(token, message) {
      if (!LOCAL_PUSH_TOKEN.test(token)) return { ok: false, gone: true, code: 'invalid-token', message: 'Not a local push token' };
      await events.publish(pushChannel(token), { type: 'pushMessage', message });
      sent += 1;
      return { ok: true, id: `local-${sent}` };
    },
    async close() {},
  };
}
