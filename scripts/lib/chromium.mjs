// Debian's Chromium for Playwright (Playwright's own browser download cannot run here): the full browser
// and its headless shell (e2e/chromium.mjs says which test runs in which).
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../../e2e/chromium.mjs';
import { ensureDebianPackage } from './debian-package.mjs';

/** Both browsers exist afterwards (installed as root when missing), or this throws naming what to install. */
export function ensureChromium({ log = console.log } = {}) {
  const full = ensureDebianPackage({ binary: CHROMIUM_PATH, pkg: 'chromium', pathVariable: 'CHROMIUM_PATH', log });
  const shell = ensureDebianPackage({ binary: HEADLESS_SHELL_PATH, pkg: 'chromium-headless-shell', pathVariable: 'CHROMIUM_HEADLESS_SHELL_PATH', log });
  return `${full} and ${shell}`;
}
