// What crosses the wire (requirements#performance): static assets pre-compressed at build time and sent
// with Content-Encoding and Vary; dynamic answers (the menu) compressed per request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../shared/build/precompress.mjs';
import { loadConfig, REPO_ROOT } from '../src/config';
import { createApi, noAuth, type Api } from '../src/server';
import { TEST_BROWSER_ID } from './support/test-api';
import { openMemoryPglite } from './support/databases';

describe('compression', () => {
  let tmp: string;
  let api: Api;
  const script = `export const menu = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: `item-${i}`, name: 'Burrito Chicken Classic' })))};\n`;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-compression-'));
    const remote = path.join(tmp, 'mf-menu', 'dist', '0.1.0');
    const shell = path.join(tmp, 'shell', 'dist');
    for (const dir of [remote, shell]) {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'main.0123abcd.js'), script);
      fs.writeFileSync(path.join(dir, 'tiny.0123abcd.js'), 'export {};\n');
      precompress(dir);
    }
    fs.writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>Shop</title>');
    fs.writeFileSync(path.join(remote, 'mf-manifest.json'), '{"name":"mf_menu"}');
    const config = {
      ...loadConfig({ RATE_LIMITS: 'off' }),
      logLevel: 'silent',
      appRoot: tmp,
      artifactStore: path.join(tmp, 'store'),
      deployHostsDir: path.join(REPO_ROOT, 'deploy', 'hosts'),
    };
    api = await createApi(config, { database: await openMemoryPglite(), verifier: noAuth });
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    api.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...(encoding ? { 'accept-encoding': encoding } : {}) } });

  it('the build writes brotli and gzip copies of text assets, not of tiny ones', () => {
    const remote = path.join(tmp, 'mf-menu', 'dist', '0.1.0');
    expect(fs.existsSync(path.join(remote, 'main.0123abcd.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(remote, 'main.0123abcd.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(remote, 'tiny.0123abcd.js.br'))).toBe(false);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(remote, 'main.0123abcd.js.br'))).toString()).toBe(script);
  });

  for (const url of ['/mf/mf-menu/0.1.0/main.0123abcd.js', '/main.0123abcd.js']) {
    it(`${url}: brotli when accepted, gzip otherwise, the plain file for a client that accepts neither`, async () => {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(String(br.headers['content-type'])).toMatch(/javascript/);
      expect(String(br.headers['cache-control'])).toContain('immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.rawPayload.length).toBeLessThan(script.length / 5);

      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    });
  }

  it('the menu action answer is compressed per request', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/action',
      headers: { host: 'localhost', 'accept-encoding': 'br, gzip' },
      payload: { action: 'PullFoodMenu', payload: {}, channel: 'on-the-go', browserId: TEST_BROWSER_ID, secToken: '', timeout: 10000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const json = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(JSON.parse(json).menu.length).toBeGreaterThan(3);
    expect(res.rawPayload.length).toBeLessThan(json.length / 4);
  });
});
