import { EventEmitter } from 'node:events';
import type { ServerEvent } from '@shop/shared/contract';

export type EventListener = (event: ServerEvent) => void;

/** Stops a subscription; `ready` resolves once events published from then on reach the listener. */
export type Unsubscribe = (() => void) & { readonly ready: Promise<void> };

/** Channels 'shop' and 'user<id>' (shop-spec §4 Events stream). */
export interface EventBus {
  publish(channel: string, event: ServerEvent): Promise<void>;
  subscribe(channel: string, listener: EventListener): Unsubscribe;
  close(): Promise<void>;
}

function unsubscribeWith(stop: () => void, ready: Promise<void>): Unsubscribe {
  let stopped = false;
  const fn = () => {
    if (stopped) return;
    stopped = true;
    stop();
  };
  return Object.assign(fn, { ready });
}

/** One process: events stay in memory. */
export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, event) {
      emitter.emit(channel, event);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return unsubscribeWith(() => emitter.off(channel, listener), Promise.resolve());
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export const DEFAULT_REDIS_PREFIX = 'shop:events:';

export interface RedisEventBusOptions {
  /** Redis channel prefix; instances that should share events use the same one. */
  prefix?: string;
}

/**
 * Several API instances: events travel over Redis pub/sub (REDIS_URL). Each instance holds one
 * Redis subscription per channel that has local listeners, whatever their number.
 */
export async function createRedisEventBus(url: string, options: RedisEventBusOptions = {}): Promise<EventBus> {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const { Redis } = await import('ioredis');
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Cannot connect to Redis at ${url} for server events: ${(error as Error).message}`);
  }
  const local = new EventEmitter();
  local.setMaxListeners(0);
  /** Per channel: number of local listeners and the promise of the Redis SUBSCRIBE. */
  const channels = new Map<string, { count: number; ready: Promise<void> }>();
  subscriber.on('message', (redisChannel: string, message: string) => {
    if (!redisChannel.startsWith(prefix)) return;
    let event: ServerEvent;
    try {
      event = JSON.parse(message) as ServerEvent;
    } catch {
      return; // not ours: ignore malformed messages
    }
    local.emit(redisChannel.slice(prefix.length), event);
  });
  return {
    async publish(channel, event) {
      await publisher.publish(prefix + channel, JSON.stringify(event));
    },
    subscribe(channel, listener) {
      local.on(channel, listener);
      let state = channels.get(channel);
      if (!state) {
        state = { count: 0, ready: subscriber.subscribe(prefix + channel).then(() => undefined) };
        // A failed SUBSCRIBE is reported through `ready`; keep it from being an unhandled rejection.
        state.ready.catch(() => undefined);
        channels.set(channel, state);
      }
      state.count++;
      const current = state;
      return unsubscribeWith(() => {
        local.off(channel, listener);
        current.count--;
        if (current.count === 0 && channels.get(channel) === current) {
          channels.delete(channel);
          void subscriber.unsubscribe(prefix + channel).catch(() => undefined);
        }
      }, current.ready);
    },
    async close() {
      local.removeAllListeners();
      channels.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
