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
  // A development shop: only the development host names (*.localhost); production names would make
  // releases need a published shell, the host's own URL and a credential (deploy/README.md).
  if (file.endsWith('.json'))
    fs.writeFileSync(
      path.join(E2E_HOSTS_DIR, file),
      fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'hosts', file), 'utf8').replace(/, "[a-z-]+\.streetfood-hamburg\.de"/g, ''),
    );
}
await buildOutdated({ log: (m) => console.log(`[e2e] ${m}`) });
const stack = await startStack({
  port,
  env: {
    DEPLOY_HOSTS_DIR: E2E_HOSTS_DIR,
    ARTIFACT_STORE: E2E_STORE_DIR,
    // Descriptors from the store's control plane, seeded from E2E_HOSTS_DIR, as in production.
    DESCRIPTORS_FROM: 'store',
    // Every descriptor must name versions that exist (the builds above); refused otherwise.
    CHECK_RELEASES: 'on',
    PGLITE_DIR: 'memory://',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    NODE_ENV: 'test',
    // One long-lived server for the whole suite, every browser on 127.0.0.1 and the clock pinned per
    // test (drafts never expire): the caps of open unpaid orders are tested by the API tests (ADR 0026).
    DRAFT_LIMITS: 'off',
    SHOP_TEST_NOW: process.env.SHOP_TEST_NOW || DEFAULT_TEST_INSTANT,
  },
  log: (m) => console.log(`[e2e] ${m}`),
  // The shop's mails of a test run go to the run's own folder, not to the developer's .data/mail.
  mailDir: path.join(path.dirname(E2E_HOSTS_DIR), `mail-${port}`),
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
