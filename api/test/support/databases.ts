import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from '../../src/db/client';

export interface TestDatabase {
  readonly name: 'pglite' | 'postgres';
  open(options?: DatabaseOptions): Promise<Database>;
}

/**
 * The databases every API test runs against: embedded PGlite always, and a real PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it). Each open() gives a fresh, migrated, empty database;
 * a PostgreSQL one is created for the test and dropped when closed.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'pglite', open: (options) => openDatabase({ pgliteDir: 'memory://' }, options) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) list.push({ name: 'postgres', open: (options) => openFreshPostgres(url, options) });
  return list;
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
