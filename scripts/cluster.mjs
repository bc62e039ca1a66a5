#!/usr/bin/env node
// npm run cluster -- --instances 3 [--port 3140] [--database-url postgres://…] [--redis-url redis://…] [--keep-database]
// The production topology on this machine, without containers (requirements#operations): N compiled API instances
// behind Debian's nginx (deploy/nginx rules) on the local PostgreSQL and Redis, plus the Firebase
// Auth emulator for sign-in (unless FIREBASE_AUTH_EMULATOR_HOST is set). Without --database-url a
// fresh database is created next to TEST_DATABASE_URL / DATABASE_URL and dropped at the end.
import { parseArgs } from 'node:util';
import { startAuthEmulator, createStaffAccount, DEMO_STAFF } from './lib/auth-emulator.mjs';
import { createDatabase, startCluster } from './lib/cluster.mjs';
import { stopOnSignals } from './lib/stop-signals.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: process.env.PORT ?? '3140' },
    'database-url': { type: 'string' },
    'redis-url': { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    'no-redis': { type: 'boolean', default: false },
    'keep-database': { type: 'boolean', default: false },
  },
});
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 8) throw new Error('--instances must be 1 to 8');
const port = Number(values.port);

const stops = [];
const stopAll = async () => {
  for (const stop of stops.reverse()) await stop().catch((error) => console.error(error.message));
};
const isStopping = stopOnSignals(stopAll);
try {
  let databaseUrl = values['database-url'];
  if (!databaseUrl) {
    const admin = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const database = await createDatabase(admin);
    databaseUrl = database.url;
    console.log(`database ${database.name} (fresh${values['keep-database'] ? ', kept' : ', dropped at the end'})`);
    if (!values['keep-database']) stops.push(() => database.drop());
  }
  let emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) {
    const emulator = await startAuthEmulator();
    emulatorHost = emulator.host;
    stops.push(() => emulator.stop());
    await createStaffAccount(emulatorHost);
    console.log(`Auth emulator on ${emulatorHost} (staff: ${DEMO_STAFF.email} / ${DEMO_STAFF.password})`);
  }
  const cluster = await startCluster({
    instances,
    port,
    databaseUrl,
    redisUrl: values['no-redis'] ? undefined : values['redis-url'],
    emulatorHost,
    log: console.log,
  });
  stops.push(() => cluster.stop());
  console.log(`\n  ▶ ${instances} instance(s) behind nginx: ${cluster.url}/`);
  for (const m of cluster.instances) console.log(`    instance ${m.index}: ${m.url} (pid ${m.pid}, log ${m.logFile})`);
  console.log(`    nginx config and logs: ${cluster.prefix}\n    (stop with Ctrl+C)\n`);
  for (const m of cluster.instances) {
    void m.exit.then(({ code, signal }) => {
      if (!isStopping()) console.error(`instance ${m.index} exited (${signal ?? code})`);
    });
  }
} catch (error) {
  console.error(error.message);
  await stopAll();
  process.exit(1);
}
