import type { FastifyInstance } from 'fastify';

/**
 * Compression of dynamic answers (action responses such as the menu, descriptors, index.html) with
 * @fastify/compress: brotli (fast quality) or gzip by the request's Accept-Encoding, from 1 kB up.
 * Static assets are compressed once at build time (shared/build/precompress.mjs) and sent as they
 * are (@fastify/static `preCompressed`); server-sent events are never compressed (they must flush).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  const zlib = await import('node:zlib');
  await app.register((await import('@fastify/compress')).default, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 is for build time; per request a fast level gives most of the gain.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    customTypes: /^(?:text\/(?!event-stream)[a-z-]+|application\/(?:json|javascript|manifest\+json)|image\/svg\+xml)(?:;|$)/,
  });
}
