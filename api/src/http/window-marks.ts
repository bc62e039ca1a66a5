import type { OpsConfig } from '../config';
import { commandClientOptions } from '../ops/redis';

/**
 * "Has this happened in this window already?" across the API's instances: a mark per key that
 * lives for a window (memory on one instance; Redis with REDIS_URL, so all instances share them).
 * Used to count a page view once per device, route and minute.
 */
export interface WindowMarks {
  /** True when the key had no mark yet (and marks it for windowMs); false when it had one. */
  first(key: string, windowMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Marks in memory, at most maxKeys at a time (the oldest go first: a flood cannot grow the map). */
export function memoryWindowMarks(now: () => number = Date.now, maxKeys = 100_000): WindowMarks {
  const marks = new Map<string, number>();
  return {
    async first(key, windowMs) {
      const at = now();
      const until = marks.get(key);
      if (until !== undefined && until > at) return false;
      marks.delete(key);
      marks.set(key, at + windowMs);
      if (marks.size > maxKeys) {
        for (const [old, expires] of marks) {
          if (marks.size <= maxKeys && expires > at) break;
          marks.delete(old);
        }
      }
      return true;
    },
    async close() {
      marks.clear();
    },
  };
}

/** Marks in Redis (SET NX PX). If Redis cannot answer, the event counts (statistics never block a guest). */
export async function redisWindowMarks(url: string, ops: Pick<OpsConfig, 'redisCommandTimeoutMs' | 'redisPrefix'>): Promise<WindowMarks> {
  // Like the rate limits: no offline queue, a short command timeout, keys under the shop's prefix.
  const redis = new (await import('ioredis')).Redis(url, commandClientOptions(ops));
  await redis.connect().catch(() => undefined);
  return {
    async first(key, windowMs) {
      try {
        return (await redis.set(`${ops.redisPrefix}mark:${key}`, '1', 'PX', windowMs, 'NX')) === 'OK';
      } catch {
        return true;
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
