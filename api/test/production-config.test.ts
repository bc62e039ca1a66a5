// Production never runs the Auth emulator, a demo project or an unbounded proxy trust (requirements#security,
// docs/security.md "What production must configure"): the API refuses to start, with a message
// that says what to change. A development API gives every host the emulator's stand-in.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { loadConfig, REPO_ROOT } from '../src/config';
import { PREVIEW_COOKIE, previewTokenDigest, SHIPPED_PREVIEW_TOKEN_DIGEST } from '../src/deploy/preview-access';
import { createApi, noAuth } from '../src/server';
import { applicationDatabase, openMemoryPglite } from './support/databases';

/** Production reads descriptors from the store's control plane (seeded from deployHostsDir): a fresh store per API. */
const freshStore = () => fs.mkdtempSync(path.join(os.tmpdir(), 'production-store-'));

const SHIPPED_HOSTS = path.join(REPO_ROOT, 'deploy', 'hosts');
const PROJECT = 'streetfood-hamburg';
const WEB_KEY = `AIza${'S'.repeat(35)}`;

/** A descriptor file as JSON, edited by the tests. */
interface Descriptor {
  shell?: string;
  firebase?: { apiKey: string; projectId: string; authDomain: string; useEmulator?: boolean };
  preview?: boolean;
  previewTokenDigest?: string;
}
/** The operator's secret token of the preview host (docs/requirements.md#preview-apart). */
const PREVIEW_TOKEN = 'qa-only-7f3c9d';

/** A production environment: a real project, and live PayPal keys (production never runs the test provider; no call reaches PayPal here). */
const production = (extra: NodeJS.ProcessEnv = {}) => ({
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: PROJECT,
  CHECK_RELEASES: 'off',
  PAYPAL_CLIENT_ID: 'live-client-id',
  PAYPAL_CLIENT_SECRET: 'live-client-secret',
  PAYPAL_API_BASE: 'http://127.0.0.1:9',
  ...extra,
});

/** A copy of the shipped descriptors with the web API key filled in (what an operator does). */
const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function filledInHosts(edit: (json: Descriptor, file: string) => void = () => undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-prod-hosts-'));
  made.push(dir);
  for (const file of fs.readdirSync(SHIPPED_HOSTS).filter((f) => f.endsWith('.json'))) {
    const json = JSON.parse(fs.readFileSync(path.join(SHIPPED_HOSTS, file), 'utf8')) as Descriptor;
    json.firebase!.apiKey = WEB_KEY;
    // The published shell guests load (deploy release shell 0.1.0 --host <file>).
    json.shell = '0.1.0';
    // The preview host's own secret token, not the development one shipped in the repository.
    if (json.preview) json.previewTokenDigest = previewTokenDigest(PREVIEW_TOKEN);
    edit(json, file);
    fs.writeFileSync(path.join(dir, file), JSON.stringify(json, null, 2));
  }
  return dir;
}

describe('production refuses the emulator and demo projects', () => {
  it('loadConfig: FIREBASE_AUTH_EMULATOR_HOST with NODE_ENV=production is refused, with the reason', () => {
    expect(() => loadConfig(production({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }))).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST .*NODE_ENV=production.*development only/,
    );
    expect(() => loadConfig(production({ FIREBASE_PROJECT_ID: '' }))).toThrow(/"demo-streetfood" is a demo project/);
    expect(() => loadConfig(production({ FIREBASE_PROJECT_ID: 'demo-streetfood' }))).toThrow(/demo project/);
    expect(loadConfig(production())).toMatchObject({ production: true, firebaseAuthEmulatorHost: undefined, firebaseProjectId: PROJECT });
    // Development keeps its emulator and demo project.
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toMatchObject({ production: false, firebaseProjectId: 'demo-streetfood' });
  });

  it('createApi: a configuration built by hand with the emulator does not start in production', async () => {
    const config = {
      ...loadConfig(production()),
      logLevel: 'silent',
      deployHostsDir: filledInHosts(),
      artifactStore: freshStore(),
      firebaseAuthEmulatorHost: '127.0.0.1:9099',
    };
    // Refused before anything is opened (no database given: it would open one).
    await expect(createApi(config, { verifier: noAuth, seed: false })).rejects.toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
  });

  it('the server process exits at start with NODE_ENV=production and the emulator, saying why', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...production({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', PORT: '0', PGLITE_DIR: 'memory://' }) },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    // The start-up failure is logged as one JSON line (pino) on stdout.
    expect(run.stdout + run.stderr).toMatch(/could not start/);
    expect(run.stdout + run.stderr).toMatch(/FIREBASE_AUTH_EMULATOR_HOST is set with NODE_ENV=production/);
  });

  describe.each(applicationDatabase())('descriptors in production on $name', (database) => {
    const start = async (hostsDir: string) => {
      const config = { ...loadConfig(production()), logLevel: 'silent', deployHostsDir: hostsDir, artifactStore: freshStore() };
      const db = await database.open();
      try {
        return await createApi(config, { database: db, verifier: noAuth, seed: false });
      } catch (error) {
        await db.close();
        throw error;
      }
    };

    it('the shipped descriptors name the real project but no web API key yet: production refuses them until it is filled in', async () => {
      for (const file of ['hamburg.json', 'eimsbuettel.json', 'preview.json', 'localhost.json']) {
        const json = JSON.parse(fs.readFileSync(path.join(SHIPPED_HOSTS, file), 'utf8')) as { firebase: Record<string, unknown> };
        expect(json.firebase, file).toMatchObject({ projectId: PROJECT, authDomain: `${PROJECT}.firebaseapp.com`, useEmulator: false });
      }
      await expect(start(SHIPPED_HOSTS)).rejects.toThrow(/eimsbuettel\.json: firebase\.apiKey is not the project's web API key/);
    });

    it('starts with the web config filled in, and serves it', async () => {
      const api = await start(filledInHosts());
      try {
        const res = await api.app.inject({ method: 'GET', url: '/deploy/descriptor.json', headers: { host: 'hamburg.streetfood-hamburg.de' } });
        expect(res.json<ResolvedDescriptor>().firebase).toMatchObject({ apiKey: WEB_KEY, projectId: PROJECT, useEmulator: false });
        // No emulator proxy in production: the path falls through to the static files (404, or 503
        // "not built yet" in a checkout whose apps are not built, as in CI before the build step).
        const emulatorPage = await api.app.inject({ method: 'GET', url: '/emulator/auth/handler', headers: { host: 'hamburg.streetfood-hamburg.de' } });
        expect([404, 503]).toContain(emulatorPage.statusCode);
      } finally {
        await api.close();
      }
    });

    it('a descriptor edited later to use the emulator is refused; the last good one stays in service', async () => {
      const dir = filledInHosts();
      const api = await start(dir);
      try {
        const file = path.join(dir, 'preview.json');
        const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Descriptor;
        fs.writeFileSync(file, JSON.stringify({ ...json, firebase: { ...json.firebase, useEmulator: true, projectId: 'demo-streetfood' } }, null, 2));
        const res = await api.app.inject({
          method: 'GET',
          url: '/deploy/descriptor.json',
          headers: { host: 'preview.streetfood-hamburg.de', cookie: `${PREVIEW_COOKIE}=${PREVIEW_TOKEN}` },
        });
        expect(res.json<ResolvedDescriptor>().firebase).toMatchObject({ projectId: PROJECT, useEmulator: false });
      } finally {
        await api.close();
      }
    });

    it.each([
      ['the emulator', (json: Descriptor) => (json.firebase!.useEmulator = true), /firebase\.useEmulator is true/],
      ['a demo project', (json: Descriptor) => (json.firebase!.projectId = 'demo-streetfood'), /"demo-streetfood" is a demo project/],
      ['another project than the API verifies', (json: Descriptor) => (json.firebase!.projectId = 'streetfood-other'), /not FIREBASE_PROJECT_ID/],
      ['no Firebase block', (json: Descriptor) => delete json.firebase, /names no Firebase project/],
      ['an empty auth domain', (json: Descriptor) => (json.firebase!.authDomain = ''), /firebase\.authDomain/],
      ['no shell named (the local build of whichever machine answers)', (json: Descriptor) => delete json.shell, /names no published shell/],
      ['the preview token shipped in the repository', (json: Descriptor) => (json.previewTokenDigest = SHIPPED_PREVIEW_TOKEN_DIGEST), /development token/],
    ])('refuses a descriptor with %s', async (_what, edit, message) => {
      const dir = filledInHosts((json, file) => file === 'preview.json' && edit(json));
      await expect(start(dir)).rejects.toThrow(new RegExp(`preview\\.json: .*${message.source}`));
    });
  });
});

describe('a development API with the emulator gives every host the stand-in', () => {
  let api: Awaited<ReturnType<typeof createApi>>;
  let plain: Awaited<ReturnType<typeof createApi>>;
  beforeAll(async () => {
    const base = { logLevel: 'silent', deployHostsDir: SHIPPED_HOSTS };
    api = await createApi(
      { ...loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' }), ...base },
      { database: await openMemoryPglite(), verifier: noAuth, seed: false },
    );
    plain = await createApi({ ...loadConfig({}), ...base }, { database: await openMemoryPglite(), verifier: noAuth, seed: false });
  });
  afterAll(async () => {
    await api?.close();
    await plain?.close();
  });

  const firebaseOf = async (which: typeof api, host: string) =>
    (await which.app.inject({ method: 'GET', url: '/deploy/descriptor.json', headers: { host } })).json<ResolvedDescriptor>().firebase;

  it('emulator mode: the demo project behind the shop, with the host’s own providers and flow', async () => {
    expect(await firebaseOf(api, 'eimsbuettel.localhost')).toMatchObject({
      projectId: 'demo-streetfood',
      apiKey: 'demo-api-key',
      useEmulator: true,
      signIn: { flow: 'popup' },
    });
    expect(await firebaseOf(api, 'hamburg.streetfood-hamburg.de')).toMatchObject({
      projectId: 'demo-streetfood',
      useEmulator: true,
      signIn: { flow: 'redirect' },
    });
  });

  it('without the emulator: the descriptor’s real project', async () => {
    expect(await firebaseOf(plain, 'hamburg.localhost')).toMatchObject({ projectId: PROJECT, useEmulator: false });
  });
});
