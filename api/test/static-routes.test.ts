// Static serving of the shell and the versioned remote folders, on a temporary APP_ROOT with fake
// builds (so the test does not depend on what is built in the working tree).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config';
import { imagePreloads, layoutWidgetPreloads, remotePreloads, renderShellDocument, type ManifestReader } from '../src/http/shell-document';
import { createApi, noAuth, type Api } from '../src/server';
import { openMemoryPglite } from './support/databases';

const IMMUTABLE = /^public, max-age=31536000, immutable$/;
const INDEX_HTML =
  '<!doctype html><html lang="de"><head><title>Street Food</title></head><body><div id="shell-root"></div><script defer src="/main.1a2b3c4d.js"></script></body></html>';

/** The parts of a remote's mf-manifest.json the shell document's preloads read. */
const MENU_MANIFEST = {
  name: 'mf_menu',
  metaData: { publicPath: '/mf/mf-menu/0.1.0/', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'app',
      assets: { js: { sync: ['__federation_expose_app.1234abcd.js'], async: ['176.00000000.js'] }, css: { sync: ['app.5678abcd.css'], async: [] } },
    },
  ],
};

/** The document as the shell built it, with what the API puts at the end of its head. */
function parts(body: string): { html: string; preloads: string[]; descriptor: { host: string; remotes: Record<string, { entry: string }> } | null } {
  const descriptor = /<script type="application\/json" id="shop-descriptor">(.*?)<\/script>/.exec(body)?.[1];
  const preloads = [...body.matchAll(/<link rel="preload" href="([^"]+)" as="([a-z]+)"( crossorigin="anonymous")?>/g)].map((m) => `${m[2]} ${m[1]}`);
  const html = body.replace(/<link rel="preload"[^>]*>/g, '').replace(/<script type="application\/json"[^<]*<\/script>/, '');
  return { html, preloads, descriptor: descriptor ? (JSON.parse(descriptor) as never) : null };
}

let appRoot: string;
let api: Api;

function write(rel: string, content: string) {
  const file = path.join(appRoot, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

async function get(url: string, headers: Record<string, string> = {}) {
  return api.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
}

/** A GET over a real socket with the path sent exactly as written (no client-side normalisation). */
function rawGet(rawPath: string): Promise<{ statusCode: number; body: string; json(): unknown }> {
  const { port } = api.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET', headers: { host: 'localhost' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body, json: () => JSON.parse(body) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  appRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-static-'));
  write('shell/dist/index.html', INDEX_HTML);
  write('shell/dist/main.1a2b3c4d.js', 'console.log("shell");');
  write(
    'shell/dist/shared-files.json',
    JSON.stringify({
      'react-router-dom': ['176.aaaaaaaa.js', '464.bbbbbbbb.js'],
      'react-router': ['176.aaaaaaaa.js'],
      '@shop/shared/stores/preferences': ['548.cccccccc.js'],
    }),
  );
  write('shell/dist/sw.js', 'self.addEventListener("fetch", () => {});');
  write('shell/dist/manifest.webmanifest', '{"name":"Street Food"}');
  write('mf-menu/dist/0.1.0/mf-manifest.json', JSON.stringify(MENU_MANIFEST));
  write('mf-menu/dist/0.1.0/remoteEntry.js', 'var mf_menu;');
  write('mf-menu/dist/0.1.0/512.9f8e7d6c.js', 'console.log("menu chunk");');
  write('mf-menu/dist/0.1.0/assets/burrito.0a1b2c3d.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('mf-menu/dist/0.2.0/mf-manifest.json', '{"name":"mf_menu"}');
  write('mf-menu/dist/0.2.0/remoteEntry.js', 'var mf_menu2;');
  write('secret.txt', 'not public');
  const config = {
    ...loadConfig({}),
    logLevel: 'silent',
    appRoot,
    artifactStore: path.join(appRoot, 'store'),
    deployHostsDir: path.join(REPO_ROOT, 'deploy', 'hosts'),
  };
  api = await createApi(config, { database: await openMemoryPglite(), verifier: noAuth, seed: false });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await api?.close();
  fs.rmSync(appRoot, { recursive: true, force: true });
});

describe('versioned remote folders /mf/<remote>/<version>/', () => {
  it('serves hashed chunks and assets as immutable for a year', async () => {
    const chunk = await get('/mf/mf-menu/0.1.0/512.9f8e7d6c.js');
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toBe('console.log("menu chunk");');
    expect(chunk.headers['cache-control']).toMatch(IMMUTABLE);
    expect(chunk.headers['content-type']).toMatch(/javascript/);
    expect(chunk.headers['access-control-allow-origin']).toBe('*');

    const asset = await get('/mf/mf-menu/0.1.0/assets/burrito.0a1b2c3d.svg');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(IMMUTABLE);
  });

  it('serves mf-manifest.json and remoteEntry.js (no content hash) with no-cache', async () => {
    const manifest = await get('/mf/mf-menu/0.1.0/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual(MENU_MANIFEST);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await get('/mf/mf-menu/0.1.0/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect((await get('/mf/mf-menu/0.2.0/remoteEntry.js')).body).toBe('var mf_menu2;');
  });

  it.each([
    ['an unknown remote', '/mf/mf-admin/0.1.0/remoteEntry.js'],
    ['the shell as a remote', '/mf/shell/0.1.0/index.html'],
    ['an unknown version', '/mf/mf-menu/9.9.9/remoteEntry.js'],
    ['a version that is no version', '/mf/mf-menu/latest/remoteEntry.js'],
    ['a missing file', '/mf/mf-menu/0.1.0/123.00000000.js'],
    ['a folder', '/mf/mf-menu/0.1.0/assets'],
    ['.. out of the version folder', '/mf/mf-menu/0.1.0/../0.2.0/remoteEntry.js'],
    ['.. to the app root', '/mf/mf-menu/0.1.0/../../../../secret.txt'],
    ['encoded ..', '/mf/mf-menu/0.1.0/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.txt'],
    ['encoded slashes', '/mf/mf-menu/0.1.0/..%2f..%2f..%2f..%2fsecret.txt'],
  ])('answers %s with a 404 envelope', async (_name, url) => {
    const res = await rawGet(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('not public');
    expect(res.body).not.toContain('var mf_menu2');
    expect(res.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('the shell', () => {
  it.each([
    ['/', 200],
    ['/Speisen/all', 200],
    ['/Speise/burrito-classic-chicken', 200],
    ['/Bestellung/ABC123', 200],
    ['/Korb?cartId=x', 200],
    ['/gibtsnicht', 404],
    ['/Speise/a/b/c', 404],
  ])('answers the app path %s with index.html, no-cache, status %i (404 outside the route table)', async (url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const { html, descriptor } = parts(res.body);
    expect(html).toBe(INDEX_HTML);
    // The host's descriptor is inlined: the shell starts without asking for it.
    expect(descriptor?.host).toBe('localhost');
    expect(descriptor?.remotes.mf_menu?.entry).toBe('/mf/mf-menu/0.1.0/mf-manifest.json');
  });

  it("preloads the route's remote (manifest, entry, the exposed app's files) and nothing for a shell page", async () => {
    const item = parts((await get('/Speise/burrito-classic-chicken')).body);
    expect(item.preloads).toEqual([
      'fetch /mf/mf-menu/0.1.0/mf-manifest.json',
      'script /mf/mf-menu/0.1.0/remoteEntry.js',
      'style /mf/mf-menu/0.1.0/app.5678abcd.css',
      'script /mf/mf-menu/0.1.0/__federation_expose_app.1234abcd.js',
      // Singletons the remotes take from the shell (shared/build/shared-files-plugin.mjs), once each.
      'script /176.aaaaaaaa.js',
      'script /464.bbbbbbbb.js',
      'script /548.cccccccc.js',
      // The data the page asks for first (api/src/http/resource-routes.ts).
      'fetch /api/appconfig',
      'fetch /api/menu/food',
    ]);
    expect(parts((await get('/Getraenk/cola')).body).preloads.slice(-2)).toEqual(['fetch /api/appconfig', 'fetch /api/menu/drink']);
    // The manifest is fetched in CORS mode by the federation runtime: its preload says so.
    expect((await get('/Speise/burrito-classic-chicken')).body).toContain('href="/mf/mf-menu/0.1.0/mf-manifest.json" as="fetch" crossorigin="anonymous"');
    // The cart takes the shell's singletons, but not the menu's preferences.
    const cart = parts((await get('/Korb')).body).preloads;
    expect(cart).toContain('script /176.aaaaaaaa.js');
    expect(cart).not.toContain('script /548.cccccccc.js');
    // Home belongs to the shell; the cart widgets' remote is not built in this app root.
    expect(parts((await get('/')).body).preloads).toEqual(['fetch /api/appconfig']);
  });

  it('serves its hashed chunks immutable and its unhashed files (service worker, web manifest) no-cache', async () => {
    const main = await get('/main.1a2b3c4d.js');
    expect(main.statusCode).toBe(200);
    expect(main.headers['cache-control']).toMatch(IMMUTABLE);
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('serves shell files written after the start (a new shell release) with the same caching', async () => {
    write('shell/dist/main.5e6f7a8b.js', 'console.log("new shell");');
    const res = await get('/main.5e6f7a8b.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("new shell");');
    expect(res.headers['cache-control']).toMatch(IMMUTABLE);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('does not hide API or asset mistakes behind index.html', async () => {
    const api404 = await get('/api/nothing');
    expect(api404.statusCode).toBe(404);
    expect(api404.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const missingChunk = await get('/main.00000000.js');
    expect(missingChunk.statusCode).toBe(404);
    const post = await api.app.inject({ method: 'POST', url: '/Korb', headers: { host: 'localhost' } });
    expect(post.statusCode).toBe(404);
    expect(await rawGet('/../secret.txt').then((r) => r.body)).not.toContain('not public');
    expect(await rawGet('/shell/../../secret.txt').then((r) => r.body)).not.toContain('not public');
  });
});

describe('media', () => {
  it('serves news images for a day and refuses unknown names', async () => {
    const media = fs.readdirSync(path.join(REPO_ROOT, 'api', 'media')).find((f) => f.endsWith('.svg'));
    expect(media, 'api/media holds the seed images').toBeDefined();
    const res = await get(`/media/${media}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect((await get('/media/nope.svg')).statusCode).toBe(404);
    expect((await get('/media/..%2fpackage.json')).statusCode).toBe(404);
  });
});

describe("a menu page's first images", () => {
  const item = (id: string, section: string, image?: string) => ({ id, section, ...(image ? { image } : {}) });
  const menus = {
    food: [
      {
        id: 'burritos',
        items: [item('a', 'classic', '/media/a.svg'), item('b', 'classic', '/media/b.svg'), item('c', 'special', '/media/c.svg'), item('d', 'classic')],
      },
    ],
    drink: [{ id: 'softdrinks', items: [item('cola', '', '/media/cola.svg')] }],
  } as unknown as Parameters<typeof imagePreloads>[1];

  it('preloads the first cards of the first section of a category (the first with priority) and an item page its picture', () => {
    expect(imagePreloads('/SpeisenProdukte/burritos', menus)).toEqual([
      { href: '/media/a.svg', as: 'image', highPriority: true },
      { href: '/media/b.svg', as: 'image', highPriority: false },
    ]);
    expect(imagePreloads('/Getraenk/cola', menus)).toEqual([{ href: '/media/cola.svg', as: 'image', highPriority: true }]);
    expect(imagePreloads('/SpeisenProdukte/unknown', menus)).toEqual([]);
    expect(imagePreloads('/Korb', menus)).toEqual([]);
  });
});

describe("the layout's cart widgets (ADR 0036)", () => {
  const descriptor = {
    remotes: {
      mf_menu: { version: '0.1.0', entry: '/mf/mf-menu/0.1.0/mf-manifest.json' },
      mf_cart: { version: '0.2.0', entry: '/mf/mf-cart/0.2.0/mf-manifest.json' },
    },
    preview: false,
  } as unknown as Parameters<typeof remotePreloads>[0];
  const CART_MANIFEST = {
    metaData: { publicPath: '/mf/mf-cart/0.2.0/', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { name: 'app', assets: { js: { sync: ['__federation_expose_app.aaaa0000.js'] } } },
      { name: 'cart-badge', assets: { js: { sync: ['__federation_expose_cart_badge.bbbb0000.js'] }, css: { sync: ['cart-badge.cccc0000.css'] } } },
      { name: 'cart-bar', assets: { js: { sync: ['__federation_expose_cart_bar.dddd0000.js'] } } },
    ],
  };
  const read: ManifestReader = (url) => (url.includes('mf-cart') ? CART_MANIFEST : url.includes('mf-menu') ? MENU_MANIFEST : null);
  const widgets = [
    'fetch /mf/mf-cart/0.2.0/mf-manifest.json',
    'script /mf/mf-cart/0.2.0/remoteEntry.js',
    'style /mf/mf-cart/0.2.0/cart-badge.cccc0000.css',
    'script /mf/mf-cart/0.2.0/__federation_expose_cart_badge.bbbb0000.js',
    'script /mf/mf-cart/0.2.0/__federation_expose_cart_bar.dddd0000.js',
  ];
  const names = (links: { href: string; as: string }[]) => links.map((l) => `${l.as} ${l.href}`);

  it('come with every page but a shell page, where the document holds them inert for a cart with lines', () => {
    expect(names(remotePreloads(descriptor, '/SpeisenProdukte/burritos', read))).toEqual([
      'fetch /mf/mf-menu/0.1.0/mf-manifest.json',
      'script /mf/mf-menu/0.1.0/remoteEntry.js',
      'style /mf/mf-menu/0.1.0/app.5678abcd.css',
      'script /mf/mf-menu/0.1.0/__federation_expose_app.1234abcd.js',
      ...widgets,
    ]);
    expect(layoutWidgetPreloads(descriptor, '/SpeisenProdukte/burritos', read)).toEqual([]);
    // A path no route knows may be a page a remote added: the layout mounts the widgets there.
    expect(names(remotePreloads(descriptor, '/gibt-es-nicht', read))).toEqual(widgets);
    for (const home of ['/', '/Home']) {
      expect(remotePreloads(descriptor, home, read)).toEqual([]);
      expect(names(layoutWidgetPreloads(descriptor, home, read))).toEqual(widgets);
    }
    expect(layoutWidgetPreloads({ ...descriptor, preview: true }, '/', read)).toEqual([]);
  });

  it('are inert in the document: links inside a template, none in the head', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    const doc = renderShellDocument(html, undefined, [{ href: '/api/appconfig', as: 'fetch' }], layoutWidgetPreloads(descriptor, '/', read));
    const template = /<template id="shop-cart-preloads">(.*?)<\/template>/.exec(doc)?.[1] ?? '';
    expect([...template.matchAll(/<link rel="preload" href="([^"]+)" as="([a-z]+)"/g)].map((m) => `${m[2]} ${m[1]}`)).toEqual(widgets);
    const outside = doc.replace(/<template.*?<\/template>/, '');
    expect([...outside.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/api/appconfig']);
    expect(renderShellDocument(html, undefined, [])).toBe(html);
  });
});
