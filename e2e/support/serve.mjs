#!/usr/bin/env node
// The e2e server: builds what is missing, copies the host descriptors to e2e/.tmp/hosts, and starts
// the Auth emulator and the API on a fresh in-memory PGlite database (seeded) on E2E_PORT. The API
// runs on a test clock (NODE_ENV=test, SHOP_TEST_NOW): every test sets it to its pinned instant.
import fs from 'node:fs';
import path from 'node:path';
import { buildOutdated } from '../../scripts/lib/apps.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { DEFAULT_TEST_INSTANT } from '../../shared/src/testing/instants.ts';
import { E2E_EMULATOR_FILE, E2E_HOSTS_DIR, E2E_STORE_DIR, REPO_ROOT } from './paths.mjs';

const port = Number(process.env.E2E_PORT ?? 4310);
fs.rmSync(E2E_HOSTS_DIR, { recursive: true, force: true });
fs.rmSync(E2E_STORE_DIR, { recursive: true, force: true });
fs.mkdirSync(E2E_HOSTS_DIR, { recursive: true });
for (const file of fs.readdirSync(path.join(REPO_ROOT, 'deploy', 'hosts'))) {
  if (file.endsWith('.json')) fs.copyFileSync(path.join(REPO_ROOT, 'deploy', 'hosts', file), path.join(E2E_HOSTS_DIR, file));
}
await buildOutdated({ log: (m) => console.log(`[e2e] ${m}`) });
const stack = await startStack({
  port,
  env: {
    DEPLOY_HOSTS_DIR: E2E_HOSTS_DIR,
    ARTIFACT_STORE: E2E_STORE_DIR,
    // Every descriptor must name versions that exist (the builds above); refused otherwise.
    CHECK_RELEASES: 'on',
    PGLITE_DIR: 'memory://',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    NODE_ENV: 'test',
    SHOP_TEST_NOW: process.env.SHOP_TEST_NOW || DEFAULT_TEST_INSTANT,
  },
  log: (m) => console.log(`[e2e] ${m}`),
});
// The tests reach the emulator's administration (codes of SMS and e-mails) directly, never through the shop.
fs.writeFileSync(E2E_EMULATOR_FILE, JSON.stringify({ host: stack.emulatorHost ?? null, projectId: 'demo-streetfood' }));
console.log(`[e2e] shop ready on ${stack.url}`);
const stop = async () => {
  fs.rmSync(E2E_EMULATOR_FILE, { force: true });
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
