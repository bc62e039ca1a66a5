// The artifact store in an S3 bucket (official AWS SDK against a local server that answers as S3):
// one machine publishes and releases, another with nothing but the bucket serves every version the
// descriptors name, a third rolls back from the bucket's release log; a version in the bucket never changes.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config';
import { createApi, noAuth } from '../src/server';
import { fakeBuild } from './support/fake-build';
import { startFakeS3, type FakeS3 } from './support/s3-fake';
import { openMemoryPglite } from './support/databases';

const FOLDERS = ['mf-menu', 'mf-cart', 'mf-checkout', 'mf-account', 'mf-orders'];
const BUCKET = 'shop-artifacts';

let tmp: string;
let hostsDir: string;
let s3: FakeS3;

/** A machine: its own app root (builds) and local store folder, the shared descriptors and bucket. */
function machine(name: string) {
  const root = path.join(tmp, name);
  const env = {
    ...process.env,
    APP_ROOT: path.join(root, 'app'),
    ARTIFACT_STORE: path.join(root, 'store'),
    DEPLOY_HOSTS_DIR: hostsDir,
    DEPLOY_ACTOR: `ops@${name}`,
    DEPLOY_MACHINE: name,
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
  // Development host names only: the production gate (published shell, public URL, credential) is tested in deploy/cli.test.ts.
  for (const file of fs.readdirSync(hostsDir)) {
    const full = path.join(hostsDir, file);
    fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replace(/, "[a-z-]+\.streetfood-hamburg\.de"/g, ''));
  }
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
    expect(JSON.parse(s3.objects.get('releases/0000000001.json')!.toString('utf8'))).toMatchObject({ to: '0.2.0', actor: 'ops@releaser', machine: 'releaser' });
    expect(JSON.parse(s3.objects.get('descriptors/hamburg.json')!.toString('utf8')).remotes.mf_menu).toBe('0.2.0');
  });

  it('an API with nothing but the bucket pulls and serves every version the descriptors name', async () => {
    const b = machine('server');
    const api = await createApi(
      {
        ...loadConfig({ ...b.env, CHECK_RELEASES: 'on', DESCRIPTORS_FROM: 'store' }),
        logLevel: 'silent',
        deployHostsDir: hostsDir,
        appRoot: b.appRoot,
        artifactStore: b.store,
      },
      { database: await openMemoryPglite(), verifier: noAuth, seed: false },
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
    expect(JSON.parse(s3.objects.get('descriptors/hamburg.json')!.toString('utf8')).remotes.mf_menu).toBe('0.1.0');
    expect(JSON.parse(s3.objects.get('releases/0000000002.json')!.toString('utf8'))).toMatchObject({ action: 'rollback', actor: 'ops@oncall' });
  });

  it('a version in the bucket never changes: other bytes under its number are refused', async () => {
    const d = machine('other-builder');
    fakeBuild(d.appRoot, 'mf-menu', '0.2.0', 'a different build');
    const run = await d.deploy('publish', 'mf-menu', '0.2.0');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /mf-menu 0\.2\.0: (build-info|mf-manifest)\.json is in s3:\/\/shop-artifacts\/ with other bytes; published versions never change/,
    );
    expect(JSON.parse(s3.objects.get('mf-menu/0.2.0/mf-manifest.json')!.toString('utf8'))).toMatchObject({ marker: 'mf-menu 0.2.0' });
  });

  it('a tampered object in the bucket is refused on pull by a fresh machine and by an API (docs/requirements.md#release-integrity)', async () => {
    const a = machine('releaser');
    fakeBuild(a.appRoot, 'mf-menu', '0.3.0');
    expect((await a.deploy('publish', 'mf-menu', '0.3.0')).status).toBe(0);
    s3.objects.set(
      'mf-menu/0.3.0/mf-manifest.json',
      Buffer.from(JSON.stringify({ name: 'mf_menu', marker: 'evil', metaData: { publicPath: '/mf/mf-menu/0.3.0/' } })),
    );

    const fresh = machine('fresh');
    fakeBuild(fresh.appRoot, 'shell', 'local');
    const run = await fresh.deploy('release', 'mf-menu', '0.3.0', '--host', 'hamburg');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /mf-menu 0\.3\.0 in s3:\/\/shop-artifacts\/ failed its integrity check \(tampered or damaged; not pulled\): mf-manifest\.json has other bytes/,
    );
    expect(fs.existsSync(path.join(fresh.store, 'mf-menu', '0.3.0'))).toBe(false);

    const { pullNamedVersions } = await import('../src/deploy/pull-versions');
    const { folderArtifactStore } = await import('../src/deploy/artifact-store');
    const { s3Artifacts } = await import('../src/deploy/s3-artifacts');
    const seed = path.join(tmp, 'tampered-hosts');
    fs.cpSync(hostsDir, seed, { recursive: true });
    const hamburg = path.join(seed, 'hamburg.json');
    fs.writeFileSync(hamburg, fs.readFileSync(hamburg, 'utf8').replace(/"mf_menu": "[^"]+"/, '"mf_menu": "0.3.0"'));
    const refused: string[] = [];
    const bucket = s3Artifacts({
      bucket: BUCKET,
      prefix: '',
      region: 'eu-central-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    try {
      const pulled = await pullNamedVersions(seed, folderArtifactStore(path.join(tmp, 'api-store')), path.join(tmp, 'no-builds'), bucket, (e) =>
        refused.push(e.message),
      );
      expect(pulled).not.toContain('mf-menu 0.3.0');
    } finally {
      bucket.close();
    }
    expect(refused.join('\n')).toMatch(/mf-menu 0\.3\.0 .*failed its integrity check/);
    expect(fs.existsSync(path.join(tmp, 'api-store', 'mf-menu', '0.3.0'))).toBe(false);
  });
});
