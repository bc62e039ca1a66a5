// The front-end apps and "build what is missing": an app is rebuilt when its build stamp's source
// hash differs from the current sources (or there is no build yet).
import path from 'node:path';
import fs from 'node:fs';
import { buildApp } from '../../shared/build/build.mjs';
import { appVersion, outputDir, REPO_ROOT } from '../../shared/build/index.mjs';
import { readStamp, sourceHash } from '../../shared/build/source-hash.mjs';

export { REPO_ROOT };
export const REMOTES = ['mf-menu', 'mf-cart', 'mf-checkout', 'mf-account', 'mf-orders'];
export const APPS = ['shell', ...REMOTES];

export function appDir(app) {
  return path.join(REPO_ROOT, app);
}

const buildDirOf = (app) => outputDir(appDir(app), { host: app === 'shell', version: appVersion(appDir(app)) });

/** The app has a build of its package version (current or not). */
export function hasBuild(app) {
  const out = buildDirOf(app);
  return fs.existsSync(out) && fs.readdirSync(out).length > 0;
}

export function isBuildCurrent(app) {
  const dir = appDir(app);
  const out = buildDirOf(app);
  const stamp = readStamp(out);
  // A development build (npm run dev, stamped 'development') is never current for a production build.
  return Boolean(stamp && stamp.mode !== 'development' && stamp.sourceHash === sourceHash(dir) && fs.existsSync(out));
}

/**
 * Builds, one after another, every app whose build is missing or stale.
 * @param {{ force?: boolean, log?: (message: string) => void, apps?: readonly string[] }} [options] apps: only these
 */
export async function buildOutdated({ force = false, log = console.log, apps = APPS } = {}) {
  const built = [];
  // SHOP_BUILD_ONLY=shell,mf-cart limits the build to some apps (while working on one of them).
  const only = process.env.SHOP_BUILD_ONLY ? new Set(process.env.SHOP_BUILD_ONLY.split(',').map((s) => s.trim())) : null;
  for (const app of APPS) {
    if (!apps.includes(app)) continue;
    if (only && !only.has(app)) continue;
    if (!force && isBuildCurrent(app)) continue;
    log(`building ${app} …`);
    const { ms } = await buildApp(appDir(app));
    log(`  ${app} built in ${(ms / 1000).toFixed(1)} s`);
    built.push(app);
  }
  return built;
}
