// Hash of everything an app's bundle is made from: its sources, the shared package and the lockfile.
// `npm start` rebuilds an app only when this hash differs from the one stamped into its build.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, SHARED_PACKAGE_DIR } from './index.mjs';

const IGNORED_DIRS = new Set(['node_modules', 'dist', '.data', 'test-results']);

function listFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (IGNORED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

export function sourceHash(appDir) {
  const files = [
    ...listFiles(path.join(appDir, 'src')),
    ...listFiles(path.join(appDir, 'public')),
    path.join(appDir, 'package.json'),
    path.join(appDir, 'webpack.config.mjs'),
    ...listFiles(path.join(SHARED_PACKAGE_DIR, 'src')),
    ...listFiles(path.join(SHARED_PACKAGE_DIR, 'build')),
    path.join(SHARED_PACKAGE_DIR, 'package.json'),
    path.join(REPO_ROOT, 'package-lock.json'),
  ]
    .filter((f) => fs.existsSync(f))
    .sort();
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(REPO_ROOT, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

export const STAMP_FILE = 'build-stamp.json';

export function readStamp(outDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, STAMP_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Stamps a build folder with the source hash it was built from. A development build (`npm run dev`)
 * says so: `npm start` and `npm run build` never take it for a current production build.
 * @param {string} appDir
 * @param {string} outDir
 * @param {'production' | 'development'} [mode]
 */
export function writeStamp(appDir, outDir, mode = 'production') {
  fs.writeFileSync(
    path.join(outDir, STAMP_FILE),
    JSON.stringify({ app: path.basename(appDir), sourceHash: sourceHash(appDir), mode, builtAt: new Date().toISOString() }, null, 2),
  );
}
