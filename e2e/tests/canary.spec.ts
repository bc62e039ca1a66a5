// A canary release reaches the browsers the server's rule puts in it and each keeps its version
// (docs/requirements.md#release-canary): released with the real deploy command into the e2e store,
// decided by the API per browser cookie (api/src/deploy/canary.ts), seeded per browser so the split is known.
// That the rule sends about half of many browsers the canary is the API's test (api/test/canary.test.ts);
// here a few real browsers on each side load what it decided.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { canaryBucket, CANARY_COOKIE, inCanary } from '../../api/src/deploy/canary';
import { expect, test } from '../support/test';
import { addHost, deploy, removeHosts } from '../support/deploy';
import { E2E_SHOP_PORT, REPO_ROOT } from '../support/paths.mjs';

const HOST = 'canary.localhost';
const HOST_FILE = 'canary.json';
const ORIGIN = `http://${HOST}:${E2E_SHOP_PORT}`;
const PERCENT = 50;
/** Browsers on each side of the split: seeded ids the rule puts in the canary, and as many it keeps out. */
const PER_SIDE = 2;

/** The first seeded browser ids on each side of the split for mf-menu at PERCENT. */
function seededBrowsers(): { browserId: string; inside: boolean }[] {
  const chosen: { browserId: string; inside: boolean }[] = [];
  for (let i = 0; chosen.length < 2 * PER_SIDE; i++) {
    const browserId = `e2e-browser-${String(i).padStart(2, '0')}`;
    const inside = inCanary(canaryBucket(browserId, 'mf_menu'), PERCENT);
    if (chosen.filter((b) => b.inside === inside).length < PER_SIDE) chosen.push({ browserId, inside });
  }
  return chosen;
}

/** The mf-menu version a page loads (its manifest request), after opening the food menu. */
async function menuVersionLoaded(page: Page, url: string): Promise<string> {
  const manifest = page.waitForRequest((r) => /\/mf\/mf-menu\/[^/]+\/mf-manifest\.json/.test(r.url()));
  await page.goto(url);
  const version = /\/mf\/mf-menu\/([^/]+)\//.exec((await manifest).url())![1]!;
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return version;
}

test('a canary at 50 % reaches the fresh browsers the rule puts in it and no others, and each keeps its version on reload', async ({ browser, shopClock }) => {
  test.setTimeout(5 * 60_000); // builds the canary version of mf-menu when this checkout has none yet
  const stable = '0.1.0';
  // A new mf-menu version of this checkout, named after its source state so a rerun reuses the build.
  const stamp = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'mf-menu', 'dist', stable, 'build-stamp.json'), 'utf8')) as { sourceHash: string };
  const candidate = `0.0.0-e2e-canary.${stamp.sourceHash}`;
  addHost(HOST_FILE, HOST);
  const contexts: BrowserContext[] = [];
  const fresh = async (browserId?: string) => {
    const context = await browser.newContext();
    contexts.push(context);
    await shopClock.installOn(context);
    if (browserId) await context.addCookies([{ name: CANARY_COOKIE, value: browserId, domain: HOST, path: '/' }]);
    return context;
  };
  try {
    expect(deploy(REPO_ROOT, 'canary', 'mf-menu', candidate, '--percent', String(PERCENT), '--host', HOST_FILE, '--build')).toContain(
      `${HOST_FILE}: mf-menu ${stable} → ${candidate}`,
    );

    for (const { browserId, inside } of seededBrowsers()) {
      const page = await (await fresh(browserId)).newPage();
      const version = await menuVersionLoaded(page, `${ORIGIN}/Speisen`);
      // The server's rule, seeded per browser: bucket < percent.
      expect(version, browserId).toBe(inside ? candidate : stable);
      // Sticky: a reload (and the descriptor the installed app checks) keeps the version.
      expect(await menuVersionLoaded(page, `${ORIGIN}/Speisen`)).toBe(version);
      expect(
        (await page.evaluate(async () => (await (await fetch('/deploy/descriptor.json')).json()) as { remotes: { mf_menu: { version: string } } })).remotes
          .mf_menu.version,
      ).toBe(version);
      await page.context().close();
    }

    // A browser without an id gets one from the server (a first-party cookie) and keeps its version by it.
    const context = await fresh();
    const page = await context.newPage();
    const first = await menuVersionLoaded(page, `${ORIGIN}/Speisen`);
    const cookie = (await context.cookies(ORIGIN)).find((c) => c.name === CANARY_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(first).toBe(inCanary(canaryBucket(cookie!.value, 'mf_menu'), PERCENT) ? candidate : stable);
    expect(await menuVersionLoaded(page, `${ORIGIN}/Speisen`)).toBe(first);

    // Rolled back: every browser on the host's version again.
    deploy(REPO_ROOT, 'rollback', 'mf-menu', '--host', HOST_FILE);
    expect(await menuVersionLoaded(page, `${ORIGIN}/Speisen`)).toBe(stable);
  } finally {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    removeHosts(HOST_FILE);
  }
});
