/**
 * Which push providers answer: FCM when FCM_CREDENTIALS is set (a service account key file or
 * 'application-default'), and always the offline default for local tokens (docs/adr/0024-push-messages.md).
 */
import type { ApiConfig } from '../config';
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { createFcmProvider } from './fcm-provider';
import { createLocalPushProvider } from './local-provider';
import { createPushService, type PushService } from './service';

export function createPush(config: ApiConfig, db: Db, events: EventBus, now: () => number): PushService {
  const fcm = config.fcmCredentials
    ? createFcmProvider({ projectId: config.fcmProjectId, credentials: config.fcmCredentials, apiBase: config.fcmApiBase })
    : undefined;
  return createPushService({ db, local: createLocalPushProvider(events), fcm, now });
}

const installed = new WeakMap<object, PushService>();

/** Makes the push service of one API instance known to its handlers (keyed by the instance's database). */
export function installPush(db: Db, push: PushService): void {
  installed.set(db, push);
}

/** The push service of the API instance that owns this database. */
export function pushOf(db: Db): PushService {
  const push = installed.get(db);
  if (!push) throw new Error('No push service is installed for this database (createApi installs one)');
  return push;
}
