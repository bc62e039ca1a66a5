import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_TIME_MATRIX, TEST_INSTANTS, TIME_TAG } from '@shop/shared/testing/instants';
import { CHROMIUM_ARGS, CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './chromium.mjs';
import { E2E_BASE_PORT, E2E_SHOP_PORT } from './support/paths.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * Workers run side by side, each against a shop of its own (server, database, clock, descriptors) on
 * E2E_BASE_PORT + its parallel index: a test sets the shop's clock, so two tests never share a shop.
 */
const workers = Number(process.env.E2E_WORKERS ?? 1);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The whole suite runs at the default test instant (project "shop"); the time matrix runs the tests
 * tagged @time again at the instants of E2E_TIME_MATRIX, or at every instant of TEST_INSTANTS with
 * SHOP_TIME_MATRIX=all (SHOP_TIME_MATRIX=off skips it while working).
 */
type InstantLabel = keyof typeof TEST_INSTANTS;
const matrixLabels: readonly InstantLabel[] =
  process.env.SHOP_TIME_MATRIX === 'off' ? [] : process.env.SHOP_TIME_MATRIX === 'all' ? (Object.keys(TEST_INSTANTS) as InstantLabel[]) : E2E_TIME_MATRIX;
const timeMatrix = matrixLabels.map((label) => ({
  name: `at ${label}`,
  grep: new RegExp(escape(TIME_TAG)),
  use: { shopTime: TEST_INSTANTS[label] },
}));

/**
 * The browsers (ADR 0033): tests run in Chromium's headless shell, as Playwright's own headless tests do (a
 * context costs a third of the full browser's CPU); tests tagged NOTIFICATIONS_TAG need the notification
 * prompt the shell does not have and run in the full browser.
 */
const NOTIFICATIONS_TAG = '@notifications';
const headlessShell = { launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS } };
const fullBrowser = { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } };

/**
 * Journeys across remotes against the full stack (built bundles, API on a fresh PGlite database,
 * the Firebase Auth emulator) in Debian's Chromium at phone width.
 */
export default defineConfig<{ shopTime: string }>({
  testDir: path.join(here, 'tests'),
  outputDir: path.join(here, 'test-results'),
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: path.join(here, 'playwright-report') }]],
  use: {
    // E2E_HOST runs the suite against another host's descriptor (e.g. preview.localhost; deploy/README.md).
    // The worker's own shop (E2E_SHOP_PORT: E2E_BASE_PORT + its parallel index; checked in e2e/support/test.ts).
    baseURL: `http://${process.env.E2E_HOST ?? 'localhost'}:${E2E_SHOP_PORT}`,
    // A preview host lets in only browsers with its token (docs/requirements.md#preview-apart): the
    // development token of deploy/hosts/preview.json unless E2E_PREVIEW_TOKEN names another.
    ...(process.env.E2E_HOST
      ? {
          storageState: {
            cookies: [
              {
                name: 'shop_preview',
                value: process.env.E2E_PREVIEW_TOKEN ?? 'vorschau-lokal',
                domain: process.env.E2E_HOST,
                path: '/',
                expires: -1,
                httpOnly: true,
                secure: false,
                sameSite: 'Lax' as const,
              },
            ],
            origins: [],
          },
        }
      : {}),
    viewport: { width: 412, height: 915 },
    locale: 'de-DE',
    // page.route cannot see requests a service worker makes; tests/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    timezoneId: 'Europe/Berlin',
    ...headlessShell,
    // Traces cost about a third of the suite's time and a CI run keeps no files: only where one can open them.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'shop', grepInvert: new RegExp(NOTIFICATIONS_TAG) },
    { name: 'notifications', grep: new RegExp(NOTIFICATIONS_TAG), use: fullBrowser },
    ...timeMatrix,
  ],
  webServer: Array.from({ length: workers }, (_, index) => ({
    // tsx: serve.mjs imports the default test instant from shared (TypeScript).
    command: `node --import tsx ${JSON.stringify(path.join(here, 'support', 'serve.mjs'))}`,
    url: `http://127.0.0.1:${E2E_BASE_PORT + index}/api/health`,
    timeout: 15 * 60_000,
    reuseExistingServer: !process.env.CI,
    env: { E2E_PORT: String(E2E_BASE_PORT + index) },
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
