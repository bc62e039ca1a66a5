// Where the deploy command reads and writes. Environment overrides exist so tests and e2e can work
// on a temporary copy of the descriptors (DEPLOY_HOSTS_DIR) and of the built apps (APP_ROOT).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function deployPaths(env = process.env) {
  const hostsDir = path.resolve(env.DEPLOY_HOSTS_DIR || path.join(REPO_ROOT, 'deploy', 'hosts'));
  return {
    hostsDir,
    /** Root under which <remote>/dist/<version>/ live (the API's APP_ROOT). */
    appRoot: path.resolve(env.APP_ROOT || REPO_ROOT),
    /** The release log sits beside the hosts folder: deploy/releases.log for deploy/hosts. */
    logFile: path.resolve(env.DEPLOY_RELEASE_LOG || path.join(path.dirname(hostsDir), 'releases.log')),
  };
}
