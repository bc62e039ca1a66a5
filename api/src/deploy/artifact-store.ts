// The artifact store, as the API reads it (ARCHITECTURE.md, Independent releases): published app versions, each an
// immutable folder <app>/<version>/ (chunks, mf-manifest.json, build-info.json and their .br/.gz
// copies), and the release log, so that any machine configured with the same store serves every
// version a host names and can roll back. The default store is a folder (ARTIFACT_STORE, default
// deploy/artifacts); production points ARTIFACT_STORE at a folder every API instance shares.
//
// Publishing is the deploy command's job (deploy/lib/store.mjs). Versions not (yet) published are served from the local build folder <app>/dist/<version>/;
// a published version always wins, so a development build can never change what guests load.
import fs from 'node:fs';
import path from 'node:path';

export const VERSION_PATTERN = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;
export const APP_FOLDERS = ['shell', 'mf-menu', 'mf-cart', 'mf-checkout', 'mf-account', 'mf-orders'] as const;
export const RELEASE_LOG = 'releases.log';
export interface FolderArtifactStore {
  readonly root: string;
  /** Folder of a published version, or null. */
  versionDir(app: string, version: string): string | null;
  /** Published versions of an app. */
  versions(app: string): string[];
  /** The release log kept with the versions (deploy/lib/release-log.mjs writes it). */
  readonly logFile: string;
}

export function folderArtifactStore(root: string): FolderArtifactStore {
  const resolved = path.resolve(root);
  const dirOf = (app: string, version: string) => path.join(resolved, app, version);
  const isPublished = (dir: string) => fs.existsSync(path.join(dir, 'mf-manifest.json')) || fs.existsSync(path.join(dir, 'index.html'));
  return {
    root: resolved,
    logFile: path.join(resolved, RELEASE_LOG),
    versionDir(app, version) {
      if (!VERSION_PATTERN.test(version) || !(APP_FOLDERS as readonly string[]).includes(app)) return null;
      const dir = dirOf(app, version);
      return isPublished(dir) ? dir : null;
    },
    versions(app) {
      const dir = path.join(resolved, app);
      if (!fs.existsSync(dir)) return [];
      return fs.readdirSync(dir).filter((v) => VERSION_PATTERN.test(v) && isPublished(path.join(dir, v)));
    },
  };
}

/**
 * The local folder a versioned build of an app is written to (shared/build/index.mjs outputDir):
 * <remote>/dist/<version>/, and shell/dist-versions/<version>/ for the shell (its development build
 * owns shell/dist/).
 */
export function localBuildDir(appRoot: string, app: string, version: string): string {
  return app === 'shell' ? path.join(appRoot, 'shell', 'dist-versions', version) : path.join(appRoot, app, 'dist', version);
}

/** Where a version is served from: the store when published, else the local build folder, else null. */
export function servedVersionDir(store: FolderArtifactStore, appRoot: string, app: string, version: string): string | null {
  const published = store.versionDir(app, version);
  if (published) return published;
  if (!VERSION_PATTERN.test(version) || !(APP_FOLDERS as readonly string[]).includes(app)) return null;
  const local = localBuildDir(appRoot, app, version);
  return fs.existsSync(path.join(local, 'mf-manifest.json')) || fs.existsSync(path.join(local, 'index.html')) ? local : null;
}
