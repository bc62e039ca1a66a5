// The release control plane on a folder store (docs/requirements.md#release-control-plane): compare-and-swap
// writes, a seed that never overwrites, a release log whose concurrent appends all survive, a lease.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireLease,
  appendReleaseLog,
  folderControlStore,
  LeaseHeldError,
  PreconditionFailedError,
  readReleaseLog,
  readStoredDescriptors,
  seedDescriptors,
  writeDescriptor,
  type ControlStore,
} from '../../api/src/deploy/control-store';

let tmp: string;
let store: ControlStore;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'control-store-'));
  store = folderControlStore(path.join(tmp, 'store'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const entry = (n: number) => ({
  time: new Date(0).toISOString(),
  action: 'release',
  hostFile: 'hamburg.json',
  remote: 'mf-menu',
  from: `0.${n}.0`,
  to: `0.${n + 1}.0`,
});

describe('folder control store', () => {
  it('creates only when absent and replaces only the version that was read', async () => {
    const etag = await store.put('descriptors/a.json', '{"v":1}', { ifNoneMatch: true });
    await expect(store.put('descriptors/a.json', '{"v":9}', { ifNoneMatch: true })).rejects.toBeInstanceOf(PreconditionFailedError);
    const next = await store.put('descriptors/a.json', '{"v":2}', { ifMatch: etag });
    await expect(store.put('descriptors/a.json', '{"v":3}', { ifMatch: etag })).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(await store.get('descriptors/a.json')).toEqual({ body: '{"v":2}', etag: next });
    await expect(store.put('../escape', 'x', { ifNoneMatch: true })).rejects.toThrow(/Invalid control-store key/);
  });

  it('of many writers replacing the same version at once exactly one wins', async () => {
    const etag = await store.put('descriptors/a.json', 'v0', { ifNoneMatch: true });
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => store.put('descriptors/a.json', `v${i + 1}`, { ifMatch: etag })));
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof PreconditionFailedError)).toHaveLength(11);
  });

  it('seeds the descriptors the store lacks and never overwrites one (a checkout cannot change what guests get)', async () => {
    const seed = path.join(tmp, 'seed');
    fs.mkdirSync(seed);
    fs.writeFileSync(path.join(seed, 'hamburg.json'), '{"seed":1}');
    expect(await seedDescriptors(store, seed)).toEqual(['hamburg.json']);
    const [stored] = await readStoredDescriptors(store);
    await writeDescriptor(store, 'hamburg.json', '{"released":1}', stored!.etag);

    fs.writeFileSync(path.join(seed, 'hamburg.json'), '{"seed":2}');
    fs.writeFileSync(path.join(seed, 'altona.json'), '{"seed":1}');
    expect(await seedDescriptors(store, seed)).toEqual(['altona.json']);
    expect((await readStoredDescriptors(store)).map((d) => [d.name, d.text])).toEqual([
      ['altona.json', '{"seed":1}'],
      ['hamburg.json', '{"released":1}'],
    ]);
  });

  it('keeps every entry of concurrent appends to the release log, each under its own number', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => appendReleaseLog(store, entry(i))));
    const log = await readReleaseLog(store);
    expect(log).toHaveLength(20);
    expect(log.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(log.map((e) => e.from)).size).toBe(20);
  });

  it('the release lease admits one holder; a released or expired lease can be taken', async () => {
    let now = Date.parse('2026-11-27T09:00:00Z');
    const clock = { now: () => now, ttlMs: 60_000 };
    const first = await acquireLease(store, { actor: 'jana', command: 'release mf-menu 0.2.0', machine: 'a' }, clock);
    const refused = await acquireLease(store, { actor: 'tom', command: 'rollback mf-menu', machine: 'b' }, clock).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LeaseHeldError);
    expect((refused as Error).message).toMatch(/Another release is running: release mf-menu 0\.2\.0 by jana on a .*nothing was changed/);
    await first.release();
    const second = await acquireLease(store, { actor: 'tom', command: 'rollback mf-menu', machine: 'b' }, clock);
    // b crashed without releasing: after the lease time another machine may go on.
    now += 61_000;
    const third = await acquireLease(store, { actor: 'ali', command: 'release shell 0.3.0', machine: 'c' }, clock);
    await second.release(); // taken over: a no-op, c keeps it
    await expect(acquireLease(store, { actor: 'x', command: 'y', machine: 'd' }, clock)).rejects.toBeInstanceOf(LeaseHeldError);
    await third.release();
  });
});
