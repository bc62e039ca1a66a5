// Built remote versions: <appRoot>/<remote>/dist/<version>/ with mf-manifest.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DeployError } from './errors.mjs';
import { REPO_ROOT } from './paths.mjs';
import { compareVersions, VERSION_PATTERN } from './remotes.mjs';

export function buildDir(appRoot, remote, version) {
  return path.join(appRoot, remote.folder, 'dist', version);
}

/** Versions of a remote that have a build folder with a manifest, oldest first. */
export function builtVersions(appRoot, remote) {
  const dist = path.join(appRoot, remote.folder, 'dist');
  if (!fs.existsSync(dist)) return [];
  return fs
    .readdirSync(dist)
    .filter((v) => VERSION_PATTERN.test(v) && fs.existsSync(path.join(dist, v, 'mf-manifest.json')))
    .sort(compareVersions);
}

/**
 * Why a build cannot be released (or null when it can): the manifest must exist, be JSON, name this
 * remote, and carry the public path of its own version folder (chunks are loaded from there).
 */
export function buildProblem(appRoot, remote, version) {
  const manifestFile = path.join(buildDir(appRoot, remote, version), 'mf-manifest.json');
  if (!fs.existsSync(manifestFile)) return `${path.relative(process.cwd(), manifestFile) || manifestFile} is missing`;
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch (error) {
    return `${manifestFile} is not valid JSON (${error.message})`;
  }
  if (manifest.name !== remote.key) return `${manifestFile} belongs to "${manifest.name}", not ${remote.key}`;
  const publicPath = manifest.metaData?.publicPath;
  const expected = `/mf/${remote.folder}/${version}/`;
  if (publicPath !== undefined && publicPath !== expected) {
    return `${manifestFile} was built for ${publicPath}, not ${expected} (copied folder?)`;
  }
  return null;
}

export function requireBuild(appRoot, remote, version) {
  const problem = buildProblem(appRoot, remote, version);
  if (!problem) return;
  const built = builtVersions(appRoot, remote);
  throw new DeployError(
    `No usable build of ${remote.folder} ${version}: ${problem}.\n` +
      `  Built versions of ${remote.folder}: ${built.length ? built.join(', ') : 'none'}.\n` +
      `  Build it with --build (or: node shared/build/build.mjs ${remote.folder} --version ${version}).`,
  );
}

/** Builds exactly one remote as the given version (nothing else is rebuilt). */
export function buildRemote(appRoot, remote, version, { log }) {
  const appDir = path.join(appRoot, remote.folder);
  if (!fs.existsSync(path.join(appDir, 'webpack.config.mjs'))) {
    throw new DeployError(`Cannot build ${remote.folder}: ${appDir}/webpack.config.mjs is missing`);
  }
  log(`Building ${remote.folder} ${version} …`);
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'shared', 'build', 'build.mjs'), appDir, '--version', version], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.error) throw new DeployError(`Build of ${remote.folder} ${version} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new DeployError(`Build of ${remote.folder} ${version} failed (exit code ${result.status}); nothing was released`);
}
