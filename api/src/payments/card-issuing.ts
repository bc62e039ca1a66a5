/**
 * Customer cards a guest can get (ADR 0021). The staff issue a card: a random
 * 12-digit number with a Luhn check digit and a 6-digit check code, kept only as a salted scrypt
 * hash and shown once. Top-ups are ledger entries booked with the balance change in one
 * transaction; a staff request id books once. The signed-in guest adds the card with number and
 * check code; wrong codes are counted per card and lock it after five, so guessing fails even
 * across addresses. A card belongs to one account.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { CustomerCardEntry, StaffCustomerCard } from '@shop/shared/contract';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { accountMayTryCode, cardNumberFrom, claimAttemptsLeft, topUpProblem, type TopUpProblem } from '@shop/shared/domain/customer-cards';
import { cards as texts } from '@shop/shared/i18n/cards';
import { fill } from '@shop/shared/i18n/fill';
import type { Db } from '../db/client';
import { customerCardAccounts, customerCardClaimFailures, customerCardEntries, customerCards } from '../db/schema';
import { CREDIT_ACCOUNT } from './customer-card';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const HASH_BYTES = 32;
const RECENT_CARDS = 30;
const LEDGER_SHOWN = 20;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export class CardError extends Error {
  constructor(
    readonly reason: 'not-found' | 'wrong-code' | 'locked' | 'taken' | 'claimed' | 'request-reused' | 'too-many-attempts' | TopUpProblem,
    message: string,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function newCheckCode(): string {
  return String(crypto.randomInt(0, 10 ** CHECKOUT_CONSTANTS.customerCardCheckCodeDigits)).padStart(CHECKOUT_CONSTANTS.customerCardCheckCodeDigits, '0');
}

function newCardNumber(): string {
  const body = Array.from({ length: CHECKOUT_CONSTANTS.customerCardNumberDigits - 1 }, (_, i) => String(crypto.randomInt(i === 0 ? 1 : 0, 10))).join('');
  return cardNumberFrom(body);
}

export async function hashCheckCode(code: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${(await scrypt(code, salt, HASH_BYTES)).toString('base64url')}`;
}

export async function checkCodeMatches(code: string, stored: string | null): Promise<boolean> {
  const [kind, salt, hash] = (stored ?? '').split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(code, Buffer.from(salt, 'base64url'), expected.length || HASH_BYTES);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

type CardRow = typeof customerCards.$inferSelect;

async function balanceOf(db: Pick<Db, 'select'>, rfid: string): Promise<number> {
  const rows = await db
    .select({ balance: customerCardAccounts.balance })
    .from(customerCardAccounts)
    .where(and(eq(customerCardAccounts.rfid, rfid), eq(customerCardAccounts.accountType, CREDIT_ACCOUNT)));
  return rows[0]?.balance ?? 0;
}

function staffView(row: CardRow, balance: number): StaffCustomerCard {
  return {
    rfid: row.rfid,
    label: row.label,
    balance,
    claimed: row.fuid !== null,
    locked: !claimAttemptsLeft(row.checkCodeFailures),
    createdAt: row.createdAt,
  };
}

function entryView(row: typeof customerCardEntries.$inferSelect): CustomerCardEntry {
  return { id: row.id, kind: row.kind, amount: row.amount, createdAt: row.createdAt, ...(row.uniqueOrderId ? { uniqueOrderId: row.uniqueOrderId } : {}) };
}

async function cardRow(db: Pick<Db, 'select'>, rfid: string): Promise<CardRow> {
  const rows = await db.select().from(customerCards).where(eq(customerCards.rfid, rfid));
  if (!rows[0]) throw new CardError('not-found', `No customer card ${rfid}`);
  return rows[0];
}

/** Books an amount onto a card's CRED account: one ledger entry and the balance change, in `tx`. */
async function book(
  tx: Tx,
  entry: { rfid: string; kind: 'issue' | 'topup'; amount: number; requestId: string; createdBy: string; now: number },
): Promise<typeof customerCardEntries.$inferSelect> {
  const [inserted] = await tx
    .insert(customerCardEntries)
    .values({
      id: `ent_${crypto.randomBytes(10).toString('hex')}`,
      rfid: entry.rfid,
      kind: entry.kind,
      amount: entry.amount,
      requestId: entry.requestId,
      createdBy: entry.createdBy,
      createdAt: entry.now,
    })
    .returning();
  await tx
    .update(customerCardAccounts)
    .set({ balance: sql`${customerCardAccounts.balance} + ${entry.amount}` })
    .where(and(eq(customerCardAccounts.rfid, entry.rfid), eq(customerCardAccounts.accountType, CREDIT_ACCOUNT)));
  return inserted!;
}

export interface IssueRequest {
  readonly label: string;
  readonly initialAmount: number;
  readonly requestId: string;
  readonly staffUid: string;
  readonly now: number;
}

/**
 * Issues a card without an owner. A repeated request id (the answer got lost) finds the card it
 * issued and gives it a new check code, so that the staff never hand out two cards for one request.
 */
export async function issueCard(db: Db, request: IssueRequest): Promise<{ card: StaffCustomerCard; checkCode: string }> {
  const checkCode = newCheckCode();
  const checkCodeHash = await hashCheckCode(checkCode);
  if (request.initialAmount > 0) {
    const problem = topUpProblem(request.initialAmount, 0);
    if (problem) throw new CardError(problem, `Initial amount ${request.initialAmount} refused: ${problem}`);
  }
  const repeated = await db.select().from(customerCards).where(eq(customerCards.issueRequestId, request.requestId));
  if (repeated[0]) {
    if (repeated[0].fuid !== null) throw new CardError('request-reused', `Request ${request.requestId} issued card ${repeated[0].rfid}, which is taken`);
    const [row] = await db.update(customerCards).set({ checkCodeHash, checkCodeFailures: 0 }).where(eq(customerCards.rfid, repeated[0].rfid)).returning();
    return { card: staffView(row!, await balanceOf(db, row!.rfid)), checkCode };
  }
  for (let attempt = 0; ; attempt++) {
    const rfid = newCardNumber();
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(customerCards)
          .values({
            rfid,
            fuid: null,
            label: request.label || fill(texts.defaultLabel, { last4: rfid.slice(-4) }),
            isPrimary: false,
            createdAt: request.now,
            checkCodeHash,
            checkCodeFailures: 0,
            issuedBy: request.staffUid,
            issueRequestId: request.requestId,
          })
          .returning();
        await tx.insert(customerCardAccounts).values({ rfid, accountType: CREDIT_ACCOUNT, balance: 0, symbol: '€' });
        if (request.initialAmount > 0) {
          await book(tx, {
            rfid,
            kind: 'issue',
            amount: request.initialAmount,
            requestId: `${request.requestId}:issue`,
            createdBy: request.staffUid,
            now: request.now,
          });
        }
        return { card: staffView(row!, request.initialAmount), checkCode };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same request issued meanwhile (a double click): answer as for a repeat.
      const raced = await db.select().from(customerCards).where(eq(customerCards.issueRequestId, request.requestId));
      if (raced[0]) return issueCard(db, request);
      // A number already taken (1 in 10^11): draw another.
      if (attempt >= 3) throw error;
    }
  }
}

export interface TopUpRequest {
  readonly rfid: string;
  readonly amount: number;
  readonly requestId: string;
  readonly staffUid: string;
  readonly now: number;
}

/** Books a top-up; a request id already booked books nothing more (the same card and amount, or refused). */
export async function topUpCard(db: Db, request: TopUpRequest): Promise<{ card: StaffCustomerCard; entry: CustomerCardEntry; repeated: boolean }> {
  const earlier = async () => {
    const rows = await db.select().from(customerCardEntries).where(eq(customerCardEntries.requestId, request.requestId));
    const row = rows[0];
    if (!row) return null;
    if (row.rfid !== request.rfid || row.amount !== request.amount || row.kind !== 'topup') {
      throw new CardError('request-reused', `Request ${request.requestId} booked ${row.amount} on ${row.rfid} already`);
    }
    const card = await cardRow(db, row.rfid);
    return { card: staffView(card, await balanceOf(db, row.rfid)), entry: entryView(row), repeated: true };
  };
  const before = await earlier();
  if (before) return before;
  try {
    return await db.transaction(async (tx) => {
      const card = await cardRow(tx, request.rfid);
      const account = await tx
        .select()
        .from(customerCardAccounts)
        .where(and(eq(customerCardAccounts.rfid, request.rfid), eq(customerCardAccounts.accountType, CREDIT_ACCOUNT)))
        .for('update');
      if (!account[0]) throw new CardError('not-found', `Card ${request.rfid} has no ${CREDIT_ACCOUNT} account`);
      const problem = topUpProblem(request.amount, account[0].balance);
      if (problem) throw new CardError(problem, `Top-up of ${request.amount} onto ${account[0].balance} refused: ${problem}`);
      const entry = await book(tx, {
        rfid: request.rfid,
        kind: 'topup',
        amount: request.amount,
        requestId: request.requestId,
        createdBy: request.staffUid,
        now: request.now,
      });
      return { card: staffView(card, account[0].balance + request.amount), entry: entryView(entry), repeated: false };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await earlier();
    if (raced) return raced;
    throw error;
  }
}

/** A card with its latest bookings, newest first. */
export async function findCard(db: Db, rfid: string): Promise<{ card: StaffCustomerCard; entries: CustomerCardEntry[] }> {
  const row = await cardRow(db, rfid);
  const entries = await db
    .select()
    .from(customerCardEntries)
    .where(eq(customerCardEntries.rfid, rfid))
    .orderBy(desc(customerCardEntries.createdAt), desc(customerCardEntries.id))
    .limit(LEDGER_SHOWN);
  return { card: staffView(row, await balanceOf(db, rfid)), entries: entries.map(entryView) };
}

/** The cards the staff issued most recently (cards of seeds and tests have no issuer). */
export async function recentCards(db: Db): Promise<StaffCustomerCard[]> {
  const rows = await db
    .select({ card: customerCards, balance: customerCardAccounts.balance })
    .from(customerCards)
    .leftJoin(customerCardAccounts, and(eq(customerCardAccounts.rfid, customerCards.rfid), eq(customerCardAccounts.accountType, CREDIT_ACCOUNT)))
    .where(sql`${customerCards.issuedBy} is not null`)
    .orderBy(desc(customerCards.createdAt))
    .limit(RECENT_CARDS);
  return rows.map((r) => staffView(r.card, r.balance ?? 0));
}

/** A new check code for a card that no account holds yet; unlocks it. */
export async function resetCheckCode(db: Db, rfid: string): Promise<{ card: StaffCustomerCard; checkCode: string }> {
  const row = await cardRow(db, rfid);
  if (row.fuid !== null) throw new CardError('claimed', `Card ${rfid} belongs to an account already`);
  const checkCode = newCheckCode();
  const [updated] = await db
    .update(customerCards)
    .set({ checkCodeHash: await hashCheckCode(checkCode), checkCodeFailures: 0 })
    .where(and(eq(customerCards.rfid, rfid), isNull(customerCards.fuid)))
    .returning();
  if (!updated) throw new CardError('claimed', `Card ${rfid} was added to an account meanwhile`);
  return { card: staffView(updated, await balanceOf(db, rfid)), checkCode };
}

/** An account's wrong code: counted (and its rows older than the window removed). */
async function countAccountFailure(tx: Db, fuid: string, now: number): Promise<void> {
  await tx
    .delete(customerCardClaimFailures)
    .where(and(eq(customerCardClaimFailures.fuid, fuid), lt(customerCardClaimFailures.failedAt, now - CHECKOUT_CONSTANTS.customerCardClaimWindowMs)));
  await tx.insert(customerCardClaimFailures).values({ fuid, failedAt: now });
}

/**
 * The guest adds a card with number and check code. Unknown numbers and wrong codes are answered
 * alike and count against the account (five in a day, then it must wait); a wrong code counts
 * against the card too, which locks only after many (customerCardLockFailures), so a stranger's
 * guesses never lock the card for its owner. The right code on a card of another account is
 * refused; on the guest's own card it is a no-op. The first card becomes the primary one.
 */
export async function claimCard(db: Db, request: { rfid: string; checkCode: string; fuid: string; now: number }): Promise<{ label: string }> {
  const [recent] = await db
    .select({ n: count() })
    .from(customerCardClaimFailures)
    .where(
      and(
        eq(customerCardClaimFailures.fuid, request.fuid),
        gte(customerCardClaimFailures.failedAt, request.now - CHECKOUT_CONSTANTS.customerCardClaimWindowMs),
      ),
    );
  if (!accountMayTryCode(recent?.n ?? 0)) throw new CardError('too-many-attempts', `Account ${request.fuid}: too many wrong check codes`);
  const outcome = await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const rows = await tx.select().from(customerCards).where(eq(customerCards.rfid, request.rfid)).for('update');
    const card = rows[0];
    if (!card?.checkCodeHash) {
      await countAccountFailure(tx, request.fuid, request.now);
      return { result: 'wrong-code' as const };
    }
    if (!claimAttemptsLeft(card.checkCodeFailures)) return { result: 'locked' as const };
    if (!(await checkCodeMatches(request.checkCode, card.checkCodeHash))) {
      await tx
        .update(customerCards)
        .set({ checkCodeFailures: sql`${customerCards.checkCodeFailures} + 1` })
        .where(eq(customerCards.rfid, card.rfid));
      await countAccountFailure(tx, request.fuid, request.now);
      return { result: 'wrong-code' as const };
    }
    if (card.fuid === request.fuid) return { result: 'ok' as const, label: card.label };
    if (card.fuid !== null) return { result: 'taken' as const };
    const primary = await tx
      .select({ rfid: customerCards.rfid })
      .from(customerCards)
      .where(and(eq(customerCards.fuid, request.fuid), eq(customerCards.isPrimary, true)));
    await tx
      .update(customerCards)
      .set({ fuid: request.fuid, claimedAt: request.now, checkCodeFailures: 0, isPrimary: primary.length === 0 })
      .where(eq(customerCards.rfid, card.rfid));
    return { result: 'ok' as const, label: card.label };
  });
  if (outcome.result === 'ok') return { label: outcome.label };
  throw new CardError(outcome.result, `Customer card ${request.rfid}: ${outcome.result}`);
}
