// Debian's Chromium for Playwright (Playwright's own browser download cannot run here).
import { ensureDebianPackage } from './debian-package.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium({ log = console.log } = {}) {
  return ensureDebianPackage({ binary: CHROMIUM_PATH, pkg: 'chromium', pathVariable: 'CHROMIUM_PATH', log });
}
