// The release control plane for the deploy command (docs/requirements.md#release-control-plane): the
// descriptors, the release lease and the release log in the artifact store (folder or S3 bucket),
// through the same TypeScript module the API reads them with (api/src/deploy/control-store.ts).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DeployError } from './errors.mjs';
import { REPO_ROOT } from './paths.mjs';

let modulesPromise;
function modules() {
  modulesPromise ??= import('tsx/esm/api').then(async ({ tsImport }) => {
    const load = (file) => tsImport(pathToFileURL(path.join(REPO_ROOT, 'api', 'src', 'deploy', file)).href, import.meta.url);
    const [control, config] = await Promise.all([load('control-store.ts'), load('s3-config.ts')]);
    return { ...control, ...config };
  });
  return modulesPromise;
}

/**
 * Opens the control store of `paths` (the bucket when ARTIFACT_S3_BUCKET is set, else the store folder)
 * and seeds it with the descriptors of DEPLOY_HOSTS_DIR it does not have yet.
 */
export async function openControl(paths) {
  const m = await modules();
  const store = m.controlStoreOf(paths.storeDir, m.s3ConfigFromEnv(paths.s3Env));
  const seeded = await m.seedDescriptors(store, paths.hostsDir);
  const descriptorsDir = path.join(paths.storeDir, 'descriptors');
  const onS3 = Boolean(m.s3ConfigFromEnv(paths.s3Env));
  /** Where a descriptor lives, for messages and --host paths. */
  const locationOf = (name) => (onS3 ? `${store.describe()}descriptors/${name}` : path.join(descriptorsDir, name));
  return {
    store,
    seeded,
    locationOf,
    descriptorsDir,
    /** Every descriptor with its text, parsed JSON and ETag, sorted by name. */
    async entries() {
      const stored = await m.readStoredDescriptors(store);
      if (stored.length === 0) throw new DeployError(`No host descriptors in ${store.describe()} and none to seed from ${paths.hostsDir}`);
      return stored.map(({ name, text, etag }) => {
        let json;
        try {
          json = JSON.parse(text);
        } catch (error) {
          throw new DeployError(`${name} is not valid JSON (${error.message}); fix it before releasing`);
        }
        return { name, file: locationOf(name), text, json, etag };
      });
    },
    /** Replaces one descriptor by compare-and-swap; a concurrent change is refused. */
    async write(entry, text) {
      try {
        return await m.writeDescriptor(store, entry.name, text, entry.etag);
      } catch (error) {
        if (error instanceof m.PreconditionFailedError)
          throw new DeployError(`${entry.name} was changed in ${store.describe()} by someone else while this command ran; run it again`);
        throw error;
      }
    },
    readLog: () => m.readReleaseLog(store),
    appendLog: (entry) => m.appendReleaseLog(store, entry),
    /** Runs fn holding the release lease; another machine's release is refused with who holds it. */
    async withLease(who, fn) {
      let lease;
      try {
        lease = await m.acquireLease(store, who);
      } catch (error) {
        if (error instanceof m.LeaseHeldError) throw new DeployError(error.message);
        throw error;
      }
      try {
        return await fn();
      } finally {
        await lease.release();
      }
    },
    close: () => store.close(),
  };
}
