import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostDescriptor } from '@shop/shared/contract';
import { loadConfig, REPO_ROOT } from '../src/config';
import { firebaseSources } from '../src/http/security-headers';
import { createApi, noAuth, type Api } from '../src/server';
import { openMemoryPglite } from './support/databases';

/**
 * The Content-Security-Policy follows each host's sign-in (requirements#sign-in): what the
 * host's providers need and nothing more. Emulator hosts reach Firebase through the shop's own
 * origin (ADR 0004); a real project adds Google's identity API, its auth domain's helper frame and
 * reCAPTCHA.
 */

const firebase = (signIn: object, useEmulator: boolean, authDomain = 'streetfood-prod.firebaseapp.com') =>
  hostDescriptor.shape.firebase.parse({ apiKey: 'k', authDomain, projectId: 'streetfood-prod', useEmulator, signIn })!;

describe('firebaseSources', () => {
  it('adds nothing for a host without Firebase or with e-mail only on the emulator', () => {
    expect(firebaseSources(undefined)).toEqual({ script: [], frame: [], connect: [] });
    expect(firebaseSources(firebase({ providers: ['password', 'emailLink', 'phone', 'anonymous'] }, true))).toEqual({ script: [], frame: [], connect: [] });
  });

  it('adds the gapi loader for federated providers, on the emulator too', () => {
    expect(firebaseSources(firebase({ providers: ['password', 'google.com'] }, true))).toEqual({ script: ['https://apis.google.com'], frame: [], connect: [] });
  });

  it("adds Google's identity API, the auth domain's frame and reCAPTCHA for a real project", () => {
    expect(firebaseSources(firebase({ providers: ['password'] }, false))).toEqual({
      script: [],
      frame: [],
      connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'],
    });
    const all = firebaseSources(firebase({ providers: ['password', 'phone', 'apple.com'] }, false));
    expect(all.script).toEqual(['https://apis.google.com', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
    expect(all.frame).toEqual(['https://streetfood-prod.firebaseapp.com', 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']);
  });
});

describe('the descriptor refuses impossible phone settings (requirements#shop-validation)', () => {
  it('needs a non-empty whitelist and not both lists', () => {
    expect(() => firebase({ providers: ['phone'], whitelistedCountries: [] }, true)).toThrow();
    expect(() => firebase({ providers: ['phone'], whitelistedCountries: ['DE'], blacklistedCountries: ['AT'] }, true)).toThrow(/cannot both be set/);
    expect(() => firebase({ providers: ['phone'], blacklistedCountries: ['DE', 'AT', 'CH'] }, true)).toThrow(/no country/);
    expect(() => firebase({ providers: [] }, true)).toThrow();
    expect(firebase({ providers: ['phone'], blacklistedCountries: ['AT'] }, true).signIn.flow).toBe('redirect');
  });
});

describe('CSP per host', () => {
  let tmp: string;
  /** A development API with the Auth emulator: every host gets the emulator's stand-in (its providers kept). */
  let api: Api;
  /** An API without the emulator: each host's real project. */
  let real: Api;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sign-in-headers-'));
    const hostsDir = path.join(tmp, 'hosts');
    fs.cpSync(path.join(REPO_ROOT, 'deploy', 'hosts'), hostsDir, { recursive: true });
    const base = JSON.parse(fs.readFileSync(path.join(hostsDir, 'hamburg.json'), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(
      path.join(hostsDir, 'prod.json'),
      JSON.stringify({
        ...base,
        hosts: ['shop.example.de'],
        firebase: {
          apiKey: 'k',
          authDomain: 'streetfood-prod.firebaseapp.com',
          projectId: 'streetfood-prod',
          useEmulator: false,
          signIn: { providers: ['password', 'phone', 'google.com'] },
        },
      }),
    );
    fs.writeFileSync(
      path.join(hostsDir, 'mail.json'),
      JSON.stringify({
        ...base,
        hosts: ['mail.localhost'],
        firebase: { apiKey: 'k', authDomain: 'x', projectId: 'demo-x', useEmulator: true, signIn: { providers: ['password'] } },
      }),
    );
    const config = { ...loadConfig({ CHECK_RELEASES: 'off' }), logLevel: 'silent', deployHostsDir: hostsDir };
    api = await createApi({ ...config, firebaseAuthEmulatorHost: '127.0.0.1:1' }, { database: await openMemoryPglite(), verifier: noAuth, seed: false });
    real = await createApi(config, { database: await openMemoryPglite(), verifier: noAuth, seed: false });
  });
  afterAll(async () => {
    await api?.close();
    await real?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const cspOf = async (host: string, on = api) => {
    const res = await on.app.inject({ method: 'GET', url: '/deploy/descriptor.json', headers: { host } });
    const csp = res.headers['content-security-policy'] as string;
    const directive = (name: string) => (csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '').trim().split(/\s+/).slice(1);
    return { csp, script: directive('script-src'), frame: directive('frame-src'), connect: directive('connect-src') };
  };

  it('an emulator host with Google and Apple may load the gapi loader, nothing else of Google', async () => {
    const { script, frame, connect, csp } = await cspOf('localhost:3000');
    expect(script).toContain('https://apis.google.com');
    expect(frame).toEqual(["'self'", "'self'"]);
    expect(connect.filter((s) => s.includes('googleapis'))).toEqual([]);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('an e-mail-only host allows no Google source at all', async () => {
    const { csp } = await cspOf('mail.localhost');
    expect(csp).not.toMatch(/google|gstatic|firebaseapp/);
  });

  it("a real project's host gets its auth domain, the identity API and reCAPTCHA; other hosts never do", async () => {
    const prod = await cspOf('shop.example.de', real);
    expect(prod.frame).toEqual(expect.arrayContaining(['https://streetfood-prod.firebaseapp.com', 'https://www.google.com/recaptcha/']));
    expect(prod.script).toEqual(expect.arrayContaining(['https://apis.google.com', 'https://www.gstatic.com/recaptcha/']));
    expect(prod.connect).toEqual(expect.arrayContaining(['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']));
    const local = await cspOf('hamburg.localhost');
    expect(local.csp).not.toContain('firebaseapp.com');
    expect(local.csp).not.toContain('recaptcha');
  });
});
