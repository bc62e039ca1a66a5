// Programs the project takes from Debian's packages (Chromium for Playwright, nginx for the cluster):
// installed when missing and running as root; otherwise a clear message naming what to install.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * `binary` exists afterwards, or this throws with the command to run. `pathVariable` names the
 * environment variable that points at another copy of the program.
 */
export function ensureDebianPackage({ binary, pkg, pathVariable, log = console.log }) {
  if (fs.existsSync(binary)) return binary;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `${pkg} is missing (${binary}). Install Debian's package as root: apt-get install -y ${pkg} ` + `(or set ${pathVariable} to an existing ${pkg}).`,
    );
  }
  log(`${pkg} is missing: installing Debian package "${pkg}" …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
  if (!fs.existsSync(binary)) throw new Error(`apt-get finished but ${binary} does not exist`);
  return binary;
}
