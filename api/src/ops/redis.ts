import type { RedisOptions } from 'ioredis';
import type { OpsConfig } from '../config';

/**
 * Connection options of every Redis client of the API (events, rate limits, readiness): a command
 * that cannot be sent now fails at once (no offline queue that would hold a request for the 20–40 s
 * of reconnecting), a sent one gives up after REDIS_COMMAND_TIMEOUT_MS, and the client keeps
 * reconnecting in the background (at most every 2 s). Callers decide what a failure means: rate
 * limits count nothing (fail open), a publish is counted as lost and open streams resync.
 */
export function commandClientOptions(ops: Pick<OpsConfig, 'redisCommandTimeoutMs'>): RedisOptions {
  return {
    lazyConnect: true,
    enableOfflineQueue: false,
    commandTimeout: ops.redisCommandTimeoutMs,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times: number) => Math.min(100 * 2 ** Math.min(times, 5), 2_000),
  };
}

/**
 * The subscriber of server events: it must keep its SUBSCRIBE commands across a reconnect (offline
 * queue and auto-resubscribe stay on), and has no command timeout (a subscription waits for events).
 */
export function subscriberClientOptions(): RedisOptions {
  return {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(100 * 2 ** Math.min(times, 5), 2_000),
  };
}
