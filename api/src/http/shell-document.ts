import fs from 'node:fs';
import path from 'node:path';
import type { Menu, ResolvedDescriptor } from '@shop/shared/contract';
import { APPCONFIG_RESOURCE, MENU_RESOURCE } from '@shop/shared/contract/resources';
import { matchRoute } from '@shop/shared/routes/pure';

/**
 * The shell's HTML document for one request (requirements#performance, lean first loads): the host's descriptor
 * inlined (the shell needs no round trip to learn its remotes) and `<link rel=preload>` for what
 * the page will load from its remotes: the manifest and remote entry of the current route's remote
 * and of the cart widgets in the layout, and the files of the modules they expose. The browser then
 * fetches a remote in parallel with the shell instead of one request after the other.
 */

/** Exposed modules the shell's layout mounts (Header: cart badge, App: cart bar): on every page but a shell page with an empty cart (ADR 0036). */
export const LAYOUT_WIDGETS: Readonly<Record<string, readonly string[]>> = { mf_cart: ['cart-badge', 'cart-bar'] };

/** The element id the shell reads the inlined descriptor from (shell/src/federation/descriptor.ts). */
export const DESCRIPTOR_ELEMENT_ID = 'shop-descriptor';

/** The `<template>` with a shell page's inert widget preloads (shell/src/federation/cart-widgets.ts). */
export const CART_PRELOADS_ELEMENT_ID = 'shop-cart-preloads';

export interface PreloadLink {
  readonly href: string;
  readonly as: 'script' | 'style' | 'fetch' | 'image';
  /** The page's largest paint: fetched before everything else of its kind. */
  readonly highPriority?: boolean;
}

/** The parts of mf-manifest.json the preloads need. */
interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** Reads a remote's manifest by its URL (`/mf/<folder>/<version>/mf-manifest.json`), or null. */
export type ManifestReader = (entryUrl: string) => Manifest | null;

/** Manifests read from version folders, kept while the file's modification time stays. */
export function manifestReader(dirOf: (folder: string, version: string) => string | null): ManifestReader {
  const cache = new Map<string, { mtimeMs: number; manifest: Manifest }>();
  return (entryUrl) => {
    const m = /^\/mf\/([a-z-]+)\/([^/]+)\/mf-manifest\.json$/.exec(entryUrl);
    if (!m) return null;
    const dir = dirOf(m[1]!, m[2]!);
    if (!dir) return null;
    const file = path.join(dir, 'mf-manifest.json');
    try {
      const { mtimeMs } = fs.statSync(file);
      const cached = cache.get(file);
      if (cached?.mtimeMs === mtimeMs) return cached.manifest;
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
      cache.set(file, { mtimeMs, manifest });
      return manifest;
    } catch {
      return null;
    }
  };
}

const folderOf = (entryUrl: string) => entryUrl.slice(0, entryUrl.lastIndexOf('/') + 1);

/** The links that load these exposed modules of the descriptor's remotes (remote -> exposes). */
function exposedPreloads(descriptor: ResolvedDescriptor, wanted: ReadonlyMap<string, ReadonlySet<string>>, readManifest: ManifestReader): PreloadLink[] {
  const links: PreloadLink[] = [];
  const seen = new Set<string>();
  const add = (href: string, as: PreloadLink['as']) => {
    if (seen.has(href)) return;
    seen.add(href);
    links.push({ href, as });
  };
  for (const [remote, exposes] of wanted) {
    const entry = descriptor.remotes[remote]?.entry;
    const manifest = entry ? readManifest(entry) : null;
    if (!entry || !manifest) continue;
    const base = manifest.metaData?.publicPath?.startsWith('/') ? manifest.metaData.publicPath : folderOf(entry);
    add(entry, 'fetch');
    const remoteEntry = manifest.metaData?.remoteEntry;
    if (remoteEntry?.name) add(`${base}${remoteEntry.path ? remoteEntry.path.replace(/\/?$/, '/') : ''}${remoteEntry.name}`, 'script');
    for (const expose of manifest.exposes ?? []) {
      if (!exposes.has(expose.name)) continue;
      for (const file of expose.assets?.css?.sync ?? []) add(`${base}${file}`, 'style');
      for (const file of expose.assets?.js?.sync ?? []) add(`${base}${file}`, 'script');
    }
  }
  return links;
}

/** A page of the shell itself (Home): its layout loads the cart's widgets only for a cart with lines (ADR 0036). */
const isShellPage = (pathname: string) => matchRoute(pathname)?.app === 'shell';

/**
 * What a page at `pathname` loads from its remotes before it can show them: for the route's remote
 * its app, for the layout's widgets their modules (not on a shell page: `layoutWidgetPreloads`).
 * Preview hosts get none (their browsers may run other versions than the descriptor's).
 */
export function remotePreloads(descriptor: ResolvedDescriptor, pathname: string, readManifest: ManifestReader): PreloadLink[] {
  if (descriptor.preview) return [];
  const wanted = new Map<string, Set<string>>();
  const routeApp = matchRoute(pathname)?.app;
  if (routeApp && routeApp !== 'shell') wanted.set(routeApp, new Set(['app']));
  if (!isShellPage(pathname)) {
    for (const [remote, exposes] of Object.entries(LAYOUT_WIDGETS)) {
      const set = wanted.get(remote) ?? new Set<string>();
      for (const expose of exposes) set.add(expose);
      wanted.set(remote, set);
    }
  }
  return exposedPreloads(descriptor, wanted, readManifest);
}

/**
 * On a shell page, the layout's widgets' preloads for the shell to start when it finds lines in the
 * guest's cart (only the browser knows them): the document carries them inert (`renderShellDocument`).
 */
export function layoutWidgetPreloads(descriptor: ResolvedDescriptor, pathname: string, readManifest: ManifestReader): PreloadLink[] {
  if (descriptor.preview || !isShellPage(pathname)) return [];
  const wanted = new Map(Object.entries(LAYOUT_WIDGETS).map(([remote, exposes]) => [remote, new Set(exposes)]));
  return exposedPreloads(descriptor, wanted, readManifest);
}

/** Shell-provided singletons only some remotes use at start (the others: every remote's app). */
const SHARED_ONLY_FOR: Readonly<Record<string, readonly string[]>> = { '@shop/shared/stores/preferences': ['mf_menu', 'mf_account'] };

/** shared-files.json of the shell build (shared/build/shared-files-plugin.mjs): singleton -> its files. */
export type SharedFiles = Readonly<Record<string, readonly string[]>>;

/**
 * The files of the singletons the shell provides for its remotes (the router): every remote's app
 * takes them from the shell, so a page of a remote preloads them with the remote.
 */
export function sharedPreloads(pathname: string, sharedFiles: SharedFiles | null): PreloadLink[] {
  const app = matchRoute(pathname)?.app;
  if (!sharedFiles || !app || app === 'shell') return [];
  const files = new Set(
    Object.entries(sharedFiles)
      .filter(([name]) => SHARED_ONLY_FOR[name]?.includes(app) ?? true)
      .flatMap(([, list]) => list),
  );
  return [...files].sort().map((file) => ({ href: `/${file}`, as: 'script' as const }));
}

/**
 * The data a page asks for as soon as it runs (resource-routes.ts): the app config on every page,
 * the menu its remote shows (the menu pages one kind, the cart both, for its article lookup).
 */
export function resourcePreloads(pathname: string): PreloadLink[] {
  const match = matchRoute(pathname);
  const links: PreloadLink[] = [{ href: APPCONFIG_RESOURCE, as: 'fetch' }];
  if (match?.app === 'mf_menu') links.push({ href: MENU_RESOURCE[/^Getraenk/.test(match.name) ? 'drink' : 'food'], as: 'fetch' });
  if (match?.app === 'mf_cart') links.push({ href: MENU_RESOURCE.food, as: 'fetch' }, { href: MENU_RESOURCE.drink, as: 'fetch' });
  return links;
}

/** Cards of a category a phone shows before scrolling whose images are preloaded (mf-menu's above-fold cards). */
const CATEGORY_IMAGES = 3;

/**
 * The images a menu page shows first (its largest paint): the first cards of a category (its first
 * section, in menu order, as mf-menu draws them) or an item's picture. Preloaded with the document,
 * they are there when the remote draws the page instead of being asked for only then.
 */
export function imagePreloads(pathname: string, menus: { food: Menu; drink: Menu }): PreloadLink[] {
  const match = matchRoute(pathname);
  if (!match) return [];
  const kind = /^Getraenk/.test(match.name) ? 'drink' : 'food';
  const menu = menus[kind];
  let images: string[] = [];
  if ((match.name === 'SpeisenProdukte' || match.name === 'GetraenkeProdukte') && match.params.catname) {
    const items = menu.find((c) => c.id === match.params.catname)?.items ?? [];
    const firstSection = items[0]?.section ?? '';
    images = items
      .filter((item) => (item.section ?? '') === firstSection)
      .slice(0, CATEGORY_IMAGES)
      .flatMap((item) => (item.image ? [item.image] : []));
  } else if ((match.name === 'Speise' || match.name === 'Getraenk') && match.params.itemId) {
    const item = menu.flatMap((c) => c.items).find((i) => i.id === match.params.itemId);
    images = item?.image ? [item.image] : [];
  }
  return [...new Set(images)].filter((src) => src.startsWith('/')).map((href, i) => ({ href, as: 'image' as const, highPriority: i === 0 }));
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON that cannot end the script element it is in. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

// A manifest is fetched by the federation runtime with fetch() (CORS mode): the preload must match it.
const preloadTag = (link: PreloadLink) =>
  `<link rel="preload" href="${escapeAttribute(link.href)}" as="${link.as}"${link.as === 'fetch' ? ' crossorigin="anonymous"' : ''}${link.highPriority ? ' fetchpriority="high"' : ''}>`;

/**
 * The document with the descriptor and the preloads placed at the end of its head; `inert` preloads
 * go into a `<template>` (fetched only when the shell moves them into the head).
 */
export function renderShellDocument(
  html: string,
  descriptor: ResolvedDescriptor | undefined,
  preloads: readonly PreloadLink[],
  inert: readonly PreloadLink[] = [],
): string {
  const tags = preloads.map(preloadTag);
  if (inert.length > 0) tags.push(`<template id="${CART_PRELOADS_ELEMENT_ID}">${inert.map(preloadTag).join('')}</template>`);
  if (descriptor) tags.push(`<script type="application/json" id="${DESCRIPTOR_ELEMENT_ID}">${scriptSafeJson(descriptor)}</script>`);
  if (tags.length === 0) return html;
  const at = html.indexOf('</head>');
  return at === -1 ? html : `${html.slice(0, at)}${tags.join('')}${html.slice(at)}`;
}
