// Canary releases (docs/requirements.md#release-canary): the bucket rule, and the descriptor a browser
// gets on a host with a canary running — decided on the server by the browser's cookie, stable on reload.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostDescriptor, type HostDescriptor, type ResolvedDescriptor } from '@shop/shared/contract';
import { REPO_ROOT } from '../src/config';
import { browserIdFromCookies, CANARY_COOKIE, canaryBucket, inCanary, remoteVersionFor } from '../src/deploy/canary';
import { missingVersions } from '../src/deploy/descriptors';
import { startDescriptorApi, type DescriptorApi } from './support/descriptor-api';

const seeded = (i: number) => `e2e-browser-${String(i).padStart(2, '0')}`;

describe('the canary rule', () => {
  it('puts a bucket in the canary exactly when it is below the percentage', () => {
    expect(inCanary(0, 1)).toBe(true);
    expect(inCanary(49, 50)).toBe(true);
    expect(inCanary(50, 50)).toBe(false);
    expect(inCanary(98, 99)).toBe(true);
    expect(inCanary(99, 99)).toBe(false);
  });

  it('gives a browser the same bucket for ever, per remote, within 0–99', () => {
    expect(canaryBucket('browser-a1b2c3d4', 'mf_menu')).toBe(canaryBucket('browser-a1b2c3d4', 'mf_menu'));
    const buckets = Array.from({ length: 400 }, (_, i) => canaryBucket(seeded(i), 'mf_menu'));
    expect(Math.min(...buckets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...buckets)).toBeLessThan(100);
    // Spread over the range: every quarter holds a fair share of 400 browsers.
    for (let q = 0; q < 4; q++) expect(buckets.filter((b) => Math.floor(b / 25) === q).length).toBeGreaterThan(60);
    // Another remote draws its own cohort.
    expect(Array.from({ length: 40 }, (_, i) => canaryBucket(seeded(i), 'mf_cart'))).not.toEqual(buckets.slice(0, 40));
  });

  it('resolves the version a browser loads: the canary inside, the host version outside and without an id', () => {
    const descriptor = hostDescriptor.parse(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'hosts', 'hamburg.json'), 'utf8')));
    const withCanary: HostDescriptor = { ...descriptor, canaries: { mf_menu: { version: '0.2.0', percent: 50 } } };
    const inside = Array.from({ length: 40 }, (_, i) => seeded(i)).find((id) => canaryBucket(id, 'mf_menu') < 50)!;
    const outside = Array.from({ length: 40 }, (_, i) => seeded(i)).find((id) => canaryBucket(id, 'mf_menu') >= 50)!;
    expect(remoteVersionFor(withCanary, 'mf_menu', inside)).toBe('0.2.0');
    expect(remoteVersionFor(withCanary, 'mf_menu', outside)).toBe(descriptor.remotes.mf_menu);
    expect(remoteVersionFor(withCanary, 'mf_menu', undefined)).toBe(descriptor.remotes.mf_menu);
    expect(remoteVersionFor(withCanary, 'mf_cart', inside)).toBe(descriptor.remotes.mf_cart);
  });

  it('counts a canary version among the versions a descriptor needs (the API refuses one naming a missing version)', () => {
    const descriptor = hostDescriptor.parse(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'hosts', 'hamburg.json'), 'utf8')));
    const withCanary: HostDescriptor = { ...descriptor, canaries: { mf_cart: { version: '0.3.0', percent: 5 } } };
    expect(missingVersions(withCanary, (app, version) => !(app === 'mf-cart' && version === '0.3.0'))).toEqual(['mf-cart 0.3.0']);
  });

  it('reads the id from the Cookie header and ignores a malformed one', () => {
    expect(browserIdFromCookies(`a=b; ${CANARY_COOKIE}=e2e-browser-07; c=d`)).toBe('e2e-browser-07');
    expect(browserIdFromCookies(`${CANARY_COOKIE}=<script>`)).toBeUndefined();
    expect(browserIdFromCookies(undefined)).toBeUndefined();
  });
});

describe('GET /deploy/descriptor.json on a host with a canary', () => {
  let fixture: DescriptorApi;

  const get = (host: string, cookie?: string) =>
    fixture.api.app.inject({ method: 'GET', url: '/deploy/descriptor.json', headers: { host, ...(cookie ? { cookie: `${CANARY_COOKIE}=${cookie}` } : {}) } });
  const menuVersionFor = async (cookie: string) => (await get('hamburg.localhost', cookie)).json<ResolvedDescriptor>().remotes.mf_menu!.version;

  beforeAll(async () => {
    fixture = await startDescriptorApi('canary-');
    // What `deploy canary mf-menu 0.2.0 --percent 50 --host hamburg` writes into the store.
    const file = path.join(fixture.descriptorsDir, 'hamburg.json');
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...json, canaries: { mf_menu: { version: '0.2.0', percent: 50 } } }, null, 2));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('gives a new browser an id in a first-party cookie and resolves the canary by it', async () => {
    const res = await get('hamburg.localhost');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${CANARY_COOKIE}=[0-9a-f-]{36}; Path=/; Max-Age=\\d+; SameSite=Lax; HttpOnly$`));
    const id = /=([^;]+)/.exec(cookie)![1]!;
    const expected = canaryBucket(id, 'mf_menu') < 50 ? '0.2.0' : '0.1.0';
    expect(res.json<ResolvedDescriptor>().remotes.mf_menu).toEqual({ version: expected, entry: `/mf/mf-menu/${expected}/mf-manifest.json` });
    expect(res.headers.vary).toContain('cookie');
    // With its cookie the browser keeps its version, and is not given another id.
    const again = await get('hamburg.localhost', id);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.json<ResolvedDescriptor>().remotes.mf_menu!.version).toBe(expected);
  });

  it('sends about half of 20 browsers the canary, each the same on every reload, the other remotes unchanged', async () => {
    const versions = await Promise.all(Array.from({ length: 20 }, (_, i) => menuVersionFor(seeded(i))));
    const inCanaryCount = versions.filter((v) => v === '0.2.0').length;
    expect(inCanaryCount).toBe(Array.from({ length: 20 }, (_, i) => seeded(i)).filter((id) => canaryBucket(id, 'mf_menu') < 50).length);
    expect(inCanaryCount).toBeGreaterThanOrEqual(4);
    expect(inCanaryCount).toBeLessThanOrEqual(16);
    expect(await Promise.all(Array.from({ length: 20 }, (_, i) => menuVersionFor(seeded(i))))).toEqual(versions);
    const cart = (await get('hamburg.localhost', seeded(0))).json<ResolvedDescriptor>().remotes.mf_cart!.version;
    expect(cart).toBe('0.1.0');
  });

  it('sets no cookie on a host without a canary', async () => {
    const res = await get('eimsbuettel.localhost');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.json<ResolvedDescriptor>().remotes.mf_menu!.version).toBe('0.1.0');
  });
});
