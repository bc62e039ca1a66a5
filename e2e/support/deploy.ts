// The real deploy command against the e2e server's store and seed (deploy/README.md): tests release,
// roll back and add hosts exactly as a release engineer does, and the server serves what they did.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_DESCRIPTORS_DIR, E2E_HOSTS_DIR, E2E_SHOP_PORT, E2E_STORE_DIR, REPO_ROOT } from './paths.mjs';

/** Runs `npm run deploy -- <args>` (builds looked up in `appRoot`); throws with its output when it fails. */
export function deploy(appRoot: string, ...args: string[]): string {
  const res = spawnSync(process.execPath, [path.join(REPO_ROOT, 'deploy', 'cli.mjs'), ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      APP_ROOT: appRoot,
      DEPLOY_HOSTS_DIR: E2E_HOSTS_DIR,
      ARTIFACT_STORE: E2E_STORE_DIR,
      DEPLOY_ACTOR: 'e2e@streetfood-hamburg.de',
      DEPLOY_PUBLIC_URL: `http://127.0.0.1:${E2E_SHOP_PORT}/`,
    },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`deploy ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

/** A descriptor of its own for one test host in the store: the default one's settings and versions, then `changes`. */
export function addHost(file: string, host: string, changes: Record<string, unknown> = {}): void {
  const base = JSON.parse(fs.readFileSync(path.join(E2E_DESCRIPTORS_DIR, 'localhost.json'), 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(path.join(E2E_DESCRIPTORS_DIR, file), `${JSON.stringify({ ...base, hosts: [host], ...changes }, null, 2)}\n`);
}

/** Removes test hosts from the store again. */
export function removeHosts(...files: string[]): void {
  for (const file of files) fs.rmSync(path.join(E2E_DESCRIPTORS_DIR, file), { force: true });
}

/**
 * The development token of deploy/hosts/preview.json: a preview host is reachable only with it
 * (docs/requirements.md#preview-apart); `?preview-token=` sets the cookie and is taken out of the address.
 */
export const PREVIEW_TOKEN_QUERY = 'preview-token=vorschau-lokal';
