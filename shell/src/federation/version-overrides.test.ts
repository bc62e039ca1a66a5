import { describe, expect, it } from 'vitest';
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { applyVersionOverrides, VERSION_OVERRIDES_KEY } from './version-overrides';

const descriptor = (preview: boolean): ResolvedDescriptor => ({
  host: 'preview.localhost',
  branch: { filialnummer: 1, defaultPlz: '20099', defaultCity: 'Hamburg', pickupAddress: 'x', inhouse: false },
  features: {},
  remotes: {
    mf_menu: { version: '0.1.0', entry: '/mf/mf-menu/0.1.0/mf-manifest.json' },
    mf_cart: { version: '0.1.0', entry: '/mf/mf-cart/0.1.0/mf-manifest.json' },
  },
  shell: 'local',
  preview,
  payments: { mode: 'test' },
});

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('applyVersionOverrides', () => {
  it('on a preview host, points a remote at the requested version and remembers it for this browser', () => {
    const storage = memoryStorage();
    const { descriptor: result, overrides } = applyVersionOverrides(descriptor(true), '?mf-override=mf_menu@0.3.0', storage);
    expect(result.remotes.mf_menu).toEqual({ version: '0.3.0', entry: '/mf/mf-menu/0.3.0/mf-manifest.json' });
    expect(result.remotes.mf_cart?.version).toBe('0.1.0');
    expect(overrides).toEqual({ mf_menu: '0.3.0' });
    // The next page load without the parameter keeps it.
    expect(applyVersionOverrides(descriptor(true), '', storage).descriptor.remotes.mf_menu?.version).toBe('0.3.0');
    // reset clears.
    expect(applyVersionOverrides(descriptor(true), '?mf-override=reset', storage).overrides).toEqual({});
    expect(storage.data.has(VERSION_OVERRIDES_KEY)).toBe(false);
  });

  it('on any other host, ignores overrides from the link and from storage and stores nothing', () => {
    const storage = memoryStorage({ [VERSION_OVERRIDES_KEY]: JSON.stringify({ mf_menu: '0.3.0' }) });
    const { descriptor: result, overrides } = applyVersionOverrides(descriptor(false), '?mf-override=mf_cart@0.4.0', storage);
    expect(result.remotes.mf_menu?.version).toBe('0.1.0');
    expect(result.remotes.mf_cart?.version).toBe('0.1.0');
    expect(overrides).toEqual({});
    expect(storage.data.get(VERSION_OVERRIDES_KEY)).toBe(JSON.stringify({ mf_menu: '0.3.0' }));
  });

  it('ignores unknown remotes, values that are not versions and broken storage', () => {
    const storage = memoryStorage({ [VERSION_OVERRIDES_KEY]: '{not json' });
    const { overrides } = applyVersionOverrides(descriptor(true), '?mf-override=mf_admin@1.0.0&mf-override=mf_menu@../../etc&mf-override=mf_cart', storage);
    expect(overrides).toEqual({});
  });
});
