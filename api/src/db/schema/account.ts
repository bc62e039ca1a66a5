import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AppUser } from '@shop/shared/contract';

/** One row per Firebase user (requirements#entities User), written by UpsertAppUser. */
export const appUsers = pgTable(
  'app_users',
  {
    fuid: text('fuid').primaryKey(),
    email: text('email').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    data: jsonb('data').$type<AppUser>().notNull(),
  },
  (t) => [index('app_users_email_idx').on(t.email)],
);

/**
 * Redeemed stamp cards: one row per order that used a full card (the 'stempel-<fuid>' line). The
 * stamp card's score is the points earned by orders minus the points redeemed here.
 */
export const stampRedemptions = pgTable(
  'stamp_redemptions',
  {
    uniqueOrderId: text('unique_order_id').primaryKey(),
    fuid: text('fuid').notNull(),
    points: integer('points').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('stamp_redemptions_fuid_idx').on(t.fuid)],
);

/**
 * Accounts erased within the last hours (DeleteAppUser): an ID token issued before the erasure is
 * refused, so a session of the deleted account cannot write new data under its uid while its
 * token is still valid (Firebase ID tokens live an hour). Keyed by a hash of the uid, never the
 * uid itself; rows older than ERASURE_MEMORY_MS are removed at the next erasure.
 */
export const erasedAccounts = pgTable('erased_accounts', {
  uidHash: text('uid_hash').primaryKey(),
  erasedAt: bigint('erased_at', { mode: 'number' }).notNull(),
});
