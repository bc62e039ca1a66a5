// An installed app takes a shell release and a rollback without closing its window
// (docs/requirements.md#app-update): one browser session with the service worker controlling the
// page, on a host of its own whose shell is released and rolled back with the real deploy command.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { fillCart } from '../support/checkout';
import { addHost, deploy, removeHosts } from '../support/deploy';
import { E2E_SHOP_PORT, E2E_STORE_DIR, REPO_ROOT } from '../support/paths.mjs';
import { collectPageErrors } from '../support/shop';

const HOST_FILE = 'app-update.json';
const ORIGIN = `http://app-update.localhost:${E2E_SHOP_PORT}`;
/** The shell checks for a release at most once a minute (shell/src/update/update-policy.ts). */
const CHECK_INTERVAL_MS = 60_000;

/** The shell's main chunk a document names (each shell version has its own). */
const mainChunkOf = (html: string) => /<script[^>]+src=["']?\/?(main\.[0-9a-f]{8}\.js)/.exec(html)?.[1] ?? null;
/** The main chunk the page runs; null while a reload replaces the document. */
const runningMainChunk = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src*="main."]')?.src.split('/').pop() ?? null).catch(() => null);
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** Marks the document; a reload loses the mark. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => 'e2eSameDocument' in window);
const navigateInApp = (page: Page, to: string) => page.evaluate((url) => history.pushState(null, '', url), to);

/** After the check interval, an in-app navigation asks for a new service worker and the host's descriptor. */
async function navigateAfterInterval(page: Page, to: string) {
  await page.clock.fastForward(CHECK_INTERVAL_MS + 1000);
  await navigateInApp(page, to);
}

test.describe('the installed app', () => {
  test.use({ serviceWorkers: 'allow' });

  test('takes a shell release at a safe moment (offered during checkout) and a rollback, in the same window', async ({ page }) => {
    test.setTimeout(8 * 60_000); // builds a shell version when this shell's sources have none yet
    const errors = collectPageErrors(page);
    page.setDefaultNavigationTimeout(30_000);
    // A new shell version of this checkout: its own version name per source state, so a rerun reuses the build.
    const stamp = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'build-stamp.json'), 'utf8')) as { sourceHash: string };
    const version = `0.0.0-e2e-update.${stamp.sourceHash}`;
    const localMain = mainChunkOf(fs.readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'index.html'), 'utf8'));
    addHost(HOST_FILE, 'app-update.localhost');
    try {
      // A cart with tacos (priced as the menu's add-to-cart stores it), carried to the test host.
      await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 1 }]);
      const cart = await page.evaluate(() => localStorage.getItem('cart:items'));
      // Installed: the service worker controls the page (it precached the local shell).
      await page.goto(`${ORIGIN}/`);
      await expect(page.getByTestId('home')).toBeVisible();
      await page.evaluate(async (items) => {
        localStorage.setItem('cart:items', items ?? '');
        await navigator.serviceWorker.ready;
      }, cart);
      await page.reload();
      await expect(page.getByTestId('home')).toBeVisible();
      expect(await controlled(page)).toBe(true);
      expect(await runningMainChunk(page)).toBe(localMain);

      // A guest in checkout when the new shell goes live.
      await page.goto(`${ORIGIN}/Korb`);
      await expect(page.getByText('Tacos al Pastor').first()).toBeVisible();
      deploy(REPO_ROOT, 'release', 'shell', version, '--host', HOST_FILE, '--build');
      const releasedMain = mainChunkOf(fs.readFileSync(path.join(E2E_STORE_DIR, 'shell', version, 'index.html'), 'utf8'));
      expect(releasedMain).not.toBe(localMain);

      await markDocument(page);
      await navigateAfterInterval(page, '/CheckoutTakeawayWithPay');
      await expect(page.getByTestId('payment-test-mode')).toBeVisible();
      // Never reloaded during checkout: offered instead.
      const banner = page.getByTestId('shell-update-banner');
      await expect(banner).toContainText('Neue Version verfügbar');
      expect(await sameDocument(page)).toBe(true);
      expect(await runningMainChunk(page)).toBe(localMain);

      // Leaving checkout is the safe moment: the app reloads into the new shell, served by the new worker.
      await navigateInApp(page, '/Korb');
      await expect.poll(() => runningMainChunk(page), { timeout: 20_000 }).toBe(releasedMain);
      await expect(page.getByText('Tacos al Pastor').first()).toBeVisible();
      expect(await controlled(page)).toBe(true);
      // Reloading `/` gives the new shell too (not the old precache).
      await page.goto(`${ORIGIN}/`);
      await expect(page.getByTestId('home')).toBeVisible();
      expect(await runningMainChunk(page)).toBe(releasedMain);

      // The rollback reaches the same window the same way: at the next navigation after the interval.
      deploy(REPO_ROOT, 'rollback', 'shell', '--host', HOST_FILE);
      await markDocument(page);
      await navigateAfterInterval(page, '/Korb');
      await expect.poll(() => runningMainChunk(page), { timeout: 20_000 }).toBe(localMain);
      expect(await sameDocument(page)).toBe(false);
      await expect(page.getByText('Tacos al Pastor').first()).toBeVisible();
      await page.goto(`${ORIGIN}/`);
      await expect(page.getByTestId('home')).toBeVisible();
      expect(await runningMainChunk(page)).toBe(localMain);
      expect(errors).toEqual([]);
    } finally {
      removeHosts(HOST_FILE);
    }
  });
});
