import { EventEmitter } from 'node:events';
import type { ServerEvent } from '@shop/shared/contract';
import { metrics } from '../ops/metrics';
import { commandClientOptions, subscriberClientOptions } from '../ops/redis';
import { redactConnectionUrl } from '../ops/redact';
import { createStreamRegistry, type StreamRegistry } from './stream-registry';

export type EventListener = (event: ServerEvent) => void;

/** Stops a subscription; `ready` resolves once events published from then on reach the listener. */
export type Unsubscribe = (() => void) & { readonly ready: Promise<void> };

/** Channels 'shop' and 'user<id>' (requirements#events-stream). */
export interface EventBus {
  /**
   * Sends an event to every subscriber on every instance. Never rejects: an event is a notice after a
   * change that is already committed, and the change must not turn into a failure because the
   * transport is away. A lost event is counted; the streams that may have missed it resync.
   */
  publish(channel: string, event: ServerEvent): Promise<void>;
  subscribe(channel: string, listener: EventListener): Unsubscribe;
  /** The open streams of this instance (told to resync when the transport is lost or regained, and on shutdown). */
  readonly streams: StreamRegistry;
  /** Whether events flow now (Redis: the subscription connection is up). */
  readonly connected: boolean;
  /** Readiness: resolves when the transport answers within its timeout. */
  ping(): Promise<void>;
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
  const streams = createStreamRegistry();
  return {
    async publish(channel, event) {
      const started = performance.now();
      emitter.emit(channel, event);
      metrics.eventsPublished.inc({ outcome: 'ok' });
      metrics.fanoutLag.observe((performance.now() - started) / 1000);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return unsubscribeWith(() => emitter.off(channel, listener), Promise.resolve());
    },
    streams,
    connected: true,
    async ping() {},
    async close() {
      streams.close();
      emitter.removeAllListeners();
    },
  };
}

/** Redis channels are `<REDIS_PREFIX>events:<channel>`: shops sharing a Redis use different prefixes. */
export const DEFAULT_REDIS_PREFIX = 'shop:events:';

export interface RedisEventBusOptions {
  /** Redis channel prefix; instances that should share events use the same one. */
  prefix?: string;
  /** Give up a publish or ping after this (REDIS_COMMAND_TIMEOUT_MS). */
  commandTimeoutMs?: number;
  /** Where connection losses and failed publishes are reported (default: console.warn). */
  log?: (message: string) => void;
}

/** Failed publishes kept to be sent once Redis answers again (a subscriber that stayed connected still gets them). */
const MAX_PENDING_PUBLISHES = 1_000;
/** The publish time travels with the event (fan-out lag); it is taken off before the event reaches a stream. */
const SENT_AT = '_sentAt';

/**
 * Several API instances: events travel over Redis pub/sub (REDIS_URL). Each instance holds one
 * Redis subscription per channel that has local listeners, whatever their number. When the
 * subscription connection is lost, every open stream of the instance is ended with a resync hint
 * (events may be missed from now on) and new streams are asked to come back later; when it is back,
 * streams opened meanwhile resync too, and new ones get their hello again.
 */
export async function createRedisEventBus(url: string, options: RedisEventBusOptions = {}): Promise<EventBus> {
  const prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
  const log = options.log ?? ((message: string) => console.warn(message));
  const shown = redactConnectionUrl(url);
  const { Redis } = await import('ioredis');
  const publisher = new Redis(url, commandClientOptions({ redisCommandTimeoutMs: options.commandTimeoutMs ?? 500 }));
  const subscriber = new Redis(url, subscriberClientOptions());
  const streams = createStreamRegistry();
  let connected = false;
  let closing = false;
  let reported = false;
  const report = (client: 'events' | 'publish', error: Error) => {
    metrics.redisErrors.inc({ client });
    // Once per outage: a reconnect loop would otherwise log every 2 s.
    if (reported) return;
    reported = true;
    log(`[events] Redis at ${shown}: ${error.message}`);
  };
  publisher.on('error', (error: Error) => report('publish', error));
  subscriber.on('error', (error: Error) => report('events', error));
  // Redis away at start does not keep the instance from starting: it is not ready (GET /api/ready),
  // refuses streams and keeps reconnecting; once Redis answers, streams are served.
  const [, subscribed] = await Promise.allSettled([publisher.connect(), subscriber.connect()]);
  if (subscribed.status === 'fulfilled') {
    connected = true;
    reported = false;
  } else {
    log(`[events] Redis at ${shown} does not answer (${(subscribed.reason as Error).message}): streams wait for it`);
    streams.transportLost();
  }
  subscriber.on('close', () => {
    if (!connected || closing) return;
    connected = false;
    log(`[events] lost Redis at ${shown}: open streams resync, new ones wait`);
    streams.transportLost();
  });
  subscriber.on('ready', () => {
    if (connected || closing) return;
    connected = true;
    reported = false;
    log(`[events] Redis at ${shown} is back: streams resync`);
    streams.transportRegained();
  });
  const pending: string[] = [];
  publisher.on('ready', () => {
    const again = pending.splice(0);
    for (const message of again) {
      const channel = message.slice(0, message.indexOf('\n'));
      void publisher.publish(channel, message.slice(channel.length + 1)).catch(() => metrics.eventsPublished.inc({ outcome: 'dropped' }));
    }
  });

  const local = new EventEmitter();
  local.setMaxListeners(0);
  /** Per channel: number of local listeners and the promise of the Redis SUBSCRIBE. */
  const channels = new Map<string, { count: number; ready: Promise<void> }>();
  subscriber.on('message', (redisChannel: string, message: string) => {
    if (!redisChannel.startsWith(prefix)) return;
    let parsed: ServerEvent & { [SENT_AT]?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return; // not ours: ignore malformed messages
    }
    const { [SENT_AT]: sentAt, ...event } = parsed;
    local.emit(redisChannel.slice(prefix.length), event);
    if (typeof sentAt === 'number') metrics.fanoutLag.observe(Math.max(0, Date.now() - sentAt) / 1000);
  });
  return {
    async publish(channel, event) {
      const message = JSON.stringify({ ...event, [SENT_AT]: Date.now() });
      try {
        await publisher.publish(prefix + channel, message);
        metrics.eventsPublished.inc({ outcome: 'ok' });
      } catch (error) {
        metrics.eventsPublished.inc({ outcome: 'failed' });
        report('publish', error as Error);
        if (pending.length < MAX_PENDING_PUBLISHES) pending.push(`${prefix + channel}\n${message}`);
        else metrics.eventsPublished.inc({ outcome: 'dropped' });
      }
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
    streams,
    get connected() {
      return connected;
    },
    async ping() {
      if (!connected) throw new Error('Redis subscription connection is down');
      await publisher.ping();
    },
    async close() {
      closing = true;
      streams.close();
      local.removeAllListeners();
      channels.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
