import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { REPO_ROOT } from '../config';
import * as schema from './schema';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'api', 'drizzle');

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The migration state for readiness: the newest migration applied against the newest this code ships. */
export interface MigrationState {
  readonly applied: number | null;
  readonly expected: number;
  readonly ok: boolean;
}

export interface Database {
  readonly db: Db;
  readonly driver: 'pglite' | 'postgres';
  /**
   * Runs `fn` while no other API instance runs such a section on this database (a PostgreSQL
   * advisory lock; PGlite is one process and needs none): migrations and the first seed.
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  /** Asks the database for its migration state (readiness); rejects when the database cannot answer in time. */
  migrationState(): Promise<MigrationState>;
  /** PostgreSQL: the pool's connections (open, idle, requests waiting for one); PGlite: none. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/**
 * A PostgreSQL URL, or PGlite's data folder (`memory://` for one in memory). `pgliteStart`: the contents of a
 * data folder to start from (PGlite's dumpDataDir), e.g. one already migrated, so that a fresh in-memory
 * database skips initdb (the API tests open about sixty).
 */
export type DatabaseTarget = { url: string } | { pgliteDir: string; pgliteStart?: Blob };

/** Connection settings of a PostgreSQL pool (ApiConfig.ops). */
export interface PoolSettings {
  readonly max: number;
  readonly statementTimeoutMs: number;
  readonly connectTimeoutMs: number;
}

export const DEFAULT_POOL: PoolSettings = { max: 10, statementTimeoutMs: 10_000, connectTimeoutMs: 3_000 };

export interface DatabaseOptions {
  /** Called with every SQL statement Drizzle sends (tests count queries with it). */
  readonly onQuery?: (sql: string) => void;
  readonly pool?: PoolSettings;
  /** A connection was lost (pool: an idle one; client: one in use). The process goes on; the next query opens a new one. */
  readonly onConnectionError?: (kind: 'pool' | 'client', error: Error) => void;
}

/** The lock every instance takes around migrations and the first seed (an arbitrary, fixed 64-bit key). */
export const MIGRATION_LOCK_KEY = 7_306_183_741_027n;
const LOCK_POLL_MS = 200;
const LOCK_WAIT_MS = 10 * 60_000;

/** The newest migration this code ships (drizzle's journal: `when` of the last entry). */
export function expectedMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

async function migrationStateOf(db: Db, expected: number): Promise<MigrationState> {
  // node-postgres answers { rows }, PGlite's Drizzle driver too; a driver answering the rows alone is read as well.
  const result: unknown = await db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { applied: string | number | null }[];
  const raw = rows[0]?.applied;
  const applied = raw === null || raw === undefined ? null : Number(raw);
  // A newer instance may already have applied a later migration (a rolling update): that is ready too.
  return { applied, expected, ok: applied !== null && applied >= expected };
}

/**
 * Opens the database: a real PostgreSQL when a URL is given, otherwise the embedded PGlite
 * (WASM Postgres) with its data in a local folder, so a fresh clone runs with no server.
 * Migrations are applied before the database is handed out, under the migration lock.
 */
export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  const { onQuery } = options;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  const expected = expectedMigration();
  if ('url' in target) return openPostgres(target.url, options, expected);
  const { client, db } = await openPglite(target, logger);
  return {
    db,
    driver: 'pglite',
    exclusively: (fn) => fn(),
    migrationState: () => migrationStateOf(db, expected),
    close: () => client.close(),
  };
}

/** PGlite in its data folder (or started from an image of one), migrated. */
async function openPglite(target: { pgliteDir: string; pgliteStart?: Blob }, logger?: { logQuery(query: string): void }) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!target.pgliteDir.startsWith('memory://')) fs.mkdirSync(target.pgliteDir, { recursive: true });
  const client = target.pgliteStart ? new PGlite(target.pgliteDir, { loadDataDir: target.pgliteStart }) : new PGlite(target.pgliteDir);
  // firebase-tools brings an older PGlite; drizzle's types may resolve that copy, the runtime uses ours.
  const db = drizzle(client as never, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return { client, db };
}

/** An image of a migrated, empty in-memory PGlite database (dumpDataDir), to start fresh ones from (`pgliteStart`). */
export async function migratedPgliteImage(): Promise<Blob> {
  const { client } = await openPglite({ pgliteDir: 'memory://' });
  try {
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function openPostgres(url: string, options: DatabaseOptions, expected: number): Promise<Database> {
  const { default: pg } = await import('pg');
  type PoolClient = import('pg').PoolClient;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const settings = options.pool ?? DEFAULT_POOL;
  const onError = options.onConnectionError ?? (() => undefined);
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // The server cancels a statement that runs too long; the client gives up a little later on a
    // server that does not answer at all (a network cut), and an abandoned transaction is ended.
    statement_timeout: settings.statementTimeoutMs,
    query_timeout: settings.statementTimeoutMs + 2_000,
    idle_in_transaction_session_timeout: Math.max(settings.statementTimeoutMs * 2, 10_000),
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: 'streetfood-shop',
  };
  /** The release function of each client while it is checked out (idempotent: see below). */
  const checkedOut = new Map<PoolClient, (error?: Error) => void>();
  /**
   * Clients are released at most once. Drizzle's transaction does not release a client whose BEGIN
   * failed (a connection cut right after the checkout): such a client is released here when its
   * connection errors, so that the pool never shrinks by leaked, dead connections (and `end()` does
   * not wait for them); the holder's own later release is then a no-op.
   */
  class ReleasingPool extends pg.Pool {
    override async connect(): Promise<PoolClient>;
    override connect(callback: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void): void;
    override connect(
      callback?: (err: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void,
    ): Promise<PoolClient> | void {
      if (callback) return super.connect(callback);
      return super.connect().then((client) => {
        const release = client.release.bind(client);
        let released = false;
        const once = (error?: Error | boolean) => {
          if (released) return;
          released = true;
          checkedOut.delete(client);
          release(error);
        };
        client.release = once;
        checkedOut.set(client, once);
        return client;
      });
    }
  }
  const pool = new ReleasingPool({ ...connection, max: settings.max });
  // A lost connection never crashes the process: an idle one is reported by the pool, one in use by
  // its client (without a listener that 'error' event is thrown). Either way the failed query
  // rejects (the request answers 503), the pool discards the connection and the next query opens a new one.
  pool.on('error', (error) => onError('pool', error));
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      onError('client', error);
      // A dead connection goes back to the pool with its error (the pool drops it), whoever holds it.
      checkedOut.get(client)?.(error);
    });
  });
  const db = drizzle(pool, { schema, ...(options.onQuery ? { logger: { logQuery: (q: string) => options.onQuery!(q) } } : {}) }) as unknown as Db;

  /** Holds the advisory lock on a connection of its own while `fn` runs. */
  const exclusively = async <T>(fn: () => Promise<T>): Promise<T> => {
    const client = new pg.Client(connection);
    client.on('error', (error) => onError('client', error));
    await client.connect();
    try {
      const started = Date.now();
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [MIGRATION_LOCK_KEY.toString()]);
        if (rows[0]?.locked) break;
        if (Date.now() - started > LOCK_WAIT_MS) throw new Error(`The migration lock was not free within ${LOCK_WAIT_MS / 60_000} minutes`);
        await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      }
      try {
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => undefined);
      }
    } finally {
      // Ending the session also frees the lock, should the unlock itself have failed.
      await client.end().catch(() => undefined);
    }
  };

  try {
    await exclusively(() => migrate(db as never, { migrationsFolder: MIGRATIONS_DIR }));
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return {
    db,
    driver: 'postgres',
    exclusively,
    migrationState: () => migrationStateOf(db, expected),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
