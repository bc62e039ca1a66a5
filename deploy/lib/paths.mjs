// Where the deploy command reads and writes. Environment overrides exist so tests and e2e can work
// on a temporary copy of the descriptors (DEPLOY_HOSTS_DIR), of the built apps (APP_ROOT) and of the
// artifact store (ARTIFACT_STORE).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function deployPaths(env = process.env) {
  const hostsDir = path.resolve(env.DEPLOY_HOSTS_DIR || path.join(REPO_ROOT, 'deploy', 'hosts'));
  const storeDir = path.resolve(env.ARTIFACT_STORE || path.join(REPO_ROOT, 'deploy', 'artifacts'));
  return {
    hostsDir,
    /** Root under which <remote>/dist/<version>/ and shell/dist-versions/<version>/ are built (the API's APP_ROOT). */
    appRoot: path.resolve(env.APP_ROOT || REPO_ROOT),
    /** The artifact store: published versions <app>/<version>/ and the release log (the API's ARTIFACT_STORE). */
    storeDir,
    /** Base URL guests use for the host (the gate fetches the files there), e.g. https://hamburg.example. */
    publicUrl: env.DEPLOY_PUBLIC_URL || undefined,
    /** ARTIFACT_S3_*, AWS_REGION, DEPLOY_ACTOR, DEPLOY_MACHINE: the bucket side of the store (deploy/lib/s3.mjs) and the audit fields. */
    s3Env: env,
  };
}
