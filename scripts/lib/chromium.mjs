// Debian's Chromium for Playwright (Playwright's own browser download cannot run here).
// Installed from Debian's packages when missing and running as root; otherwise a clear message.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium({ log = console.log } = {}) {
  if (fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium is missing (${CHROMIUM_PATH}). Install Debian's package as root: apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH to an existing Chromium).',
    );
  }
  log('Chromium is missing: installing Debian package "chromium" …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} does not exist`);
  return CHROMIUM_PATH;
}
