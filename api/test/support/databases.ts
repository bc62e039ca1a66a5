import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '../../src/db/client';

export interface TestDatabase {
  readonly name: 'pglite' | 'postgres';
  open(options?: DatabaseOptions): Promise<Database>;
}

/**
 * Both databases, for the tests of what they may do differently: embedded PGlite always, and a real
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it). Each open() gives a fresh, migrated, empty database;
 * a PostgreSQL one is created for the test and dropped when closed.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'pglite', open: openMemoryPglite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push({ name: 'postgres', open: (options) => openFreshPostgres(url, options) });
  return list;
}

/**
 * The one database a test of application behaviour runs on: PostgreSQL, what production runs, when
 * TEST_DATABASE_URL is set (CI), else PGlite. Tests of what the two can do differently (concurrent
 * writes and row locks, the SQL of the board, the sweep and order queries, stored sizes, erasure
 * across tables, the driver wiring) use testDatabases() and run on both; the e2e suite runs every
 * journey on PGlite, the shop's default (docs/adr/0033-test-layers.md).
 */
export function applicationDatabase(): TestDatabase[] {
  return testDatabases().slice(-1);
}

let pgliteImage: Blob | undefined;

/**
 * A fresh, migrated, empty PGlite database in memory, started from the run's image of one
 * (pglite-image.global.ts); initdb and the migrations ran once for the whole run.
 */
export function openMemoryPglite(options?: DatabaseOptions): Promise<Database> {
  pgliteImage ??= new Blob([fs.readFileSync(inject('pgliteImageFile'))]);
  return openDatabase({ pgliteDir: 'memory://', pgliteStart: pgliteImage }, options);
}

async function openFreshPostgres(adminUrl: string, options?: DatabaseOptions): Promise<Database> {
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() }, options);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
