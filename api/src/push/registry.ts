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
