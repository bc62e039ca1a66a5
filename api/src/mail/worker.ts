/**
 * Sending the outbox (ADR 0026). A worker claims due mails with `FOR UPDATE SKIP LOCKED` and a lease
 * (claimed_by, claimed_until) in one short statement, sends each through SMTP outside any
 * transaction, and marks it sent (or due again after a backoff) only while it still holds the claim.
 * So several API instances, or two workers of one, never send a row twice; a worker that dies
 * mid-send leaves its rows to be claimed again when the lease ends (the stable Message-ID lets the
 * receiving side recognise such a repeat). A mail that keeps failing is kept as 'failed', never dropped.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { CHECKOUT_CONSTANTS as C } from '@shop/shared/domain/checkout-constants';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

type MailRow = typeof mailOutbox.$inferSelect;

export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Stable per outbox row, so a repeat after a crash is recognisable. */
  readonly messageId: string;
}

/** Sends one mail (SMTP through nodemailer in the shop; anything that throws on failure in tests). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ messageId: string; response: string }>;
  close(): void;
}

export interface MailWorkerDeps {
  readonly db: Db;
  readonly now: () => number;
  readonly transport: MailTransport;
  /** This worker's name (several may run against one database). */
  readonly workerId: string;
  /** The domain of the Message-IDs (`<row id@domain>`). */
  readonly messageDomain: string;
}

export interface SendReport {
  readonly sent: number;
  readonly retried: number;
  readonly failed: number;
}

/** The wait before attempt n+1 after n failed attempts: 30 s, doubling, at most an hour. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(C.mailRetryMaxMs, C.mailRetryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/** Claims up to `limit` due mails for this worker (rows another worker holds are skipped, not waited for). */
export async function claimDueMails(deps: Pick<MailWorkerDeps, 'db' | 'now' | 'workerId'>, limit: number = C.mailBatchSize): Promise<MailRow[]> {
  const now = deps.now();
  const result = await deps.db.execute(sql`
    update ${mailOutbox}
       set claimed_by = ${deps.workerId}, claimed_until = ${now + C.mailLeaseMs}, attempts = attempts + 1
     where id in (
       select id from ${mailOutbox}
        where status = 'pending' and next_attempt_at <= ${now} and (claimed_until is null or claimed_until < ${now})
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked)
    returning id`);
  const ids = (result as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.claimedBy, deps.workerId)));
  return rows.sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id.localeCompare(b.id));
}

async function markSent(deps: MailWorkerDeps, row: MailRow, messageId: string): Promise<void> {
  await deps.db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: deps.now(), messageId, claimedBy: null, claimedUntil: null, lastError: null })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimedBy, deps.workerId)));
}

async function markFailed(deps: MailWorkerDeps, row: MailRow, error: unknown): Promise<'retried' | 'failed'> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const giveUp = row.attempts >= C.mailMaxAttempts;
  await deps.db
    .update(mailOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      nextAttemptAt: deps.now() + mailBackoffMs(row.attempts),
      lastError: message,
      claimedBy: null,
      claimedUntil: null,
    })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimedBy, deps.workerId)));
  return giveUp ? 'failed' : 'retried';
}

/** One round: claim what is due, send it, mark each mail sent or due again. */
export async function sendDueMails(deps: MailWorkerDeps, limit?: number): Promise<SendReport> {
  const rows = await claimDueMails(deps, limit);
  let sent = 0;
  let retried = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const info = await deps.transport.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: `<${row.id}@${deps.messageDomain}>`,
      });
      await markSent(deps, row, info.messageId);
      sent++;
    } catch (error) {
      const outcome = await markFailed(deps, row, error);
      if (outcome === 'failed') {
        failed++;
        console.error(`[mail] ${row.kind} of ${row.uniqueOrderId} failed ${row.attempts} times, kept as failed: ${String(error)}`);
      } else {
        retried++;
        console.warn(`[mail] ${row.kind} of ${row.uniqueOrderId} not sent (attempt ${row.attempts}), retried later: ${String(error)}`);
      }
    }
  }
  return { sent, retried, failed };
}

/** Sent mails are kept for a while (what was sent, for questions), then deleted: they hold personal data. */
export async function forgetOldMails(db: Db, now: number, keepMs: number = C.mailKeepSentMs): Promise<number> {
  const deleted = await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, now - keepMs)))
    .returning({ id: mailOutbox.id });
  return deleted.length;
}
