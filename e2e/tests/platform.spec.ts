// Host-based deployments in the browser: each branch host gets its own descriptor, and releasing
// one remote on one host (deploy command, one descriptor line) is live there at once, without a
// restart and without rebuilding anything else; a rollback brings the previous version back.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { E2E_DESCRIPTORS_DIR, E2E_HOSTS_DIR, E2E_SHOP_PORT, E2E_STORE_DIR, REPO_ROOT } from '../support/paths.mjs';
import { collectPageErrors } from '../support/shop';
import { PREVIEW_TOKEN_QUERY } from '../support/deploy';

const port = E2E_SHOP_PORT;
const urlFor = (host: string, pathname = '/') => `http://${host}:${port}${pathname}`;

function runDeploy(...args: string[]) {
  return spawnSync(process.execPath, [path.join(REPO_ROOT, 'deploy', 'cli.mjs'), ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DEPLOY_HOSTS_DIR: E2E_HOSTS_DIR,
      DEPLOY_ACTOR: 'e2e@platform',
      ARTIFACT_STORE: E2E_STORE_DIR,
      // The gate asks this API for its contract versions and fetches every file of the release here.
      DEPLOY_PUBLIC_URL: urlFor('127.0.0.1'),
    },
    encoding: 'utf8',
  });
}

function deploy(...args: string[]) {
  const res = runDeploy(...args);
  if (res.status !== 0) throw new Error(`deploy ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

/** The text mf-menu shows on the food overview, from the pure part of @shop/shared (bundled per app). */
const MENU_TEXTS = path.join(REPO_ROOT, 'shared', 'src', 'i18n', 'de', 'menu.ts');
const OLD_TEXT = 'Zu den Getränken';
const NEW_TEXT = 'Zu unseren Getränken';

/** Opens the food overview on a host; returns the versions of mf-menu whose files the page loaded. */
async function menuVersionsLoaded(page: Page, host: string, pathname = '/Speisen/all'): Promise<string[]> {
  const versions = new Set<string>();
  const listener = (request: { url(): string }) => {
    const m = /\/mf\/mf-menu\/([^/]+)\//.exec(new URL(request.url()).pathname);
    if (m) versions.add(m[1]!);
  };
  page.on('request', listener);
  await page.goto(urlFor(host, pathname));
  // The category grid is mf-menu's own page: it renders only if that remote loaded.
  await expect(page.getByTestId('category-grid')).toBeVisible();
  const rendered = await page.locator('[data-mf="mf_menu"]').getAttribute('data-mf-version');
  page.off('request', listener);
  if (rendered !== null) versions.add(`rendered:${rendered}`);
  return [...versions].sort();
}

test.describe('host-based deployments', () => {
  test('each branch host gets its own descriptor: postcode, city and pickup address', async ({ page }) => {
    const branchOf = async (host: string) => {
      await page.goto(urlFor(host));
      await expect(page.getByTestId('home')).toBeVisible();
      return page.evaluate(async () => ((await (await fetch('/deploy/descriptor.json')).json()) as ResolvedDescriptor).branch);
    };
    expect(await branchOf('eimsbuettel.localhost')).toMatchObject({
      defaultPlz: '20146',
      defaultCity: 'Eimsbüttel',
      pickupAddress: 'Street Food Eimsbüttel, Grindelallee 118, 20146 Hamburg',
    });
    expect(await branchOf('hamburg.localhost')).toMatchObject({
      defaultPlz: '20099',
      defaultCity: 'Hamburg',
      pickupAddress: 'Street Food St. Georg, Lange Reihe 42, 20099 Hamburg',
    });
  });

  test('a text changed in shared and built into mf-menu alone ships with mf-menu on one host; the others keep theirs; rollback restores; the version never changes', async ({
    page,
  }) => {
    test.setTimeout(10 * 60_000); // builds one remote, twice
    const errors = collectPageErrors(page);
    const version = `0.0.0-e2e.${Date.now()}`;
    const built = path.join(REPO_ROOT, 'mf-menu', 'dist', version);
    const stamps = () =>
      ['shell/dist', 'mf-menu/dist/0.1.0', 'mf-cart/dist', 'mf-checkout/dist', 'mf-account/dist', 'mf-orders/dist'].map((dir) => {
        const root = path.join(REPO_ROOT, dir);
        return fs.existsSync(root)
          ? fs
              .readdirSync(root)
              .map((f) => `${f}:${fs.statSync(path.join(root, f)).mtimeMs}`)
              .join()
          : '';
      });
    const before = stamps();
    const current = JSON.parse(fs.readFileSync(path.join(E2E_DESCRIPTORS_DIR, 'eimsbuettel.json'), 'utf8')).remotes.mf_menu as string;
    const original = fs.readFileSync(MENU_TEXTS, 'utf8');
    expect(original).toContain(`'${OLD_TEXT}'`);

    try {
      expect(await menuVersionsLoaded(page, 'eimsbuettel.localhost')).toEqual([current, `rendered:${current}`].sort());
      await expect(page.getByRole('link', { name: OLD_TEXT })).toBeVisible();

      // The change lives in @shop/shared's pure part; only mf-menu is built, as a new version.
      fs.writeFileSync(MENU_TEXTS, original.replace(`'${OLD_TEXT}'`, `'${NEW_TEXT}'`));
      const out = deploy('release', 'mf-menu', version, '--host', 'eimsbuettel.localhost', '--build');
      expect(out).toContain(`eimsbuettel.json: mf-menu ${current} → ${version}`);
      expect(stamps()).toEqual(before);

      expect(await menuVersionsLoaded(page, 'eimsbuettel.localhost')).toEqual([version, `rendered:${version}`].sort());
      await expect(page.getByRole('link', { name: NEW_TEXT })).toBeVisible();
      expect(await menuVersionsLoaded(page, 'hamburg.localhost')).toEqual([current, `rendered:${current}`].sort());
      await expect(page.getByRole('link', { name: OLD_TEXT })).toBeVisible();

      // QA: a preview host runs the candidate in one browser by override; a production host ignores the override.
      // (The preview host lets in only browsers with its token: docs/requirements.md#preview-apart.)
      expect(await menuVersionsLoaded(page, 'preview.localhost', `/Speisen/all?mf-override=mf_menu@${version}&${PREVIEW_TOKEN_QUERY}`)).toEqual(
        [version, `rendered:${version}`].sort(),
      );
      await expect(page.getByTestId('preview-badge')).toContainText(`mf_menu ${version}`);
      expect(await menuVersionsLoaded(page, 'hamburg.localhost', `/Speisen/all?mf-override=mf_menu@${version}`)).toEqual(
        [current, `rendered:${current}`].sort(),
      );
      await expect(page.getByTestId('preview-badge')).toHaveCount(0);

      // A released version never changes: rebuilding it from other sources is refused.
      fs.writeFileSync(MENU_TEXTS, original);
      const rebuild = runDeploy('build', 'mf-menu', version);
      expect(rebuild.status).toBe(1);
      expect(rebuild.stderr).toMatch(new RegExp(`mf-menu ${version.replace(/\./g, '\\.')} exists already .* and this build differs`));

      deploy('rollback', 'mf-menu', '--host', 'eimsbuettel.localhost');
      expect(await menuVersionsLoaded(page, 'eimsbuettel.localhost')).toEqual([current, `rendered:${current}`].sort());
      await expect(page.getByRole('link', { name: OLD_TEXT })).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      // Leave the sources and the e2e descriptors as they were and remove the throw-away build.
      fs.writeFileSync(MENU_TEXTS, original);
      const now = JSON.parse(fs.readFileSync(path.join(E2E_DESCRIPTORS_DIR, 'eimsbuettel.json'), 'utf8')).remotes.mf_menu;
      if (now === version) deploy('rollback', 'mf-menu', '--host', 'eimsbuettel.localhost');
      fs.rmSync(built, { recursive: true, force: true });
    }
  });
});
