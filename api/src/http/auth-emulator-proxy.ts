import type { FastifyInstance } from 'fastify';

/** Path prefixes the Firebase Auth SDK uses against an emulator host. */
const PREFIXES = ['/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/', '/emulator/'];

/**
 * What a browser may not reach through the proxy (docs/security.md): the emulator's own
 * administration (/emulator/v1/…: accounts, config, codes) and the admin REST API of the project
 * (…/v1/projects/…, where custom claims such as `staff` are set). Only the federated sign-in
 * helper pages (/emulator/auth/…) of the emulator stay reachable.
 */
const FORBIDDEN = [/^\/emulator\/(?!auth\/)/, /^\/identitytoolkit\.googleapis\.com\/v\d+\/projects\//];

/** Headers the SDK sends; never `authorization` (the emulator treats `Bearer owner` as an administrator). */
const FORWARDED_HEADERS = ['content-type', 'x-client-version', 'x-firebase-gmpid', 'x-firebase-client'];

/**
 * Development only: the browser's Firebase Auth SDK is pointed at the shop's own origin
 * (connectAuthEmulator(auth, location.origin)) and these routes forward to the local Auth
 * emulator, so the whole shop is served on one port.
 */
export function registerAuthEmulatorProxy(app: FastifyInstance, emulatorHost: string): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  for (const prefix of PREFIXES) {
    app.all(`${prefix}*`, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (FORBIDDEN.some((pattern) => pattern.test(path))) {
        return reply.code(403).send({ error: { code: 403, message: 'Not available through the shop (emulator administration)' } });
      }
      const target = `http://${emulatorHost}${request.url}`;
      const headers: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
      const upstream = await fetch(target, {
        method: request.method,
        headers,
        ...(hasBody ? { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) } : {}),
      });
      reply.code(upstream.status);
      const type = upstream.headers.get('content-type');
      if (type) reply.header('content-type', type);
      return reply.send(Buffer.from(await upstream.arrayBuffer()));
    });
  }
}
