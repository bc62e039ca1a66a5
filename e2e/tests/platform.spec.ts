// Host-based deployments in the browser: each branch host gets its own descriptor, and releasing
// one remote on one host (deploy command, one descriptor line) is live there at once, without a
// restart and without rebuilding anything else; a rollback brings the previous version back.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { E2E_DIR, E2E_HOSTS_DIR, REPO_ROOT } from '../support/paths.mjs';
import { collectPageErrors } from '../support/shop';

const port = Number(process.env.E2E_PORT ?? 4310);
const urlFor = (host: string, pathname = '/') => `http://${host}:${port}${pathname}`;
const RELEASE_LOG = path.join(E2E_DIR, '.tmp', 'releases.log');

function deploy(...args: string[]) {
  const res = spawnSync(process.execPath, [path.join(REPO_ROOT, 'deploy', 'cli.mjs'), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DEPLOY_HOSTS_DIR: E2E_HOSTS_DIR, DEPLOY_RELEASE_LOG: RELEASE_LOG },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`deploy ${args.join(' ')} failed (${res.status}):\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

/** Opens the food overview on a host; returns the versions of mf-menu whose files the page loaded. */
async function menuVersionsLoaded(page: Page, host: string): Promise<string[]> {
  const versions = new Set<string>();
  const listener = (request: { url(): string }) => {
    const m = /\/mf\/mf-menu\/([^/]+)\//.exec(new URL(request.url()).pathname);
    if (m) versions.add(m[1]!);
  };
  page.on('request', listener);
  await page.goto(urlFor(host, '/Speisen/all'));
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

  test('releasing mf-menu on one host is live there at once; the other host and the other apps are untouched; rollback restores', async ({ page }) => {
    test.setTimeout(10 * 60_000); // builds one remote
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
    const current = JSON.parse(fs.readFileSync(path.join(E2E_HOSTS_DIR, 'eimsbuettel.json'), 'utf8')).remotes.mf_menu as string;

    try {
      expect(await menuVersionsLoaded(page, 'eimsbuettel.localhost')).toEqual([current, `rendered:${current}`].sort());

      const out = deploy('release', 'mf-menu', version, '--host', 'eimsbuettel.localhost', '--build');
      expect(out).toContain(`eimsbuettel.json: mf-menu ${current} → ${version}`);
      expect(stamps()).toEqual(before);

      expect(await menuVersionsLoaded(page, 'eimsbuettel.localhost')).toEqual([version, `rendered:${version}`].sort());
      expect(await menuVersionsLoaded(page, 'hamburg.localhost')).toEqual([current, `rendered:${current}`].sort());

      deploy('rollback', 'mf-menu', '--host', 'eimsbuettel.localhost');
      expect(await menuVersionsLoaded(page, 'eimsbuettel.localhost')).toEqual([current, `rendered:${current}`].sort());
      expect(errors).toEqual([]);
    } finally {
      // Leave the e2e descriptors as they were and remove the throw-away build.
      const now = JSON.parse(fs.readFileSync(path.join(E2E_HOSTS_DIR, 'eimsbuettel.json'), 'utf8')).remotes.mf_menu;
      if (now === version) deploy('rollback', 'mf-menu', '--host', 'eimsbuettel.localhost');
      fs.rmSync(built, { recursive: true, force: true });
    }
  });
});
