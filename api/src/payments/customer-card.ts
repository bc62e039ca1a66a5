/**
 * Customer card (requirements#checkout-screens, requirements#order-entities): an own ledger in the database. A card has accounts; the
 * CRED account holds the balance in cents, and every change of it is an entry of
 * customer_card_entries written in the same transaction (issue, topup, payment, refund).
 * Authorizing places a hold (the balance minus open holds is what can be spent); capture books the
 * amount, void releases the hold. Row locks make two orders racing for the last euro safe.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CustomerCard } from '@shop/shared/contract';
import type { Db } from '../db/client';
import { customerCardAccounts, customerCardEntries, customerCardHolds, customerCards } from '../db/schema';
import { ProviderError, type AuthResult, type PaymentProvider } from './provider';

export const CREDIT_ACCOUNT = 'CRED';

/** The cards of a user with their accounts; the CRED balance is what is left after open holds. */
export async function customerCardsOf(db: Db, fuid: string): Promise<{ cards: CustomerCard[]; primaryCardId: string | null }> {
  const cards = await db.select().from(customerCards).where(eq(customerCards.fuid, fuid));
  const result: CustomerCard[] = [];
  for (const card of cards) {
    const accounts = await db.select().from(customerCardAccounts).where(eq(customerCardAccounts.rfid, card.rfid));
    const held = await heldAmount(db, card.rfid);
    result.push({
      rfid: card.rfid,
      label: card.label,
      accounts: accounts.map((a) => ({
        accountType: a.accountType,
        balance: a.accountType === CREDIT_ACCOUNT ? a.balance - held : a.balance,
        symbol: a.symbol,
      })),
    });
  }
  return { cards: result, primaryCardId: cards.find((c) => c.isPrimary)?.rfid ?? null };
}

/** Makes `rfid` the user's only primary card, in one statement; false when the card is not the user's. */
export async function setPrimaryCustomerCard(db: Db, fuid: string, rfid: string): Promise<boolean> {
  const owned = await db
    .select({ rfid: customerCards.rfid })
    .from(customerCards)
    .where(and(eq(customerCards.rfid, rfid), eq(customerCards.fuid, fuid)));
  if (owned.length === 0) return false;
  await db
    .update(customerCards)
    .set({ isPrimary: sql`${customerCards.rfid} = ${rfid}` })
    .where(eq(customerCards.fuid, fuid));
  return true;
}

async function heldAmount(db: Pick<Db, 'select'>, rfid: string): Promise<number> {
  const rows = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${customerCardHolds.amount}), 0)` })
    .from(customerCardHolds)
    .where(and(eq(customerCardHolds.rfid, rfid), eq(customerCardHolds.status, 'held')));
  return Number(rows[0]?.total ?? 0);
}

/**
 * Issues a card already belonging to an account, with a CRED balance booked as an 'issue' entry
 * (seeds and tests; the staff issue cards without an owner, payments/card-issuing.ts).
 */
export async function issueCustomerCard(
  db: Db,
  input: { rfid: string; fuid: string; label: string; balance: number; primary?: boolean; now: number },
): Promise<void> {
  await db.insert(customerCards).values({ rfid: input.rfid, fuid: input.fuid, label: input.label, isPrimary: input.primary ?? false, createdAt: input.now });
  await db.insert(customerCardAccounts).values({ rfid: input.rfid, accountType: CREDIT_ACCOUNT, balance: input.balance, symbol: '€' });
  if (input.balance !== 0) {
    await db
      .insert(customerCardEntries)
      .values({ id: `iss_${input.rfid}`, rfid: input.rfid, kind: 'issue', amount: input.balance, createdBy: 'seed', createdAt: input.now });
  }
}

function holdResult(hold: typeof customerCardHolds.$inferSelect): AuthResult {
  const state = hold.status === 'held' ? 'authorized' : hold.status === 'captured' ? 'captured' : hold.status === 'refunded' ? 'refunded' : 'voided';
  return { ref: hold.id, state, providerStatus: hold.status, amount: hold.amount, uniqueOrderId: hold.uniqueOrderId };
}

export function createCustomerCardProvider(db: Db, now: () => number = Date.now): PaymentProvider {
  async function hold(ref: string) {
    const rows = await db.select().from(customerCardHolds).where(eq(customerCardHolds.id, ref));
    if (!rows[0]) throw new ProviderError('customerCard', `No such hold: ${ref}`, 404);
    return rows[0];
  }
  return {
    id: 'customerCard',

    async authorize(request) {
      if (!request.rfid) throw new ProviderError('customerCard', 'a card is required', 400);
      const rfid = request.rfid;
      return db.transaction(async (tx) => {
        const account = await tx
          .select()
          .from(customerCardAccounts)
          .where(and(eq(customerCardAccounts.rfid, rfid), eq(customerCardAccounts.accountType, CREDIT_ACCOUNT)))
          .for('update');
        if (!account[0]) throw new ProviderError('customerCard', `Card ${rfid} has no ${CREDIT_ACCOUNT} account`, 404);
        const available = account[0].balance - (await heldAmount(tx, rfid));
        if (request.amount > available) {
          return {
            ref: '',
            state: 'declined',
            providerStatus: 'insufficient',
            amount: request.amount,
            uniqueOrderId: request.uniqueOrderId,
            declineMessage: 'Balance not sufficient',
          } satisfies AuthResult;
        }
        const id = `hold_${crypto.randomBytes(10).toString('hex')}`;
        const at = now();
        const inserted = await tx
          .insert(customerCardHolds)
          .values({ id, rfid, uniqueOrderId: request.uniqueOrderId, amount: request.amount, status: 'held', createdAt: at, updatedAt: at })
          .returning();
        return holdResult(inserted[0]!);
      });
    },

    async confirm(ref) {
      return holdResult(await hold(ref));
    },

    async capture(ref, amount) {
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(customerCardHolds).where(eq(customerCardHolds.id, ref)).for('update');
        const h = rows[0];
        if (!h) throw new ProviderError('customerCard', `No such hold: ${ref}`, 404);
        if (h.status !== 'held') throw new ProviderError('customerCard', `Hold ${ref} is ${h.status}`, 400);
        if (amount > h.amount) throw new ProviderError('customerCard', `Cannot capture ${amount}, only ${h.amount} is held`, 400);
        await tx
          .update(customerCardAccounts)
          .set({ balance: sql`${customerCardAccounts.balance} - ${amount}` })
          .where(and(eq(customerCardAccounts.rfid, h.rfid), eq(customerCardAccounts.accountType, CREDIT_ACCOUNT)));
        await tx
          .insert(customerCardEntries)
          .values({ id: `pay_${ref}`, rfid: h.rfid, kind: 'payment', amount: -amount, uniqueOrderId: h.uniqueOrderId, createdBy: ref, createdAt: now() });
        const updated = await tx
          .update(customerCardHolds)
          .set({ status: 'captured', amount, updatedAt: now() })
          .where(eq(customerCardHolds.id, ref))
          .returning();
        return holdResult(updated[0]!);
      });
    },

    async void(ref) {
      const h = await hold(ref);
      if (h.status === 'captured') throw new ProviderError('customerCard', `Hold ${ref} is already captured`, 400);
      const updated = await db.update(customerCardHolds).set({ status: 'voided', updatedAt: now() }).where(eq(customerCardHolds.id, ref)).returning();
      return holdResult(updated[0]!);
    },
    /** Books a captured amount back onto the card's CRED account (once). */
    async refund(ref, amount) {
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(customerCardHolds).where(eq(customerCardHolds.id, ref)).for('update');
        const h = rows[0];
        if (!h) throw new ProviderError('customerCard', `No such hold: ${ref}`, 404);
        if (h.status === 'refunded') return holdResult(h);
        if (h.status !== 'captured') throw new ProviderError('customerCard', `Hold ${ref} is ${h.status}, not captured`, 400);
        if (amount > h.amount) throw new ProviderError('customerCard', `Cannot refund ${amount}, only ${h.amount} was captured`, 400);
        await tx
          .update(customerCardAccounts)
          .set({ balance: sql`${customerCardAccounts.balance} + ${amount}` })
          .where(and(eq(customerCardAccounts.rfid, h.rfid), eq(customerCardAccounts.accountType, CREDIT_ACCOUNT)));
        await tx
          .insert(customerCardEntries)
          .values({ id: `ref_${ref}`, rfid: h.rfid, kind: 'refund', amount, uniqueOrderId: h.uniqueOrderId, createdBy: ref, createdAt: now() });
        const updated = await tx.update(customerCardHolds).set({ status: 'refunded', updatedAt: now() }).where(eq(customerCardHolds.id, ref)).returning();
        return holdResult(updated[0]!);
      });
    },
  };
}
