// Mixed versions: remotes of the previous version run on the current shell and the current
// remotes on the previous shell — the guest's whole journey works both ways. "Previous" is the main
// branch before this change (E2E_PREVIOUS_REF, default HEAD~1), built from a git worktree as its own
// versions, published into the e2e store and released (through the gate) on two hosts of their own.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../support/test';
import { orderTacosForPickup } from '../support/journeys';
import { addHost, deploy, removeHosts } from '../support/deploy';
import { E2E_DESCRIPTORS_DIR, E2E_SHOP_PORT, E2E_STORE_DIR, REPO_ROOT } from '../support/paths.mjs';
import { previousCommit } from '../support/previous-ref';
import { collectPageErrors } from '../support/shop';

const port = E2E_SHOP_PORT;
const PREVIOUS_REF = process.env.E2E_PREVIOUS_REF ?? 'HEAD~1';
const JOURNEY_REMOTES = ['mf-menu', 'mf-cart', 'mf-checkout', 'mf-orders'];
const HOSTS = { previousRemotes: 'mixed-remotes.localhost', previousShell: 'mixed-shell.localhost' };

/** Builds at once: two, one per core (a build is mostly one thread; the second core minifies beside it). */
const BUILDS_AT_ONCE = 2;

/** Builds every app of the worktree as `version`, BUILDS_AT_ONCE at a time. */
async function buildAll(worktree: string, apps: readonly string[], version: string): Promise<void> {
  const queue = [...apps];
  const lane = async () => {
    for (let app = queue.shift(); app; app = queue.shift())
      await promisify(execFile)(process.execPath, [path.join(worktree, 'shared', 'build', 'build.mjs'), path.join(worktree, app), '--version', version], {
        cwd: worktree,
      });
  };
  await Promise.all(Array.from({ length: BUILDS_AT_ONCE }, lane));
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
}

test('the previous remotes run on the current shell, the current remotes on the previous shell: a guest orders on both', async ({ page, shopClock }) => {
  test.setTimeout(10 * 60_000); // builds the previous shell and four remotes
  // A shallow clone fetches the previous version; without it the test fails instead of skipping.
  const sha = previousCommit(PREVIOUS_REF, REPO_ROOT);
  // Builds from before gated releases carry no build-info.json: the gate refuses them by design (ADR 0020).
  try {
    git('cat-file', '-e', `${PREVIOUS_REF}:shared/build/build-info-plugin.mjs`);
  } catch {
    throw new Error(`${PREVIOUS_REF} predates gated releases (ADR 0020): its builds cannot be released; set E2E_PREVIOUS_REF to a later commit`);
  }
  const previous = `0.0.0-prev.${sha}`;
  const worktree = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-previous-'));
  const errors = collectPageErrors(page);
  try {
    git('worktree', 'add', '--detach', '--force', worktree, PREVIOUS_REF);
    // Hard links: the same installed packages, the workspace links pointing into the worktree.
    execFileSync('cp', ['-al', path.join(REPO_ROOT, 'node_modules'), path.join(worktree, 'node_modules')]);
    await buildAll(worktree, ['shell', ...JOURNEY_REMOTES], previous);
    for (const app of ['shell', ...JOURNEY_REMOTES]) deploy(worktree, 'publish', app, previous);

    addHost('mixed-remotes.json', HOSTS.previousRemotes);
    addHost('mixed-shell.json', HOSTS.previousShell);
    // Published now: released from this checkout, whose builds are the current versions.
    for (const remote of JOURNEY_REMOTES) deploy(REPO_ROOT, 'release', remote, previous, '--host', 'mixed-remotes.json');
    deploy(REPO_ROOT, 'release', 'shell', previous, '--host', 'mixed-shell.json');

    const loaded = new Set<string>();
    page.on('request', (request) => {
      const m = /\/mf\/([^/]+)\/([^/]+)\//.exec(new URL(request.url()).pathname);
      if (m) loaded.add(`${m[1]}@${m[2]}`);
    });

    await orderTacosForPickup(page, () => shopClock.now(), `http://${HOSTS.previousRemotes}:${port}`);
    for (const remote of JOURNEY_REMOTES) expect(loaded).toContain(`${remote}@${previous}`);

    loaded.clear();
    await orderTacosForPickup(page, () => shopClock.now(), `http://${HOSTS.previousShell}:${port}`);
    // The previous shell's page, the current remotes.
    const shellHtml = await page.evaluate(async () => (await fetch('/', { cache: 'no-store' })).text());
    // The API adds the host's descriptor and the page's preloads to the shell's document (ADR 0025).
    const asBuilt = shellHtml
      .replace(/<template id="shop-cart-preloads">.*?<\/template>/, '')
      .replace(/<link rel="preload"[^>]*>/g, '')
      .replace(/<script type="application\/json" id="shop-descriptor">.*?<\/script>/, '');
    expect(asBuilt).toBe(fs.readFileSync(path.join(E2E_STORE_DIR, 'shell', previous, 'index.html'), 'utf8'));
    expect(shellHtml).toContain('<script type="application/json" id="shop-descriptor">');
    const current = (JSON.parse(fs.readFileSync(path.join(E2E_DESCRIPTORS_DIR, 'mixed-shell.json'), 'utf8')) as { remotes: Record<string, string> }).remotes;
    for (const remote of JOURNEY_REMOTES) {
      expect([...loaded].filter((v) => v.startsWith(`${remote}@`))).toEqual([`${remote}@${current[remote.replace('-', '_')]}`]);
    }
    expect(errors).toEqual([]);
  } finally {
    removeHosts('mixed-remotes.json', 'mixed-shell.json');
    spawnSync('git', ['worktree', 'remove', '--force', worktree], { cwd: REPO_ROOT });
    fs.rmSync(worktree, { recursive: true, force: true });
  }
});
