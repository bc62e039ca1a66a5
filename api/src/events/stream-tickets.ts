import crypto from 'node:crypto';
import type { OpsConfig } from '../config';
import { commandClientOptions } from '../ops/redis';

/**
 * Stream tickets (docs/requirements.md#live-updates-heal): GET /api/events carries no credential in
 * its URL. A browser proves who it is in an action (IssueStreamTicket: the ID token in the
 * Authorization header, order access tokens and the push token in the body) and gets an opaque
 * random ticket that opens one stream with exactly the channels granted then, once, within
 * STREAM_TICKET_TTL_MS. The ticket is good for nothing else: it is not an ID token and names no user.
 * Held in memory on one instance, in Redis with REDIS_URL (as the event bus is), so that a ticket
 * issued by one instance opens a stream on another.
 */
export const STREAM_TICKET_TTL_MS = 30_000;

/**
 * How long a stream opened with private channels (user, staff, orders, push) may last before the
 * server ends it with a `resync` (reason 'reauthorize'): the browser then asks for a new ticket with
 * its current credentials, so a stream never outlives the account's right to it by more than this.
 */
export const STREAM_GRANT_MS = 20 * 60_000;

/** What a ticket grants: the bus channels to subscribe to, and which of them is the device's push channel. */
export interface StreamGrant {
  readonly channels: readonly string[];
  /** The bus channel of the device's push messages (its events go out as 'push'), or null. */
  readonly push: string | null;
}

export interface StreamTickets {
  /** A new ticket for `grant`, valid until the returned expiresAt (on the server's clock). */
  issue(grant: StreamGrant): Promise<{ ticket: string; expiresAt: number }>;
  /** The grant of a ticket, once: null for an unknown, used or expired ticket. */
  redeem(ticket: string): Promise<StreamGrant | null>;
  close(): Promise<void>;
}

const TICKET = /^[A-Za-z0-9_-]{20,100}$/;
const newTicket = () => crypto.randomBytes(24).toString('base64url');
/** Keyed by a hash: a ticket is not readable from a dump of the store. */
const keyOf = (ticket: string) => crypto.createHash('sha256').update(`stream-ticket:${ticket}`).digest('base64url');

interface Stored extends StreamGrant {
  readonly expiresAt: number;
}

function parseStored(text: string | null, now: number): StreamGrant | null {
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as Stored;
    if (typeof stored.expiresAt !== 'number' || stored.expiresAt <= now || !Array.isArray(stored.channels)) return null;
    return { channels: stored.channels.filter((c) => typeof c === 'string'), push: typeof stored.push === 'string' ? stored.push : null };
  } catch {
    return null;
  }
}

/** Tickets of one instance, at most maxTickets at a time (the oldest go first). */
export function memoryStreamTickets(now: () => number = Date.now, ttlMs = STREAM_TICKET_TTL_MS, maxTickets = 50_000): StreamTickets {
  const tickets = new Map<string, string>();
  return {
    async issue(grant) {
      const at = now();
      const ticket = newTicket();
      const expiresAt = at + ttlMs;
      tickets.set(keyOf(ticket), JSON.stringify({ channels: grant.channels, push: grant.push, expiresAt } satisfies Stored));
      while (tickets.size > maxTickets) tickets.delete(tickets.keys().next().value!);
      return { ticket, expiresAt };
    },
    async redeem(ticket) {
      if (!TICKET.test(ticket)) return null;
      const key = keyOf(ticket);
      const text = tickets.get(key) ?? null;
      tickets.delete(key);
      return parseStored(text, now());
    },
    async close() {
      tickets.clear();
    },
  };
}

/**
 * Tickets in Redis: SET with a TTL, redeemed with GETDEL (atomic: a ticket opens one stream even
 * when two instances are asked at once). The expiry is also kept in the value and checked on the
 * server's clock (Redis' TTL only cleans up). Redis away: issuing fails (the browser tries again
 * later), redeeming finds nothing.
 */
export async function redisStreamTickets(
  url: string,
  ops: Pick<OpsConfig, 'redisCommandTimeoutMs' | 'redisPrefix'>,
  now: () => number = Date.now,
  ttlMs = STREAM_TICKET_TTL_MS,
): Promise<StreamTickets> {
  const redis = new (await import('ioredis')).Redis(url, commandClientOptions(ops));
  await redis.connect().catch(() => undefined);
  const redisKey = (ticket: string) => `${ops.redisPrefix}stream-ticket:${keyOf(ticket)}`;
  return {
    async issue(grant) {
      const ticket = newTicket();
      const expiresAt = now() + ttlMs;
      await redis.set(redisKey(ticket), JSON.stringify({ channels: grant.channels, push: grant.push, expiresAt } satisfies Stored), 'PX', ttlMs);
      return { ticket, expiresAt };
    },
    async redeem(ticket) {
      if (!TICKET.test(ticket)) return null;
      try {
        return parseStored(await redis.getdel(redisKey(ticket)), now());
      } catch {
        return null;
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
