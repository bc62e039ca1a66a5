// The browser id a canary decides by (docs/requirements.md#release-canary, api/src/deploy/canary.ts):
// read from its first-party cookie, or — on a host with a canary running — created with the shell's
// document or the descriptor and sent back in Set-Cookie, so the first page already resolves the
// canary and every reload after it the same way.
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HostDescriptor } from '@shop/shared/contract';
import { browserIdFromCookies, hasCanary, newBrowserIdCookie } from '../deploy/canary';

/** Requests whose answer resolves the descriptor: the descriptor itself and the shell's documents. */
function resolvesDescriptor(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const url = request.url.split('?')[0] ?? '/';
  if (url === '/deploy/descriptor.json') return true;
  return !url.startsWith('/api/') && !url.startsWith('/mf/') && !path.extname(url);
}

/** Registers the hook; returns the browser id of a request (undefined: the host's versions). */
export function registerCanaryCookie(
  app: FastifyInstance,
  descriptorOf: (request: FastifyRequest) => HostDescriptor,
): (request: FastifyRequest) => string | undefined {
  const created = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request, reply) => {
    if (!resolvesDescriptor(request) || browserIdFromCookies(request.headers.cookie)) return;
    let descriptor: HostDescriptor;
    try {
      descriptor = descriptorOf(request);
    } catch {
      return; // No descriptor for this host: the route answers that.
    }
    if (!hasCanary(descriptor)) return;
    const { id, cookie } = newBrowserIdCookie(request.protocol === 'https');
    created.set(request, id);
    reply.header('set-cookie', cookie);
  });
  return (request) => browserIdFromCookies(request.headers.cookie) ?? created.get(request);
}
