import type { FastifyInstance } from 'fastify';

/** Path prefixes the Firebase Auth SDK uses against an emulator host. */
const PREFIXES = ['/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/', '/emulator/'];

/**
 * Development only: the browser's Firebase Auth SDK is pointed at the shop's own origin
 * (connectAuthEmulator(auth, location.origin)) and these routes forward to the local Auth
 * emulator, so the whole shop is served on one port.
 */
export function registerAuthEmulatorProxy(app: FastifyInstance, emulatorHost: string): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  for (const prefix of PREFIXES) {
    app.all(`${prefix}*`, async (request, reply) => {
      const target = `http://${emulatorHost}${request.url}`;
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'authorization', 'x-client-version', 'x-firebase-gmpid', 'x-firebase-client']) {
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
