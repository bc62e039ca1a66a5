import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { metrics } from './metrics';

/** A readiness check that takes longer fails: the balancer must not wait on a hung dependency. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessDeps {
  readonly database: Database;
  readonly events: EventBus;
  /** Whether Redis is configured (REDIS_URL): only then is it checked. */
  readonly redis: boolean;
  readonly descriptors: { all(): readonly unknown[] };
  readonly payments: () => PaymentMethods;
  /** True from SIGTERM on: not ready, whatever the dependencies say. */
  readonly draining: () => boolean;
}

/** Which payment methods this instance offers, and whether they move real money (payments/registry.ts). */
export interface PaymentMethods {
  readonly mode: 'live' | 'test';
  readonly methods: readonly string[];
}

interface Check {
  ok: boolean;
  error?: string;
  [detail: string]: unknown;
}

async function timed<T>(work: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 200);

/** Runs every readiness check (in parallel, each bounded in time). */
export async function readiness(deps: ReadinessDeps, timeoutMs = READINESS_CHECK_TIMEOUT_MS): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const database = timed(() => deps.database.migrationState(), timeoutMs).then(
    (state) => ({
      database: { ok: true },
      migrations: { ok: state.ok, applied: state.applied, expected: state.expected },
    }),
    (error: unknown) => ({
      database: { ok: false, error: messageOf(error) },
      migrations: { ok: false, error: 'database unavailable' },
    }),
  );
  const redis: Promise<Check> = deps.redis
    ? timed(() => deps.events.ping(), timeoutMs).then(
        () => ({ ok: true }),
        (error: unknown) => {
          metrics.redisErrors.inc({ client: 'readiness' });
          return { ok: false, error: messageOf(error) };
        },
      )
    : Promise.resolve({ ok: true, configured: false });
  let descriptors: Check;
  try {
    const count = deps.descriptors.all().length;
    descriptors = count > 0 ? { ok: true, count } : { ok: false, error: 'no valid host descriptor' };
  } catch (error) {
    descriptors = { ok: false, error: messageOf(error) };
  }
  const checks: Record<string, Check> = { ...(await database), redis: await redis, descriptors, shutdown: { ok: !deps.draining() } };
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}

/**
 * GET /api/health: liveness, the process answers (no dependency is asked: a restart would not bring
 * the database back). GET /api/ready: readiness for the balancer: database reachable, migrations
 * applied, Redis answering (when configured), host descriptors valid, not shutting down; 503 when
 * one fails, with the failed check named. Both uncached; neither tells a secret.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: ReadinessDeps): void {
  app.get('/api/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true, database: deps.database.driver };
  });
  app.get('/api/ready', async (_request, reply) => {
    const result = await readiness(deps);
    reply.header('cache-control', 'no-store');
    return reply.code(result.ready ? 200 : 503).send({ ...result, database: deps.database.driver, payments: deps.payments() });
  });
}
