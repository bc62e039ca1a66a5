import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PushTopics } from '@shop/shared/contract';

/**
 * Push token records (requirements#entities "Push token record: deviceId, pushToken", App settings
 * pushTopics; docs/adr/0024-push-messages.md): one row per device (its browser id, which never
 * leaves the server), with its current token (FCM or the offline default's), the topics it wants
 * and, when someone is signed in on it, the account. A token belongs to one device at a time.
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    deviceId: text('device_id').primaryKey(),
    /** Null when the device has no token (any more): its topic choice is kept. */
    token: text('token'),
    /** 'fcm' or 'local' (the offline default), derived from the token. */
    kind: text('kind'),
    topics: jsonb('topics').$type<PushTopics>().notNull(),
    fuid: text('fuid'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('push_tokens_token_idx').on(t.token), index('push_tokens_fuid_idx').on(t.fuid)],
);
