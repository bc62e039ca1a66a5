// Publishing into the artifact store (a folder: ARTIFACT_STORE, default deploy/artifacts). A published
// version never changes: publishing the same bytes again is a no-op, different bytes are refused.
import fs from 'node:fs';
import path from 'node:path';
import { IntegrityError, assertIntegrity } from '../../shared/build/integrity.mjs';
import { differenceBetween, filesOf } from '../../shared/build/tree-compare.mjs';
import { buildDir, storeDir } from './builds.mjs';
import { DeployError } from './errors.mjs';

/** Throws a DeployError when the folder does not hold exactly the bytes its build-info.json lists. */
export function requireIntact(dir, what) {
  try {
    assertIntegrity(dir, what);
  } catch (error) {
    if (error instanceof IntegrityError) throw new DeployError(error.message);
    throw error;
  }
}

/** @returns {'published' | 'identical'} */
export function publishVersion(paths, app, version) {
  const source = buildDir(paths.appRoot, app, version);
  const target = storeDir(paths, app, version);
  if (!fs.existsSync(source)) {
    if (fs.existsSync(target)) {
      requireIntact(target, `${app.folder} ${version} (published)`);
      return 'identical';
    }
    throw new DeployError(`${app.folder} ${version} is not built (${source}); build it first: node deploy/cli.mjs build ${app.folder} ${version}`);
  }
  // Only intact builds are published (docs/requirements.md#release-integrity).
  requireIntact(source, `${app.folder} ${version}`);
  if (fs.existsSync(target)) {
    requireIntact(target, `${app.folder} ${version} (published)`);
    const difference = differenceBetween(source, target);
    if (difference === null) return 'identical';
    throw new DeployError(
      `${app.folder} ${version} is published already and the local build differs (${difference}); published versions never change: bump the version`,
    );
  }
  // Copied into a staging folder and renamed: a half-copied version is never visible to the API.
  const staging = path.join(paths.storeDir, app.folder, `.staging-${version}-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  for (const file of filesOf(source)) {
    fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
    fs.copyFileSync(path.join(source, file), path.join(staging, file));
  }
  try {
    requireIntact(staging, `${app.folder} ${version} (copied)`);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  fs.renameSync(staging, target);
  return 'published';
}
