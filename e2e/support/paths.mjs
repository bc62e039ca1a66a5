import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
/**
 * The descriptors the e2e server uses: a copy per port, so release tests never touch
 * deploy/hosts and two e2e runs in one tree do not reset each other's releases.
 */
export const E2E_HOSTS_DIR = path.join(E2E_DIR, '.tmp', `hosts-${process.env.E2E_PORT ?? 4310}`);
/** The artifact store the e2e server reads (a fresh folder per run, so releases made by tests start from nothing). */
export const E2E_STORE_DIR = path.join(E2E_DIR, '.tmp', `store-${process.env.E2E_PORT ?? 4310}`);
/**
 * Where the e2e server writes the Auth emulator's host: the tests read the emulator's own REST
 * endpoints (verification codes, out-of-band codes) there, which the shop's proxy refuses to browsers.
 */
export const E2E_EMULATOR_FILE = path.join(E2E_DIR, '.tmp', `auth-emulator-${process.env.E2E_PORT ?? 4310}.json`);
