// Who released what from where (docs/requirements.md#release-audit): every release-log entry names
// the configured actor, the machine, the commit of the release checkout and the digest of the
// version's build-info.json (which lists the sha256 of every served file).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sha256Of } from '../../shared/build/integrity.mjs';
import { servedDir } from './builds.mjs';
import { DeployError } from './errors.mjs';
import { REPO_ROOT } from './paths.mjs';

let commit;
function commitOf() {
  if (commit !== undefined) return commit;
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: REPO_ROOT, encoding: 'utf8' });
  commit = head.status === 0 ? `${head.stdout.trim()}${dirty.stdout?.trim() ? '-dirty' : ''}` : 'unknown';
  return commit;
}

/** The configured actor: DEPLOY_ACTOR, else the git user.email of the checkout; refused when neither is set. */
export function actorOf(env) {
  const configured = env.DEPLOY_ACTOR?.trim();
  if (configured) return configured;
  const email = spawnSync('git', ['config', 'user.email'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (email.status === 0 && email.stdout.trim()) return email.stdout.trim();
  throw new DeployError('Who is releasing? Set DEPLOY_ACTOR (e.g. DEPLOY_ACTOR=jana@streetfood-hamburg.de); every release is logged with its actor');
}

/** The audit fields of a log entry (app and version: the digest of the version's build-info.json). */
export function auditOf(paths, app, version) {
  const fields = { actor: actorOf(paths.s3Env), machine: paths.s3Env.DEPLOY_MACHINE?.trim() || os.hostname(), commit: commitOf() };
  if (!app || !version || version === 'local') return fields;
  const dir = servedDir(paths, app, version);
  const info = dir ? path.join(dir, 'build-info.json') : null;
  return { ...fields, buildInfo: info && fs.existsSync(info) ? sha256Of(fs.readFileSync(info)) : null };
}

/** Where the store keeps the release credentials: { "<actor>": "sha256-<base64 of the token>" } (written by an administrator). */
export const CREDENTIALS_KEY = 'access/release-tokens.json';

/**
 * Production releases need a credential (docs/requirements.md#release-audit): DEPLOY_TOKEN must
 * hash to the digest the store lists for the actor. The store itself is protected by the bucket's
 * or folder's permissions: release machines read this object, only administrators write it.
 */
export async function requireCredential(paths, control, targets) {
  if (targets.length === 0) return;
  const names = targets.map((t) => t.name).join(', ');
  const actor = actorOf(paths.s3Env);
  const token = paths.s3Env.DEPLOY_TOKEN ?? '';
  const stored = await control.store.get(CREDENTIALS_KEY);
  if (!stored)
    throw new DeployError(`${names}: production releases need a credential, and ${control.store.describe()}${CREDENTIALS_KEY} lists none; nothing was changed`);
  let expected;
  try {
    expected = JSON.parse(stored.body)[actor];
  } catch {
    throw new DeployError(`${CREDENTIALS_KEY} in ${control.store.describe()} is not valid JSON; nothing was changed`);
  }
  const given = Buffer.from(sha256Of(token));
  const ok =
    typeof expected === 'string' && token !== '' && given.length === Buffer.byteLength(expected) && crypto.timingSafeEqual(given, Buffer.from(expected));
  if (!ok)
    throw new DeployError(`${names}: ${actor} may not release to production hosts (DEPLOY_TOKEN missing or not the actor's credential); nothing was changed`);
}
