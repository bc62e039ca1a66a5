import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const NAME = /^[a-z0-9][a-z0-9._-]*\.(svg|webp|png|jpg)$/;

/** Menu and news images (api/media), cached for a day: content the restaurant may replace. */
export function registerMediaRoute(app: FastifyInstance, mediaDir: string): void {
  app.get<{ Params: { file: string } }>('/media/:file', async (request, reply) => {
    const { file } = request.params;
    if (!NAME.test(file) || file.includes('..') || !fs.existsSync(path.join(mediaDir, file))) {
      return reply.code(404).send({ ok: false, error: { code: 'not_found', message: `No media file ${file}` } });
    }
    reply.header('cache-control', 'public, max-age=86400');
    return reply.sendFile(file, mediaDir, { cacheControl: false });
  });
}
