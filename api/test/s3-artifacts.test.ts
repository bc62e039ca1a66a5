// The artifact store in an S3 bucket (official AWS SDK against a local server that answers as S3):
// one machine publishes and releases, another with nothing but the bucket serves every version the
// descriptors name, a third rolls back from the bucket's release log; a version in the bucket never changes.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createApi, noAuth } from '../src/server';
import { startFakeS3, type FakeS3 } from './support/s3-fake';

const FOLDERS = ['mf-menu', 'mf-cart', 'mf-checkout', 'mf-account', 'mf-orders'];
const BUCKET = 'shop-artifacts';

let tmp: string;
let hostsDir: string;
let s3: FakeS3;

function fakeBuild(appRoot: string, folder: string, version: string, marker = `${folder} ${version}`) {
  const dir = folder === 'shell' ? path.join(appRoot, 'shell', 'dist') : path.join(appRoot, folder, 'dist', version);
  fs.mkdirSync(dir, { recursive: true });
  const entry = folder === 'shell' ? 'index.html' : 'mf-manifest.json';
  fs.writeFileSync(path.join(dir, entry), JSON.stringify({ name: folder.replace('-', '_'), marker, metaData: { publicPath: `/mf/${folder}/${version}/` } }));
  const info = { app: folder, version, contractVersion: 2, provides: { rxjs: '7.8.2' }, requires: { rxjs: '^7.8.2' }, files: [entry] };
  fs.writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify(info));
}

/** A machine: its own app root (builds) and local store folder, the shared descriptors and bucket. */
function machine(name: string) {
  const root = path.join(tmp, name);
  const env = {
    ...process.env,
    APP_ROOT: path.join(root, 'app'),
    ARTIFACT_STORE: path.join(root, 'store'),
    DEPLOY_HOSTS_DIR: hostsDir,
    DEPLOY_RELEASE_LOG: '',
    DEPLOY_PUBLIC_URL: '',
    ARTIFACT_S3_BUCKET: BUCKET,
    ARTIFACT_S3_ENDPOINT: s3.endpoint,
    AWS_REGION: 'eu-central-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
  };
  return {
    env,
    appRoot: env.APP_ROOT,
    store: env.ARTIFACT_STORE,
    // Asynchronous: the fake S3 answers from this process, so its event loop must keep running.
    deploy: (...args: string[]) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [path.join(REPO_ROOT, 'deploy', 'cli.mjs'), ...args],
          { env, encoding: 'utf8', timeout: 120_000 },
          (error, stdout, stderr) => {
            resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
          },
        );
      }),
  };
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  hostsDir = path.join(tmp, 'hosts');
  fs.cpSync(path.join(REPO_ROOT, 'deploy', 'hosts'), hostsDir, { recursive: true });
  s3 = await startFakeS3(BUCKET);
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('artifact store in an S3 bucket', () => {
  it('a release machine uploads every published version and the release log', async () => {
    const a = machine('releaser');
    fakeBuild(a.appRoot, 'shell', 'local');
    for (const folder of FOLDERS) fakeBuild(a.appRoot, folder, '0.1.0');
    fakeBuild(a.appRoot, 'mf-menu', '0.2.0');
    for (const folder of FOLDERS) expect((await a.deploy('publish', folder, '0.1.0')).status).toBe(0);
    const released = await a.deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    expect(released.stderr).toBe('');
    expect(released.stdout).toContain(`mf-menu 0.2.0 uploaded to s3://${BUCKET}/`);
    expect(JSON.parse(s3.objects.get('mf-menu/0.2.0/mf-manifest.json')!.toString('utf8'))).toMatchObject({ marker: 'mf-menu 0.2.0' });
    expect(s3.objects.get('releases.log')!.toString('utf8')).toContain('"to":"0.2.0"');
  });

  it('an API with nothing but the bucket pulls and serves every version the descriptors name', async () => {
    const b = machine('server');
    const api = await createApi(
      { ...loadConfig({ ...b.env, CHECK_RELEASES: 'on' }), logLevel: 'silent', deployHostsDir: hostsDir, appRoot: b.appRoot, artifactStore: b.store },
      { database: await openDatabase({ pgliteDir: 'memory://' }), verifier: noAuth, seed: false },
    );
    try {
      const manifest = await api.app.inject({ method: 'GET', url: '/mf/mf-menu/0.2.0/mf-manifest.json', headers: { host: 'hamburg.localhost' } });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.json()).toMatchObject({ marker: 'mf-menu 0.2.0' });
      expect(fs.existsSync(path.join(b.store, 'mf-cart', '0.1.0', 'mf-manifest.json'))).toBe(true);
    } finally {
      await api.close();
    }
  });

  it('another machine rolls back from the bucket release log, pulling what the gate reads', async () => {
    const c = machine('oncall');
    fakeBuild(c.appRoot, 'shell', 'local');
    const run = await c.deploy('rollback', 'mf-menu', '--host', 'hamburg');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('hamburg.json: mf-menu 0.2.0 → 0.1.0');
    expect(JSON.parse(fs.readFileSync(path.join(hostsDir, 'hamburg.json'), 'utf8')).remotes.mf_menu).toBe('0.1.0');
    expect(s3.objects.get('releases.log')!.toString('utf8').trim().split('\n')).toHaveLength(2);
  });

  it('a version in the bucket never changes: other bytes under its number are refused', async () => {
    const d = machine('other-builder');
    fakeBuild(d.appRoot, 'mf-menu', '0.2.0', 'a different build');
    const run = await d.deploy('publish', 'mf-menu', '0.2.0');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/mf-menu 0\.2\.0: mf-manifest\.json is in s3:\/\/shop-artifacts\/ with other bytes; published versions never change/);
    expect(JSON.parse(s3.objects.get('mf-menu/0.2.0/mf-manifest.json')!.toString('utf8'))).toMatchObject({ marker: 'mf-menu 0.2.0' });
  });
});
