import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchRoute } from '@shop/shared/routes/pure';
import type { FastifyRequest } from 'fastify';
import type { Menu, ResolvedDescriptor } from '@shop/shared/contract';
import { REMOTE_FOLDERS } from '../deploy/descriptors';
import { servedVersionDir, VERSION_PATTERN, type FolderArtifactStore } from '../deploy/artifact-store';
import {
  imagePreloads,
  layoutWidgetPreloads,
  manifestReader,
  remotePreloads,
  renderShellDocument,
  resourcePreloads,
  sharedPreloads,
  type SharedFiles,
} from './shell-document';

const REMOTE_FOLDER_SET = new Set(Object.values(REMOTE_FOLDERS));
/** Files without a content hash: never cached stale (ARCHITECTURE.md Known pitfalls). */
const UNHASHED = new Set(['mf-manifest.json', 'mf-manifest-stats.json', 'mf-stats.json', 'remoteEntry.js', 'build-stamp.json', 'build-info.json']);
/** A file name with webpack's 8-character content hash. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';

const notFound = (reply: FastifyReply, message: string) => reply.code(404).send({ ok: false, error: { code: 'not_found', message } });

/**
 * Static serving: versioned remote folders /mf/<remote>/<version>/ are immutable (except their
 * entry and manifest); the shell's hashed chunks are immutable; index.html, the service worker,
 * the web manifest and unknown app routes are no-cache. Unknown paths get index.html so the
 * shell can show its route or 'Seite nicht gefunden'.
 */
export interface StaticRoutesOptions {
  readonly appRoot: string;
  readonly store: FolderArtifactStore;
  /** The shell version the request's host runs (its descriptor's `shell`), or undefined for the local build. */
  readonly shellVersionFor: (request: FastifyRequest) => string | undefined;
  /** The request host's resolved descriptor: inlined into the shell's document with its preloads (shell-document.ts). */
  readonly descriptorFor?: (request: FastifyRequest) => ResolvedDescriptor | undefined;
  /** The current menus (the API's snapshot): a menu page's first images are preloaded (shell-document.ts). */
  readonly menus?: () => Promise<{ food: Menu; drink: Menu }>;
}

export async function registerStaticRoutes(
  app: FastifyInstance,
  { appRoot, store, shellVersionFor, descriptorFor, menus }: StaticRoutesOptions,
): Promise<void> {
  const shellDist = path.join(appRoot, 'shell', 'dist');
  /** The folder the request's shell is served from: the host's released shell version, else the local build. */
  const shellRootOf = (request: FastifyRequest): string => {
    const version = shellVersionFor(request);
    if (!version) return shellDist;
    return servedVersionDir(store, appRoot, 'shell', version) ?? shellDist;
  };

  app.get<{ Params: { folder: string; version: string; '*': string } }>('/mf/:folder/:version/*', async (request, reply) => {
    const { folder, version } = request.params;
    const file = request.params['*'];
    if (!REMOTE_FOLDER_SET.has(folder) || !VERSION_PATTERN.test(version) || !file || file.split(/[\\/]/).some((s) => s === '..' || s === '')) {
      return notFound(reply, 'No such remote file');
    }
    // Published versions come from the artifact store; unpublished ones from the local build folder.
    const root = servedVersionDir(store, appRoot, folder, version);
    const full = root ? path.join(root, file) : '';
    if (!root || !full.startsWith(root + path.sep) || !fs.existsSync(full) || !fs.statSync(full).isFile()) {
      return notFound(reply, `${folder}@${version}/${file} not found`);
    }
    reply.header('access-control-allow-origin', '*');
    // A version folder never changes; only the files without a content hash are revalidated.
    reply.header('cache-control', UNHASHED.has(path.basename(file)) ? CACHE_REVALIDATE : CACHE_IMMUTABLE);
    return reply.sendFile(file, root, { cacheControl: false });
  });

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    index: false,
    wildcard: false,
    // Shell files are served by the not-found handler below from the host's shell folder; the plugin
    // provides reply.sendFile with pre-compressed copies.
    serve: false,
    cacheControl: false,
    // Brotli/gzip files written at build time (shared/build/precompress.mjs), for these routes and
    // every reply.sendFile (the remotes' versioned folders): Content-Encoding and Vary are set.
    preCompressed: true,
    // @fastify/static 10 calls setHeaders(reply, path, stat) for every file it sends, also for
    // reply.sendFile from other routes: only the shell's own files are decided here.
    setHeaders(reply: { header(name: string, value: string): unknown; getHeader?(name: string): unknown }, filePath: string) {
      // The /mf/ route decided its caching already.
      if (reply.getHeader?.('cache-control') !== undefined) return;
      // A pre-compressed copy (main.0123abcd.js.br) is cached as its original.
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
      reply.header('cache-control', HASHED.test(name) ? CACHE_IMMUTABLE : CACHE_REVALIDATE);
    },
  });

  const readManifest = manifestReader((folder, version) =>
    REMOTE_FOLDER_SET.has(folder) && VERSION_PATTERN.test(version) ? servedVersionDir(store, appRoot, folder, version) : null,
  );
  /** index.html files as text, kept while their modification time stays. */
  const documents = new Map<string, { mtimeMs: number; html: string }>();
  const readDocument = (file: string): string | null => {
    try {
      const { mtimeMs } = fs.statSync(file);
      const cached = documents.get(file);
      if (cached?.mtimeMs === mtimeMs) return cached.html;
      const html = fs.readFileSync(file, 'utf8');
      documents.set(file, { mtimeMs, html });
      return html;
    } catch {
      return null;
    }
  };

  /** The shell build's shared-files.json (kept while its modification time stays), or null. */
  const sharedFilesCache = new Map<string, { mtimeMs: number; files: SharedFiles | null }>();
  const readSharedFiles = (root: string): SharedFiles | null => {
    const file = path.join(root, 'shared-files.json');
    try {
      const { mtimeMs } = fs.statSync(file);
      const cached = sharedFilesCache.get(file);
      if (cached?.mtimeMs === mtimeMs) return cached.files;
      const files = JSON.parse(fs.readFileSync(file, 'utf8')) as SharedFiles;
      sharedFilesCache.set(file, { mtimeMs, files });
      return files;
    } catch {
      return null;
    }
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, status = 200) => {
    const shellRoot = shellRootOf(request);
    const html = readDocument(path.join(shellRoot, 'index.html'));
    if (html === null) {
      return reply.code(503).type('text/plain; charset=utf-8').send('Die Shell ist noch nicht gebaut. Bitte `npm start` ausführen.');
    }
    let descriptor: ResolvedDescriptor | undefined;
    try {
      descriptor = descriptorFor?.(request);
    } catch {
      // No descriptor for this host: the shell asks /deploy/descriptor.json and reports it.
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const images = menus && matchRoute(pathname)?.app === 'mf_menu' ? imagePreloads(pathname, await menus().catch(() => ({ food: [], drink: [] }))) : [];
    const preloads = descriptor
      ? [
          ...images,
          ...remotePreloads(descriptor, pathname, readManifest),
          ...sharedPreloads(pathname, readSharedFiles(shellRoot)),
          ...resourcePreloads(pathname),
        ]
      : [];
    // A shell page's cart widgets: preloaded by the shell itself when the guest's cart has lines (ADR 0036).
    const inert = descriptor ? layoutWidgetPreloads(descriptor, pathname, readManifest) : [];
    const document = renderShellDocument(html, descriptor, preloads, inert);
    reply.header('cache-control', CACHE_REVALIDATE);
    return reply.code(status).type('text/html; charset=utf-8').send(document);
  };

  app.get('/', (request, reply) => sendIndex(request, reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isShellPath = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/mf/');
    if (isShellPath) {
      // Shell files written after the start (a new shell release) are not among the routes that
      // fastify-static registered at startup: they are served from here.
      const shellRoot = shellRootOf(request);
      let decoded: string;
      try {
        decoded = decodeURIComponent(url);
      } catch {
        return notFound(reply, 'Malformed path');
      }
      const candidate = path.join(shellRoot, decoded);
      if (url !== '/' && candidate.startsWith(shellRoot + path.sep) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
        return reply.sendFile(path.relative(shellRoot, candidate), shellRoot);
      }
      // Every app path gets the shell: known routes and 'Seite nicht gefunden' are rendered
      // client-side from the route table. A path outside the route table answers 404 so that
      // crawlers and link checkers see it is not a page.
      if (!path.extname(url)) return sendIndex(request, reply, matchRoute(url) ? 200 : 404);
    }
    return notFound(reply, `No route for ${request.method} ${url}`);
  });
}
