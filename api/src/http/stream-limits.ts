import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { shell as texts } from '@shop/shared/i18n/shell';
import { ApiError } from './api-error';

/**
 * Limits of the server-sent event streams (docs/security.md "Limits"): each open stream holds a
 * socket and subscriptions, so one client (an IP address) may hold only so many, the instance only
 * so many in all, and a stream whose client does not take what is written (a slow or stalled
 * socket) is closed instead of buffering for ever. A browser's EventSource reconnects by itself.
 */
export interface StreamLimits {
  /** Open streams of one IP address (a restaurant's Wi-Fi is one address: generous). */
  readonly perClient: number;
  /** Open streams of this instance in all. */
  readonly total: number;
  /** A stream with more than this many bytes waiting for its client is closed … */
  readonly maxBufferedBytes: number;
  /** … as is one whose bytes have been waiting longer than this. */
  readonly stalledMs: number;
  /** How often open streams are checked. */
  readonly checkEveryMs: number;
}

export const STREAM_LIMITS: StreamLimits = {
  perClient: 32,
  total: 5_000,
  maxBufferedBytes: 256 * 1024,
  stalledMs: 60_000,
  checkEveryMs: 15_000,
};

interface OpenStream {
  readonly res: ServerResponse;
  /** Since when bytes have been waiting (null: all taken). */
  waitingSince: number | null;
}

/**
 * Counts the streams of `path` (GET) per client and in all, refuses one more with 429, and closes
 * stalled ones. Registered beside the route (an onRequest hook), so the route itself needs nothing.
 */
export function registerStreamLimits(app: FastifyInstance, path: string, limits: StreamLimits = STREAM_LIMITS, now: () => number = Date.now): void {
  const perClient = new Map<string, number>();
  const open = new Set<OpenStream>();

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.url !== path) return;
    const client = request.ip;
    const count = perClient.get(client) ?? 0;
    if (count >= limits.perClient || open.size >= limits.total) {
      const error = new ApiError(429, 'rate_limited', `Too many open event streams (${count} from this address)`, texts.tooManyRequests, {}, undefined, 30);
      return reply.code(429).header('retry-after', '30').send(error.toBody());
    }
    perClient.set(client, count + 1);
    const stream: OpenStream = { res: reply.raw, waitingSince: null };
    open.add(stream);
    reply.raw.once('close', () => {
      open.delete(stream);
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    });
  });

  const check = setInterval(() => {
    const at = now();
    for (const stream of open) {
      const waiting = stream.res.writableLength;
      if (waiting === 0) {
        stream.waitingSince = null;
        continue;
      }
      stream.waitingSince ??= at;
      if (waiting > limits.maxBufferedBytes || at - stream.waitingSince > limits.stalledMs) stream.res.destroy();
    }
  }, limits.checkEveryMs);
  check.unref();
  app.addHook('onClose', async () => clearInterval(check));
}
