// With an S3 bucket behind the store: the versions the host descriptors name are pulled into the local
// store folder before the API checks and serves them (at start, and again when a descriptor changes).
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_FOLDERS } from './descriptors';
import { servedVersionDir, type FolderArtifactStore } from './artifact-store';
import { S3IntegrityError, type S3Artifacts } from './s3-artifacts';

/** app → version pairs named by the descriptor files (unvalidated: validation comes after). */
function namedVersions(hostsDir: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const file of fs.readdirSync(hostsDir).filter((f) => f.endsWith('.json'))) {
    let json: { remotes?: Record<string, unknown>; canaries?: Record<string, { version?: unknown }>; shell?: unknown };
    try {
      json = JSON.parse(fs.readFileSync(path.join(hostsDir, file), 'utf8')) as typeof json;
    } catch {
      continue;
    }
    for (const [key, version] of Object.entries(json.remotes ?? {})) {
      const folder = REMOTE_FOLDERS[key as keyof typeof REMOTE_FOLDERS];
      if (folder && typeof version === 'string') pairs.push([folder, version]);
    }
    for (const [key, canary] of Object.entries(json.canaries ?? {})) {
      const folder = REMOTE_FOLDERS[key as keyof typeof REMOTE_FOLDERS];
      if (folder && typeof canary?.version === 'string') pairs.push([folder, canary.version]);
    }
    if (typeof json.shell === 'string') pairs.push(['shell', json.shell]);
  }
  return pairs;
}

/**
 * Downloads every named version that is neither in the store folder nor built locally; returns what it
 * pulled. A version failing its integrity check is not pulled (reported through `onRefused`), so the
 * descriptor naming it is refused like one naming a missing version (docs/requirements.md#release-integrity).
 */
export async function pullNamedVersions(
  hostsDir: string,
  store: FolderArtifactStore,
  appRoot: string,
  s3: S3Artifacts,
  onRefused: (error: Error) => void = (error) => console.error(`[descriptors] ${error.message}`),
): Promise<string[]> {
  const pulled: string[] = [];
  for (const [app, version] of namedVersions(hostsDir)) {
    if (servedVersionDir(store, appRoot, app, version)) continue;
    try {
      if (await s3.downloadVersion(app, version, path.join(store.root, app, version))) pulled.push(`${app} ${version}`);
    } catch (error) {
      if (!(error instanceof S3IntegrityError)) throw error;
      onRefused(error);
    }
  }
  return pulled;
}
