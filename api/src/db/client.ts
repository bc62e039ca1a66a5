import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.resolve(here, '..', '..', 'drizzle');

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  readonly db: Db;
  readonly driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget = { url: string } | { pgliteDir: string };

export interface DatabaseOptions {
  /** Called with every SQL statement Drizzle sends (tests count queries with it). */
  readonly onQuery?: (sql: string) => void;
}

/**
 * Opens the database: a real PostgreSQL when a URL is given, otherwise the embedded PGlite
 * (WASM Postgres) with its data in a local folder, so a fresh clone runs with no server.
 * Migrations are applied before the database is handed out.
 */
export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  const { onQuery } = options;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if ('url' in target) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server drops (restart, failover, a dropped test database) must not
    // crash the process: the pool discards it and the next query opens a fresh one.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzle(pool, { schema, ...(logger ? { logger } : {}) });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!target.pgliteDir.startsWith('memory://')) fs.mkdirSync(target.pgliteDir, { recursive: true });
  const client = new PGlite(target.pgliteDir);
  // firebase-tools brings an older PGlite; drizzle's types may resolve that copy, the runtime uses ours.
  const db = drizzle(client as never, { schema, ...(logger ? { logger } : {}) });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}
