// An API instance reads its descriptors from the artifact store's control plane
// (docs/requirements.md#release-control-plane): deploy/hosts only seeds it, so a changed checkout
// never changes what guests get, and a release written into the store is served at the next request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { loadConfig, REPO_ROOT } from '../src/config';
import { folderControlStore, readStoredDescriptors, writeDescriptor } from '../src/deploy/control-store';
import { createApi, noAuth, type Api } from '../src/server';
import { openMemoryPglite } from './support/databases';

let tmp: string;
let seedDir: string;
let storeDir: string;
let api: Api;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-descriptors-'));
  seedDir = path.join(tmp, 'hosts');
  storeDir = path.join(tmp, 'store');
  fs.cpSync(path.join(REPO_ROOT, 'deploy', 'hosts'), seedDir, { recursive: true });
  api = await createApi(
    { ...loadConfig({ DESCRIPTORS_FROM: 'store', CHECK_RELEASES: 'off' }), logLevel: 'silent', deployHostsDir: seedDir, artifactStore: storeDir, appRoot: tmp },
    { database: await openMemoryPglite(), verifier: noAuth, seed: false },
  );
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const menuOf = async (host: string) =>
  (await api.app.inject({ method: 'GET', url: '/deploy/descriptor.json', headers: { host } })).json<ResolvedDescriptor>().remotes.mf_menu?.version;

describe('descriptors from the store', () => {
  it('seeds the store at start and serves it', async () => {
    expect(fs.readdirSync(path.join(storeDir, 'descriptors')).sort()).toEqual(fs.readdirSync(seedDir).sort());
    expect(await menuOf('hamburg.localhost')).toBe('0.1.0');
  });

  it('ignores a changed checkout and serves what a release wrote into the store', async () => {
    const seedFile = path.join(seedDir, 'hamburg.json');
    fs.writeFileSync(seedFile, fs.readFileSync(seedFile, 'utf8').replace('"mf_menu": "0.1.0"', '"mf_menu": "0.9.0"'));
    expect(await menuOf('hamburg.localhost')).toBe('0.1.0');

    const control = folderControlStore(storeDir);
    const hamburg = (await readStoredDescriptors(control)).find((d) => d.name === 'hamburg.json')!;
    await writeDescriptor(control, 'hamburg.json', hamburg.text.replace('"mf_menu": "0.1.0"', '"mf_menu": "0.2.0"'), hamburg.etag);
    expect(await menuOf('hamburg.localhost')).toBe('0.2.0');
  });

  it('reads the seed folder directly only when told (API tests)', () => {
    expect(loadConfig({ DESCRIPTORS_FROM: 'seed' }).descriptorsFrom).toBe('seed');
    expect(loadConfig({ DESCRIPTORS_FROM: 'store' }).descriptorsFrom).toBe('store');
  });
});
