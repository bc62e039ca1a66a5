// Host-based deployments: the descriptor per Host, live changes without restart, and the branch
// settings GetAppconfig returns per host. Works on a temporary copy of deploy/hosts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchSettings, ResolvedDescriptor } from '@shop/shared/contract';
import { loadConfig, REPO_ROOT } from '../src/config';
import { createDescriptorSource } from '../src/deploy/descriptors';
import { createApi, noAuth, type Api } from '../src/server';
import { applicationDatabase, openMemoryPglite } from './support/databases';
import { fakeBuild } from './support/fake-build';
import { copyHosts, startDescriptorApi, type DescriptorApi } from './support/descriptor-api';
import { TEST_BROWSER_ID } from './support/test-api';

const HAMBURG = { defaultPlz: '20099', defaultCity: 'Hamburg', pickupAddress: 'Street Food St. Georg, Lange Reihe 42, 20099 Hamburg' };
const EIMSBUETTEL = { defaultPlz: '20146', defaultCity: 'Eimsbüttel', pickupAddress: 'Street Food Eimsbüttel, Grindelallee 118, 20146 Hamburg' };

/** The temporary folders of this file. */
const TMP_PREFIX = 'platform-descriptors-';

describe('GET /deploy/descriptor.json', () => {
  let fixture: DescriptorApi;
  let tmp: string;
  /** The store's descriptors: the hand edits below edit them, and the deploy command writes there. */
  let hostsDir: string;
  let api: Api;

  const descriptorFor = async (headers: Record<string, string>) => {
    const res = await api.app.inject({ method: 'GET', url: '/deploy/descriptor.json', headers });
    expect(res.statusCode).toBe(200);
    return { res, body: res.json<ResolvedDescriptor>() };
  };

  beforeAll(async () => {
    fixture = await startDescriptorApi(TMP_PREFIX);
    ({ api, tmp, descriptorsDir: hostsDir } = fixture);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('serves each branch host its own postcode, city and pickup address, never cached', async () => {
    const local = await descriptorFor({ host: 'localhost:3000' });
    const hamburg = await descriptorFor({ host: 'hamburg.localhost:3000' });
    const eimsbuettel = await descriptorFor({ host: 'eimsbuettel.localhost' });

    expect(local.body.branch).toMatchObject({ ...HAMBURG, filialnummer: 1 });
    expect(hamburg.body.branch).toMatchObject({ ...HAMBURG, filialnummer: 1 });
    expect(eimsbuettel.body.branch).toMatchObject({ ...EIMSBUETTEL, filialnummer: 2 });
    expect(eimsbuettel.body.host).toBe('eimsbuettel.localhost');
    expect(local.res.headers['cache-control']).toContain('no-cache');
    expect(local.res.headers['cache-control']).toContain('no-store');
  });

  it('resolves every remote to the manifest of its versioned folder', async () => {
    const { body } = await descriptorFor({ host: 'hamburg.localhost' });
    expect(Object.keys(body.remotes).sort()).toEqual(['mf_account', 'mf_cart', 'mf_checkout', 'mf_menu', 'mf_orders']);
    expect(body.remotes.mf_menu).toEqual({ version: '0.1.0', entry: '/mf/mf-menu/0.1.0/mf-manifest.json' });
    expect(body.remotes.mf_checkout).toEqual({ version: '0.1.0', entry: '/mf/mf-checkout/0.1.0/mf-manifest.json' });
    expect(body.payments.mode).toBe('test');
  });

  it('picks the host case-insensitively and ignores X-Forwarded-Host unless a trusted proxy sent it', async () => {
    expect((await descriptorFor({ host: 'EIMSBUETTEL.localhost' })).body.branch.defaultPlz).toBe('20146');
    // Any client can send X-Forwarded-Host: without TRUST_PROXY it must not pick the branch.
    const spoofed = await descriptorFor({ host: 'localhost:3000', 'x-forwarded-host': 'eimsbuettel.streetfood-hamburg.de' });
    expect(spoofed.body.branch).toMatchObject(HAMBURG);

    const config = { ...loadConfig({ TRUST_PROXY: '127.0.0.1' }), logLevel: 'silent', deployHostsDir: hostsDir, appRoot: tmp };
    const behindProxy = await createApi(config, { database: await openMemoryPglite(), verifier: noAuth, seed: false });
    try {
      const res = await behindProxy.app.inject({
        method: 'GET',
        url: '/deploy/descriptor.json',
        headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'eimsbuettel.streetfood-hamburg.de' },
      });
      expect(res.json<ResolvedDescriptor>().branch).toMatchObject(EIMSBUETTEL);
    } finally {
      await behindProxy.close();
    }
  });

  it('serves the default (*) descriptor to an unknown host', async () => {
    // Make the default distinguishable from hamburg.json, whose branch settings are the same.
    const file = path.join(hostsDir, 'localhost.json');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"mf_cart": "0.1.0"', '"mf_cart": "0.1.9"'));
    const unknown = await descriptorFor({ host: 'altona.example.org' });
    expect(unknown.body.branch).toMatchObject(HAMBURG);
    expect(unknown.body.remotes.mf_cart?.version).toBe('0.1.9');
    expect((await descriptorFor({ host: 'hamburg.localhost' })).body.remotes.mf_cart?.version).toBe('0.1.0');
  });

  it('serves a release made with the deploy command at once, without a restart', async () => {
    const appRoot = path.join(tmp, 'app');
    fakeBuild(appRoot, 'shell', 'local');
    fakeBuild(appRoot, 'mf-menu', '0.1.0');
    fakeBuild(appRoot, 'mf-menu', '0.2.0');
    const deploy = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(REPO_ROOT, 'deploy', 'cli.mjs'), ...args], {
        env: {
          ...process.env,
          DEPLOY_HOSTS_DIR: hostsDir,
          APP_ROOT: appRoot,
          ARTIFACT_STORE: path.join(tmp, 'store'),
          DEPLOY_PUBLIC_URL: '',
          DEPLOY_ACTOR: 'test',
        },
        encoding: 'utf8',
      });

    // A development host (the production gate is tested in deploy/cli.test.ts).
    const eimsbuettel = path.join(hostsDir, 'eimsbuettel.json');
    fs.writeFileSync(eimsbuettel, fs.readFileSync(eimsbuettel, 'utf8').replace(', "eimsbuettel.streetfood-hamburg.de"', ''));
    const released = deploy('release', 'mf-menu', '0.2.0', '--host', 'eimsbuettel.localhost');
    expect(released.stderr).toBe('');
    expect(released.status).toBe(0);
    const after = await descriptorFor({ host: 'eimsbuettel.localhost' });
    expect(after.body.remotes.mf_menu).toEqual({ version: '0.2.0', entry: '/mf/mf-menu/0.2.0/mf-manifest.json' });
    expect(after.body.branch).toMatchObject(EIMSBUETTEL);
    expect((await descriptorFor({ host: 'hamburg.localhost' })).body.remotes.mf_menu?.version).toBe('0.1.0');

    expect(deploy('rollback', 'mf-menu', '--host', 'eimsbuettel').status).toBe(0);
    expect((await descriptorFor({ host: 'eimsbuettel.localhost' })).body.remotes.mf_menu?.version).toBe('0.1.0');
  });

  it('keeps serving the last valid descriptors when a file is broken by hand', async () => {
    const file = path.join(hostsDir, 'hamburg.json');
    const good = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, good.replace('"defaultPlz": "20099"', '"defaultPlz": "Hamburg"'));
    const res = await api.app.inject({ method: 'GET', url: '/deploy/descriptor.json', headers: { host: 'hamburg.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<ResolvedDescriptor>().branch.defaultPlz).toBe('20099');
    fs.writeFileSync(file, good.replace('Lange Reihe 42', 'Lange Reihe 44'));
    expect((await descriptorFor({ host: 'hamburg.localhost' })).body.branch.pickupAddress).toContain('Lange Reihe 44');
  });
});

describe('descriptor source', () => {
  it('refuses to start with an invalid descriptor and names the file and field', () => {
    const { tmp, hostsDir } = copyHosts(TMP_PREFIX);
    try {
      const file = path.join(hostsDir, 'eimsbuettel.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"mf_menu": "0.1.0"', '"mf_menu": "latest"'));
      expect(() => createDescriptorSource(hostsDir)).toThrow(/eimsbuettel\.json: remotes\.mf_menu: expected a semantic version/);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('refuses a host listed in two descriptors', () => {
    const { tmp, hostsDir } = copyHosts(TMP_PREFIX);
    try {
      const file = path.join(hostsDir, 'eimsbuettel.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"eimsbuettel.localhost"', '"hamburg.localhost"'));
      expect(() => createDescriptorSource(hostsDir)).toThrow(/host "hamburg\.localhost" is also listed in/);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe.each(applicationDatabase())('GetAppconfig per host on $name', (database) => {
  let api: Api;

  beforeAll(async () => {
    const config = { ...loadConfig({}), logLevel: 'silent', deployHostsDir: path.join(REPO_ROOT, 'deploy', 'hosts') };
    api = await createApi(config, { database: await database.open(), verifier: noAuth });
  });
  afterAll(async () => api?.close());

  const appconfigFor = async (host: string) => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/action',
      headers: { host },
      payload: { action: 'GetAppconfig', payload: {}, channel: 'on-the-go', browserId: TEST_BROWSER_ID, secToken: '', timeout: 10000 },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ ok: boolean; branch: BranchSettings; stores: { filialnummer: number; plz: string }[]; appconfig: { orderingEnabled: boolean } }>();
  };

  it('returns the branch settings of the requesting host with the shared app config and both stores', async () => {
    const eims = await appconfigFor('eimsbuettel.localhost');
    expect(eims.ok).toBe(true);
    expect(eims.branch).toMatchObject({ ...EIMSBUETTEL, filialnummer: 2, inhouse: false });
    const hh = await appconfigFor('hamburg.localhost');
    expect(hh.branch).toMatchObject({ ...HAMBURG, filialnummer: 1 });
    const other = await appconfigFor('unknown.example.org');
    expect(other.branch).toMatchObject(HAMBURG);

    expect(eims.appconfig).toEqual(hh.appconfig);
    expect(eims.stores.map((s) => [s.filialnummer, s.plz])).toEqual([
      [1, '20099'],
      [2, '20146'],
    ]);
  });
});

describe('releases the API serves (artifact store, shell per host, missing versions)', () => {
  let tmp: string;
  let hostsDir: string;
  let store: string;
  let api: Api | undefined;
  const FOLDERS = ['mf-menu', 'mf-cart', 'mf-checkout', 'mf-account', 'mf-orders'];

  const publish = (folder: string, version: string, body: string) => {
    const dir = path.join(store, folder, version);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, folder === 'shell' ? 'index.html' : 'mf-manifest.json'), body);
  };
  const start = async (extra: Record<string, string> = {}) =>
    createApi(
      { ...loadConfig({ CHECK_RELEASES: 'on', ...extra }), logLevel: 'silent', deployHostsDir: hostsDir, appRoot: path.join(tmp, 'app'), artifactStore: store },
      { database: await openMemoryPglite(), verifier: noAuth, seed: false },
    );

  beforeAll(() => {
    ({ tmp, hostsDir } = copyHosts(TMP_PREFIX));
    store = path.join(tmp, 'store');
    for (const folder of FOLDERS) publish(folder, '0.1.0', JSON.stringify({ name: folder, published: true }));
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('refuses to start when a descriptor names a version that is neither published nor built', async () => {
    const file = path.join(hostsDir, 'hamburg.json');
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, original.replace('"mf_menu": "0.1.0"', '"mf_menu": "0.9.0"'));
    await expect(start()).rejects.toThrow(/hamburg\.json: names versions that are neither published nor built: mf-menu 0\.9\.0/);
    fs.writeFileSync(file, original);
  });

  it('serves published versions from the store, a local build of the same version never wins', async () => {
    const local = path.join(tmp, 'app', 'mf-menu', 'dist', '0.1.0');
    fs.mkdirSync(local, { recursive: true });
    fs.writeFileSync(path.join(local, 'mf-manifest.json'), JSON.stringify({ name: 'mf-menu', published: false }));
    api = await start();
    const res = await api.app.inject({ method: 'GET', url: '/mf/mf-menu/0.1.0/mf-manifest.json', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'mf-menu', published: true });
  });

  it('serves each host its own shell version', async () => {
    publish('shell', '0.2.0', '<!doctype html><title>shell 0.2.0</title>');
    const file = path.join(hostsDir, 'hamburg.json');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, text.replace('  "remotes": {', '  "shell": "0.2.0",\n  "remotes": {'));
    const hamburg = await api!.app.inject({ method: 'GET', url: '/Korb', headers: { host: 'hamburg.localhost' } });
    expect(hamburg.body).toContain('shell 0.2.0');
    const descriptor = await api!.app.inject({ method: 'GET', url: '/deploy/descriptor.json', headers: { host: 'hamburg.localhost' } });
    expect(descriptor.json<ResolvedDescriptor>()).toMatchObject({ shell: '0.2.0', preview: false });
    const other = await api!.app.inject({ method: 'GET', url: '/Korb', headers: { host: 'eimsbuettel.localhost' } });
    expect(other.body).not.toContain('shell 0.2.0');
  });

  it('keeps the last good descriptors when one is edited to name a missing version', async () => {
    const file = path.join(hostsDir, 'eimsbuettel.json');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"mf_cart": "0.1.0"', '"mf_cart": "0.7.0"'));
    const res = await api!.app.inject({ method: 'GET', url: '/deploy/descriptor.json', headers: { host: 'eimsbuettel.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<ResolvedDescriptor>().remotes.mf_cart).toEqual({ version: '0.1.0', entry: '/mf/mf-cart/0.1.0/mf-manifest.json' });
  });

  it('tells the release gate which contract versions it accepts', async () => {
    const res = await api!.app.inject({ method: 'GET', url: '/api/contract' });
    expect(res.json()).toEqual({ current: 2, accepted: [1, 2] });
  });
});
