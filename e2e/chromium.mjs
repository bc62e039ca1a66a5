// Debian's Chromium (Playwright's own browser download cannot run here), with the flags a closed
// network needs: no background networking, no component updates, no sync.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's headless shell of the same Chromium (package chromium-headless-shell): what Playwright itself
 * runs for headless tests. A new browser context costs about a third of the full browser's CPU (no
 * window, no top-chrome WebUI renderers); it has no notification prompt (Notification.permission is
 * "denied"), so tests of the push question run in the full browser (e2e/playwright.config.ts).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
