import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
/**
 * The descriptors the e2e server uses: a copy per port, so release tests never touch
 * deploy/hosts and two e2e runs in one tree do not reset each other's releases.
 */
export const E2E_HOSTS_DIR = path.join(E2E_DIR, '.tmp', `hosts-${process.env.E2E_PORT ?? 4310}`);
