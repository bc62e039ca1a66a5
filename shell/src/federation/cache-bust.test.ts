import { describe, expect, it } from 'vitest';
import { cacheBustedEntry, staleScripts } from './cache-bust';

describe('retry URLs (docs/requirements.md#remote-retry)', () => {
  it('gives every retry its own URL of the same manifest', () => {
    expect(cacheBustedEntry('/mf/mf-menu/0.2.0/mf-manifest.json', 1)).toBe('/mf/mf-menu/0.2.0/mf-manifest.json?mf-retry=1');
    expect(cacheBustedEntry('/mf/mf-menu/0.2.0/mf-manifest.json?mf-retry=1', 2)).toBe('/mf/mf-menu/0.2.0/mf-manifest.json?mf-retry=2');
    expect(cacheBustedEntry('/mf/mf-menu/0.2.0/mf-manifest.json?v=a', 3)).toBe('/mf/mf-menu/0.2.0/mf-manifest.json?v=a&mf-retry=3');
  });

  it("finds the failed scripts of the remote's version folder only", () => {
    const scripts = ['http://shop/mf/mf-menu/0.2.0/remoteEntry.js', 'http://shop/mf/mf-cart/0.1.0/remoteEntry.js', 'http://shop/main.js'].map(
      (src) => ({ src }) as HTMLScriptElement,
    );
    const doc = { querySelectorAll: () => scripts } as unknown as Pick<Document, 'querySelectorAll'>;
    expect(staleScripts(doc, '/mf/mf-menu/0.2.0/mf-manifest.json?mf-retry=1').map((s) => s.src)).toEqual(['http://shop/mf/mf-menu/0.2.0/remoteEntry.js']);
  });
});
