// App versions: built locally (<remote>/dist/<version>/, shell/dist-versions/<version>/) and published
// in the artifact store (<store>/<app>/<version>/). A published version is what the API serves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DeployError } from './errors.mjs';
import { REPO_ROOT } from './paths.mjs';
import { compareVersions, VERSION_PATTERN } from './remotes.mjs';

export const BUILD_INFO = 'build-info.json';

/** The local folder a versioned build is written to (shared/build/index.mjs outputDir). */
export function buildDir(appRoot, app, version) {
  if (version === 'local') return path.join(appRoot, 'shell', 'dist');
  return app.key === 'shell' ? path.join(appRoot, 'shell', 'dist-versions', version) : path.join(appRoot, app.folder, 'dist', version);
}

export function storeDir(paths, app, version) {
  return path.join(paths.storeDir, app.folder, version);
}

const entryFile = (app) => (app.key === 'shell' ? 'index.html' : 'mf-manifest.json');
const isBuilt = (dir, app) => fs.existsSync(path.join(dir, entryFile(app)));

/** The folder a version is served from: published first, else the local build; null when neither. */
export function servedDir(paths, app, version) {
  if (version !== 'local' && isBuilt(storeDir(paths, app, version), app)) return storeDir(paths, app, version);
  const local = buildDir(paths.appRoot, app, version);
  return isBuilt(local, app) ? local : null;
}

export function isPublished(paths, app, version) {
  return isBuilt(storeDir(paths, app, version), app);
}

function versionsIn(dir, app) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((v) => VERSION_PATTERN.test(v) && isBuilt(path.join(dir, v), app));
}

/** Versions of an app that can be served (built or published), oldest first. */
export function builtVersions(paths, app) {
  const local = versionsIn(app.key === 'shell' ? path.join(paths.appRoot, 'shell', 'dist-versions') : path.join(paths.appRoot, app.folder, 'dist'), app);
  return [...new Set([...local, ...versionsIn(path.join(paths.storeDir, app.folder), app)])].sort(compareVersions);
}

export function readBuildInfo(dir) {
  const file = path.join(dir, BUILD_INFO);
  if (!fs.existsSync(file)) return null;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Why a version cannot be released (or null when it can): it must be served from somewhere, its
 * manifest must name this remote and carry the public path of its own version folder.
 */
export function buildProblem(paths, app, version) {
  const dir = servedDir(paths, app, version);
  if (!dir)
    return `${app.folder} ${version} is neither published in ${paths.storeDir} nor built in ${path.relative(process.cwd(), buildDir(paths.appRoot, app, version)) || '.'}`;
  if (app.key === 'shell') return readBuildInfo(dir) ? null : `${dir} has no ${BUILD_INFO} (built before releases were gated?)`;
  const manifestFile = path.join(dir, 'mf-manifest.json');
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch (error) {
    return `${manifestFile} is not valid JSON (${error.message})`;
  }
  if (manifest.name !== app.key) return `${manifestFile} belongs to "${manifest.name}", not ${app.key}`;
  const publicPath = manifest.metaData?.publicPath;
  const expected = `/mf/${app.folder}/${version}/`;
  if (publicPath !== undefined && publicPath !== expected) {
    return `${manifestFile} was built for ${publicPath}, not ${expected} (copied folder?)`;
  }
  return null;
}

export function requireBuild(paths, app, version) {
  const problem = buildProblem(paths, app, version);
  if (!problem) return;
  const built = builtVersions(paths, app);
  throw new DeployError(
    `No usable build of ${app.folder} ${version}: ${problem}.\n` +
      `  Available versions of ${app.folder}: ${built.length ? built.join(', ') : 'none'}.\n` +
      `  Build it with --build (or: node deploy/cli.mjs build ${app.folder} ${version}).`,
  );
}

/**
 * Builds exactly one app as the given version (nothing else is rebuilt). An existing version (built
 * or published) is rebuilt only to prove it byte-identical: a different build is refused.
 */
export function buildVersion(paths, app, version, { log }) {
  const appDir = path.join(paths.appRoot, app.folder);
  if (!fs.existsSync(path.join(appDir, 'webpack.config.mjs'))) {
    throw new DeployError(`Cannot build ${app.folder}: ${appDir}/webpack.config.mjs is missing`);
  }
  log(`Building ${app.folder} ${version} …`);
  const published = storeDir(paths, app, version);
  const result = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'shared', 'build', 'build.mjs'), appDir, '--version', version, ...(fs.existsSync(published) ? ['--compare-with', published] : [])],
    { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' },
  );
  if (result.error) throw new DeployError(`Build of ${app.folder} ${version} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new DeployError(`Build of ${app.folder} ${version} failed: ${(result.stderr || '').trim() || `exit code ${result.status}`}`);
}
