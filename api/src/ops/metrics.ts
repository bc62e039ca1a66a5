import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PaymentProvider } from '../payments/provider';

/**
 * Prometheus metrics of the process (prom-client), served at GET /api/metrics (ops/metrics-route.ts).
 * One registry per process: several API instances in one test process add to the same counters.
 */
export const registry = new Registry();

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const metrics = {
  actionRequests: new Counter({
    name: 'shop_action_requests_total',
    help: 'POST /api/action requests by action and HTTP status',
    labelNames: ['action', 'status'] as const,
    registers: [registry],
  }),
  actionDuration: new Histogram({
    name: 'shop_action_duration_seconds',
    help: 'Time to answer POST /api/action, by action',
    labelNames: ['action'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  httpRequests: new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  }),
  httpDuration: new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (streams: until their headers), by route pattern',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  ordersSaved: new Counter({ name: 'shop_orders_saved_total', help: 'New orders saved (a retried save of the same order counts once)', registers: [registry] }),
  payments: new Counter({
    name: 'shop_payments_total',
    help: 'Payment provider calls by provider, operation and outcome (the unified state, or error)',
    labelNames: ['provider', 'operation', 'outcome'] as const,
    registers: [registry],
  }),
  eventsPublished: new Counter({
    name: 'shop_events_published_total',
    help: 'Server events published, by outcome (failed: Redis could not take it; open streams are resynced)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  fanoutLag: new Histogram({
    name: 'shop_event_fanout_lag_seconds',
    help: 'From publishing an event (any instance) until this instance has written it to all its open streams',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  }),
  streamResyncs: new Counter({
    name: 'shop_stream_resyncs_total',
    help: 'Open event streams closed so that their clients reconnect and refetch, by reason',
    labelNames: ['reason'] as const,
    registers: [registry],
  }),
  databaseErrors: new Counter({
    name: 'shop_database_errors_total',
    help: 'PostgreSQL errors: lost connections (pool, client) and requests answered 503 (unavailable)',
    labelNames: ['kind'] as const,
    registers: [registry],
  }),
  redisErrors: new Counter({
    name: 'shop_redis_errors_total',
    help: 'Redis errors by client (events, publish, rateLimit, readiness)',
    labelNames: ['client'] as const,
    registers: [registry],
  }),
};

/** Sources of the open-streams gauge (each API instance's stream registry). */
const streamCounts = new Set<() => number>();
new Gauge({
  name: 'shop_open_streams',
  help: 'Open server-sent event streams (GET /api/events)',
  registers: [registry],
  collect() {
    let total = 0;
    for (const count of streamCounts) total += count();
    this.set(total);
  },
});

/** Counts a registry's open streams into shop_open_streams; returns the function that stops it. */
export function countStreams(count: () => number): () => void {
  streamCounts.add(count);
  return () => streamCounts.delete(count);
}

/** Sources of the database pool gauge (each API instance's PostgreSQL pool). */
const pools = new Set<() => { total: number; idle: number; waiting: number }>();
new Gauge({
  name: 'shop_database_pool_connections',
  help: 'PostgreSQL pool: connections open, idle, in use, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const sum = { total: 0, idle: 0, waiting: 0 };
    for (const stats of pools) {
      const s = stats();
      sum.total += s.total;
      sum.idle += s.idle;
      sum.waiting += s.waiting;
    }
    this.set({ state: 'open' }, sum.total);
    this.set({ state: 'idle' }, sum.idle);
    this.set({ state: 'in_use' }, sum.total - sum.idle);
    this.set({ state: 'waiting' }, sum.waiting);
  },
});

/** Counts a pool into shop_database_pool_connections; returns the function that stops it. */
export function countPool(stats: () => { total: number; idle: number; waiting: number }): () => void {
  pools.add(stats);
  return () => pools.delete(stats);
}

let processMetrics = false;
/** Node's own metrics (CPU, memory, event loop lag, handles), once per process. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry, prefix: 'shop_' });
}

const OPERATIONS = new Set(['authorize', 'confirm', 'capture', 'void', 'refund']);

/** The provider with every call counted in shop_payments_total (outcome: the unified state, or 'error'). */
export function instrumentProvider<P extends PaymentProvider>(provider: P): P {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (typeof property !== 'string' || !OPERATIONS.has(property)) return fn.bind(target);
      return async (...args: unknown[]) => {
        try {
          const result = (await fn.apply(target, args)) as { state?: string };
          metrics.payments.inc({ provider: target.id, operation: property, outcome: result?.state ?? 'ok' });
          return result;
        } catch (error) {
          metrics.payments.inc({ provider: target.id, operation: property, outcome: 'error' });
          throw error;
        }
      };
    },
  });
}
