import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');

/** The first e2e server's port; with several Playwright workers, worker i talks to the server on E2E_BASE_PORT + i. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4310);

/**
 * The port of this process's shop: the e2e server's own (each server is started with its E2E_PORT), or
 * in a Playwright worker the server of its parallel index (TEST_PARALLEL_INDEX, set by Playwright), so
 * every worker has a shop, a database and a clock of its own.
 */
export const E2E_SHOP_PORT = E2E_BASE_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/**
 * The descriptors the e2e server uses: a copy per port, so release tests never touch
 * deploy/hosts and two e2e servers in one tree do not reset each other's releases.
 */
export const E2E_HOSTS_DIR = path.join(E2E_DIR, '.tmp', `hosts-${E2E_SHOP_PORT}`);
/** The artifact store the e2e server reads (a fresh folder per run, so releases made by tests start from nothing). */
export const E2E_STORE_DIR = path.join(E2E_DIR, '.tmp', `store-${E2E_SHOP_PORT}`);
/** The descriptors the e2e server serves: the store's control plane, seeded from E2E_HOSTS_DIR (deploy/README.md). */
export const E2E_DESCRIPTORS_DIR = path.join(E2E_STORE_DIR, 'descriptors');
/**
 * Where the e2e server writes the Auth emulator's host: the tests read the emulator's own REST
 * endpoints (verification codes, out-of-band codes) there, which the shop's proxy refuses to browsers.
 */
export const E2E_EMULATOR_FILE = path.join(E2E_DIR, '.tmp', `auth-emulator-${E2E_SHOP_PORT}.json`);
