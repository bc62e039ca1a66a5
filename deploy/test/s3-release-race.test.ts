// Two release machines against one local S3-compatible server (s3rver from npm, started here) at the
// same moment (docs/requirements.md#release-control-plane): one wins, the other is told and changes
// nothing, no log entry is lost, and either machine can roll back.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeDigests } from '../../shared/build/integrity.mjs';
import { readReleaseLog, readStoredDescriptors, s3ControlStore } from '../../api/src/deploy/control-store';
import { startLocalS3, type LocalS3 } from './support/s3rver';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FOLDERS = ['mf-menu', 'mf-cart', 'mf-checkout', 'mf-account', 'mf-orders'];
const PROVIDED = { react: '18.3.1', rxjs: '7.8.2' };
const BUCKET = 'release-race';

let tmp: string;
let s3: LocalS3;

function fakeBuild(appRoot: string, folder: string, version: string) {
  const dir = folder === 'shell' ? path.join(appRoot, 'shell', 'dist') : path.join(appRoot, folder, 'dist', version);
  fs.mkdirSync(dir, { recursive: true });
  const name = folder.replace('-', '_');
  const entry = folder === 'shell' ? 'index.html' : 'mf-manifest.json';
  fs.writeFileSync(path.join(dir, entry), JSON.stringify({ name, metaData: { name, publicPath: `/mf/${folder}/${version}/` } }));
  const requires = Object.fromEntries(Object.entries(PROVIDED).map(([k, v]) => [k, `^${v}`]));
  fs.writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({ app: folder, name, version, contractVersion: 2, provides: PROVIDED, requires, files: [entry] }),
  );
  writeDigests(dir);
}

/** A release machine: its own checkout (seed), builds and local store folder; the shared bucket. */
function machine(name: string) {
  const root = path.join(tmp, name);
  const seed = path.join(root, 'hosts');
  fs.cpSync(path.join(REPO_ROOT, 'deploy', 'hosts'), seed, { recursive: true });
  // Development host names only (the production gate is tested in deploy/cli.test.ts).
  for (const file of fs.readdirSync(seed)) {
    const full = path.join(seed, file);
    fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replace(/, "[a-z-]+\.streetfood-hamburg\.de"/g, ''));
  }
  const appRoot = path.join(root, 'app');
  fakeBuild(appRoot, 'shell', 'local');
  const env = {
    ...process.env,
    ...s3.env,
    DEPLOY_HOSTS_DIR: seed,
    APP_ROOT: appRoot,
    ARTIFACT_STORE: path.join(root, 'store'),
    DEPLOY_PUBLIC_URL: '',
    DEPLOY_ACTOR: `ops@${name}`,
    DEPLOY_MACHINE: name,
  };
  return {
    appRoot,
    deploy: (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [path.join(REPO_ROOT, 'deploy', 'cli.mjs'), ...args], { env, encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
        );
      }),
  };
}

const bucket = () =>
  s3ControlStore({
    bucket: BUCKET,
    prefix: '',
    region: 'eu-central-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
async function inBucket() {
  const store = bucket();
  try {
    const descriptors = Object.fromEntries(
      (await readStoredDescriptors(store)).map((d) => [d.name, JSON.parse(d.text) as { remotes: Record<string, string> }]),
    );
    return { descriptors, log: await readReleaseLog(store) };
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-race-'));
  s3 = await startLocalS3(BUCKET);
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('two release machines, one bucket', () => {
  it('at the same moment: one wins, the other is told; no entry is lost; rollback works from either machine', async () => {
    const a = machine('machine-a');
    const b = machine('machine-b');
    for (const m of [a, b]) for (const folder of FOLDERS) fakeBuild(m.appRoot, folder, '0.1.0');
    fakeBuild(a.appRoot, 'mf-menu', '0.2.0');
    fakeBuild(b.appRoot, 'mf-cart', '0.2.0');
    for (const folder of FOLDERS) expect((await a.deploy('publish', folder, '0.1.0')).code).toBe(0);

    const [ra, rb] = await Promise.all([
      a.deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg'),
      b.deploy('release', 'mf-cart', '0.2.0', '--host', 'hamburg'),
    ]);
    const runs = [ra, rb];
    const winners = runs.filter((r) => r.code === 0);
    const told = runs.filter((r) => r.code !== 0);
    // Started together, both reach the lease within milliseconds while the winner holds it for seconds.
    expect(winners).toHaveLength(1);
    expect(told).toHaveLength(1);
    for (const r of told)
      expect(r.stderr).toMatch(/Another release is running: release mf-(menu|cart) 0\.2\.0 by ops@machine-[ab] on machine-[ab].*nothing was changed/);

    // The loser runs again once the winner is done; every release ends up in the log.
    if (ra.code !== 0) expect((await a.deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg')).code).toBe(0);
    if (rb.code !== 0) expect((await b.deploy('release', 'mf-cart', '0.2.0', '--host', 'hamburg')).code).toBe(0);
    let state = await inBucket();
    expect(state.descriptors['hamburg.json']!.remotes).toMatchObject({ mf_menu: '0.2.0', mf_cart: '0.2.0' });
    expect(state.log.map((e) => `${e.remote} ${e.to} ${String(e.actor)}`).sort()).toEqual(['mf-cart 0.2.0 ops@machine-b', 'mf-menu 0.2.0 ops@machine-a']);
    expect(state.log.map((e) => e.seq)).toEqual([1, 2]);

    // Each machine rolls back the other's release: the bucket's log is the one log.
    expect((await b.deploy('rollback', 'mf-menu', '--host', 'hamburg')).code).toBe(0);
    const rollbackA = await a.deploy('rollback', 'mf-cart', '--host', 'hamburg');
    expect(rollbackA.stderr).not.toMatch(/deploy:/);
    expect(rollbackA.code).toBe(0);
    state = await inBucket();
    expect(state.descriptors['hamburg.json']!.remotes).toMatchObject({ mf_menu: '0.1.0', mf_cart: '0.1.0' });
    expect(state.log.map((e) => `${e.seq} ${e.action} ${e.remote} ${e.from}→${e.to} ${String(e.machine)}`)).toEqual([
      expect.stringMatching(/^1 release mf-(menu|cart) 0\.1\.0→0\.2\.0 machine-[ab]$/),
      expect.stringMatching(/^2 release mf-(menu|cart) 0\.1\.0→0\.2\.0 machine-[ab]$/),
      '3 rollback mf-menu 0.2.0→0.1.0 machine-b',
      '4 rollback mf-cart 0.2.0→0.1.0 machine-a',
    ]);
  });

  it('a descriptor changed under a release is never overwritten (compare-and-swap on the bucket)', async () => {
    const { writeDescriptor, PreconditionFailedError } = await import('../../api/src/deploy/control-store');
    const store = bucket();
    try {
      const [first] = await readStoredDescriptors(store);
      // Someone else writes first; a writer still holding the old ETag is refused.
      await writeDescriptor(store, first!.name, `${first!.text}\n`, first!.etag);
      await expect(writeDescriptor(store, first!.name, `${first!.text} `, first!.etag)).rejects.toBeInstanceOf(PreconditionFailedError);
      await expect(store.put('releases/0000000001.json', '{}', { ifNoneMatch: true })).rejects.toBeInstanceOf(PreconditionFailedError);
    } finally {
      store.close();
    }
  });
});
