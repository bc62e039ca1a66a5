import crypto from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { VerifiedUser } from '../auth/verify';
import type { Db } from '../db/client';
import { erasedAccounts } from '../db/schema';

/** How long an erasure is remembered: longer than a Firebase ID token lives (one hour). */
export const ERASURE_MEMORY_MS = 2 * 60 * 60_000;

const uidHash = (uid: string) => crypto.createHash('sha256').update(`erased-account:${uid}`).digest('base64url');

/**
 * Remembers that an account was erased now (inside the erasure's transaction); forgets erasures
 * older than ERASURE_MEMORY_MS. On the real clock, not the shop's: it is compared with the issue
 * time Firebase wrote into the token (as firebase-admin compares expiry with the real clock).
 */
export async function rememberErasure(tx: Db, uid: string, now: number = Date.now()): Promise<void> {
  await tx.delete(erasedAccounts).where(lt(erasedAccounts.erasedAt, now - ERASURE_MEMORY_MS));
  await tx
    .insert(erasedAccounts)
    .values({ uidHash: uidHash(uid), erasedAt: now })
    .onConflictDoUpdate({ target: erasedAccounts.uidHash, set: { erasedAt: now } });
}

/**
 * Whether a verified token belongs to a session of an erased account: issued before the erasure
 * (a token without an issue time counts as issued before). Such a token is treated as invalid.
 */
export async function issuedBeforeErasure(db: Db, user: VerifiedUser): Promise<boolean> {
  const [row] = await db
    .select()
    .from(erasedAccounts)
    .where(eq(erasedAccounts.uidHash, uidHash(user.uid)));
  if (!row) return false;
  return user.issuedAt === undefined || user.issuedAt * 1000 <= row.erasedAt;
}
