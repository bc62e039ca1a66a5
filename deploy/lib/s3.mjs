// The S3 side of the artifact store for the deploy command: the same TypeScript module the API uses
// (api/src/deploy/s3-artifacts.ts), loaded with tsx. Active when ARTIFACT_S3_BUCKET is set.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { storeDir } from './builds.mjs';
import { DeployError } from './errors.mjs';
import { REPO_ROOT } from './paths.mjs';

const modules = new Map();
const load = (file) => {
  if (!modules.has(file)) {
    modules.set(
      file,
      import('tsx/esm/api').then(({ tsImport }) => tsImport(pathToFileURL(path.join(REPO_ROOT, 'api', 'src', 'deploy', file)).href, import.meta.url)),
    );
  }
  return modules.get(file);
};

/** The bucket client, or null when the store is a folder only. */
export async function s3Of(paths) {
  if (!paths.s3Env.ARTIFACT_S3_BUCKET) return null;
  const [{ s3ConfigFromEnv }, { s3Artifacts }] = await Promise.all([load('s3-config.ts'), load('s3-artifacts.ts')]);
  return s3Artifacts(s3ConfigFromEnv(paths.s3Env));
}

/** Uploads a published version (no-op when S3 is not configured); refuses different bytes under the same version. */
export async function uploadToS3(paths, app, version, log) {
  const s3 = await s3Of(paths);
  if (!s3) return;
  try {
    const outcome = await s3.uploadVersion(app.folder, version, storeDir(paths, app, version));
    log(`${app.folder} ${version} ${outcome === 'published' ? 'uploaded to' : 'is already in'} ${s3.describe()}`);
  } catch (error) {
    throw new DeployError(error.message);
  } finally {
    s3.close();
  }
}

/** Makes a version published in the bucket available in the local store folder (true when it is there now). */
export async function pullFromS3(paths, app, version) {
  if (version === 'local' || fs.existsSync(storeDir(paths, app, version))) return false;
  const s3 = await s3Of(paths);
  if (!s3) return false;
  try {
    return await s3.downloadVersion(app.folder, version, storeDir(paths, app, version));
  } catch (error) {
    // A tampered object in the bucket is refused with the integrity message (docs/requirements.md#release-integrity).
    if (error?.constructor?.name === 'S3IntegrityError') throw new DeployError(error.message);
    throw error;
  } finally {
    s3.close();
  }
}
