import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

/**
 * Order access tokens: the capability to read one order and follow its live status, given to the
 * guest who placed it (SaveNewOrder) and to its owner (same browser or account). The token is
 * HMAC-SHA256(secret, order id): nothing is stored per order, every API instance derives the same
 * token from the one secret, which is generated on first start and kept in the database.
 */
export interface OrderTokens {
  issue(uniqueOrderId: string): string;
  verify(uniqueOrderId: string, token: string | undefined | null): boolean;
  /**
   * A keyed hash of a client's IP address (the same on every instance, not reversible without the
   * secret): what orders store to count the unpaid orders of one network, instead of the address.
   */
  ipKey(ip: string): string;
}

const SECRET_KEY = 'orderTokenSecret';

export async function loadOrderTokens(db: Db): Promise<OrderTokens> {
  const generated = crypto.randomBytes(32).toString('base64url');
  await db
    .insert(settings)
    .values({ key: SECRET_KEY, data: { secret: generated }, updatedAt: 0 })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY));
  const secret = (row?.data as { secret?: unknown } | undefined)?.secret;
  if (typeof secret !== 'string' || secret.length < 32) throw new Error('The order token secret in the settings table is missing or malformed');
  return orderTokensFrom(secret);
}

export function orderTokensFrom(secret: string): OrderTokens {
  const issue = (uniqueOrderId: string) => crypto.createHmac('sha256', secret).update(`order:${uniqueOrderId}`).digest('base64url');
  return {
    issue,
    ipKey: (ip: string) => crypto.createHmac('sha256', secret).update(`ip:${ip}`).digest('base64url').slice(0, 32),
    verify(uniqueOrderId, token) {
      if (typeof token !== 'string' || token.length === 0 || token.length > 100) return false;
      const expected = Buffer.from(issue(uniqueOrderId));
      const given = Buffer.from(token);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
  };
}
