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

export function isBuildCurrent(app) {
  const dir = appDir(app);
  const out = outputDir(dir, { host: app === 'shell', version: appVersion(dir) });
  const stamp = readStamp(out);
  return Boolean(stamp && stamp.sourceHash === sourceHash(dir) && fs.existsSync(out));
}

/** Builds, one after another, every app whose build is missing or stale. */
export async function buildOutdated({ force = false, log = console.log } = {}) {
  const built = [];
  // SHOP_BUILD_ONLY=shell,mf-cart limits the build to some apps (while working on one of them).
  const only = process.env.SHOP_BUILD_ONLY ? new Set(process.env.SHOP_BUILD_ONLY.split(',').map((s) => s.trim())) : null;
  for (const app of APPS) {
    if (only && !only.has(app)) continue;
    if (!force && isBuildCurrent(app)) continue;
    log(`building ${app} …`);
    const { ms } = await buildApp(appDir(app));
    log(`  ${app} built in ${(ms / 1000).toFixed(1)} s`);
    built.push(app);
  }
  return built;
}
