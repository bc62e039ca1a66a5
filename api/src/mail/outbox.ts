/**
 * Putting mails into the outbox (ADR 0026): inside the transaction that makes a mail due, so a mail
 * exists exactly when its cause was committed (never lost, never for a rolled-back order). One mail
 * of a kind per order: a second enqueue of the same kind is a no-op (unique index).
 */
import crypto from 'node:crypto';
import type { SavedOrder } from '@shop/shared/contract';
import { orderProductLines } from '@shop/shared/domain/orders';
import { isValidEmail, normalizeEmail } from '@shop/shared/domain/person';
import type { Db } from '../db/client';
import { mailOutbox, type MailKind } from '../db/schema';
import { confirmationMail, ticketsMail, type RenderedMail, type TicketEntry } from './templates';

/** Called after a commit that enqueued mail (the instance's worker sends at once instead of at its next round). */
type Kick = () => void;
const kicks = new WeakMap<object, Kick>();

/** The worker of the API instance that owns this database listens here. */
export function onMailEnqueued(db: Db, kick: Kick): void {
  kicks.set(db, kick);
}

/** Tells this instance's worker that mail is due (after the enqueuing transaction committed). */
export function kickMail(db: Db): void {
  kicks.get(db)?.();
}

function recipientOf(order: SavedOrder): string | null {
  const email = normalizeEmail(order.userInfo.email ?? '');
  return isValidEmail(email) ? email : null;
}

async function enqueue(tx: Db, order: SavedOrder, kind: MailKind, mail: RenderedMail, now: number): Promise<boolean> {
  const recipient = recipientOf(order);
  if (!recipient) return false;
  const inserted = await tx
    .insert(mailOutbox)
    .values({
      id: `mail_${crypto.randomBytes(12).toString('hex')}`,
      kind,
      uniqueOrderId: order.uniqueOrderId,
      recipient,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [mailOutbox.uniqueOrderId, mailOutbox.kind] })
    .returning({ id: mailOutbox.id });
  return inserted.length > 0;
}

/** The order confirmation, for every placed order whose guest gave an e-mail address. */
export function enqueueConfirmation(tx: Db, order: SavedOrder, now: number): Promise<boolean> {
  return enqueue(tx, order, 'confirmation', confirmationMail(order), now);
}

/** Ticket numbers: the order number, the ticket's place and a random check part (not guessable from the order). */
export function ticketEntries(order: SavedOrder): TicketEntry[] {
  const entries: TicketEntry[] = [];
  for (const line of orderProductLines(order)) {
    if (line.type !== 'ticket' && line.ticket !== true) continue;
    for (let i = 0; i < line.count; i++) {
      const check = crypto.randomBytes(4).toString('hex').toUpperCase();
      entries.push({ name: line.nameToDisplay, code: `${order.orderNumber}-${entries.length + 1}-${check}` });
    }
  }
  return entries;
}

/** The tickets of a ticket order, once its money is captured. */
export function enqueueTickets(tx: Db, order: SavedOrder, now: number): Promise<boolean> {
  const tickets = ticketEntries(order);
  if (tickets.length === 0) return Promise.resolve(false);
  return enqueue(tx, order, 'tickets', ticketsMail(order, tickets), now);
}
