import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

export type MailKind = 'confirmation' | 'tickets';
export type MailStatus = 'pending' | 'sent' | 'failed';

/**
 * The mail outbox (ADR 0026): every mail the shop sends (order confirmation, tickets) is written
 * here in the transaction that makes it due, and sent by a worker that claims rows with
 * `FOR UPDATE SKIP LOCKED` for a lease, so several API instances never send one row twice and a
 * failed send is retried with backoff. One mail of a kind per order (unique index).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<MailKind>().notNull(),
    uniqueOrderId: text('unique_order_id').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this instant (backoff after a failed attempt). */
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    /** The worker that holds the row, and until when (a crashed worker's lease runs out). */
    claimedBy: text('claimed_by'),
    claimedUntil: bigint('claimed_until', { mode: 'number' }),
    lastError: text('last_error'),
    /** The SMTP server's answer and Message-ID of the accepted mail. */
    messageId: text('message_id'),
    sentAt: bigint('sent_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('mail_outbox_order_kind_idx').on(t.uniqueOrderId, t.kind),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
