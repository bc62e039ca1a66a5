// @ts-check
// Integrity of a versioned build (docs/requirements.md#release-integrity): build-info.json lists a
// sha256 digest (SRI form, `sha256-<base64>`) of every file the build serves, written at build time
// after the .br/.gz copies. Publishing, pulling into an API's store and releasing check the folder
// against it: a file that is missing, extra or has other bytes is refused.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { filesOf } from './tree-compare.mjs';

export const BUILD_INFO_FILE = 'build-info.json';
/** Files that are not part of the served version: the build-info itself (and never compressed copies of it), the local build stamp. */
const UNLISTED = new Set([BUILD_INFO_FILE, 'build-stamp.json']);

/** @param {Buffer | string} bytes */
export const sha256Of = (bytes) => `sha256-${crypto.createHash('sha256').update(bytes).digest('base64')}`;

/**
 * Every served file of a build folder with its digest, sorted by name.
 * @param {string} dir
 * @returns {Record<string, string>}
 */
export function digestsOf(dir) {
  return Object.fromEntries(
    filesOf(dir)
      .filter((file) => !UNLISTED.has(file))
      .map((file) => [file, sha256Of(fs.readFileSync(path.join(dir, file)))]),
  );
}

/**
 * Adds `digests` to the build-info.json of a finished build (after precompression) and removes
 * compressed copies of build-info.json itself (it cannot list its own digest).
 * @param {string} dir
 */
export function writeDigests(dir) {
  const file = path.join(dir, BUILD_INFO_FILE);
  if (!fs.existsSync(file)) return;
  for (const copy of ['.br', '.gz']) fs.rmSync(`${file}${copy}`, { force: true });
  const info = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, JSON.stringify({ ...info, digests: digestsOf(dir) }, null, 2) + '\n');
}

/**
 * Why the folder does not hold exactly the bytes its build-info.json lists (empty when it does).
 * @param {string} dir
 * @returns {string[]}
 */
export function integrityProblems(dir) {
  const file = path.join(dir, BUILD_INFO_FILE);
  let info;
  try {
    info = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return [`${file} cannot be read (${/** @type {Error} */ (error).message})`];
  }
  /** @type {Record<string, string> | undefined} */
  const expected = info?.digests;
  if (!expected || typeof expected !== 'object') return [`${file} lists no file digests (built before builds carried digests? rebuild it as a new version)`];
  const actual = digestsOf(dir);
  const problems = [];
  for (const [name, digest] of Object.entries(expected)) {
    if (!(name in actual)) problems.push(`${name} is missing`);
    else if (actual[name] !== digest) problems.push(`${name} has other bytes than its build (sha256 ${actual[name]}, expected ${digest})`);
  }
  for (const name of Object.keys(actual)) if (!(name in expected)) problems.push(`${name} is not part of the build`);
  return problems;
}

/**
 * Throws when the folder does not hold exactly its build's bytes.
 * @param {string} dir
 * @param {string} what e.g. 'mf-menu 0.2.0'
 * @public used by deploy/lib/store.mjs (the release tooling, outside this workspace)
 */
export function assertIntegrity(dir, what) {
  const problems = integrityProblems(dir);
  if (problems.length === 0) return;
  const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? ` and ${problems.length - 5} more` : '');
  throw new IntegrityError(`${what} failed its integrity check in ${dir} (tampered or damaged; refused): ${shown}`);
}

export class IntegrityError extends Error {}
