import crypto from 'node:crypto';
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

/** Hashes of the inline scripts of an HTML page, as CSP sources ('sha256-…'). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    hashes.push(
      `'sha256-${crypto
        .createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The emulator's two helper pages of a federated sign-in (shop-spec §4 Login, provider redirect or
 * popup) get their own Content-Security-Policy instead of the shop's: exactly their inline scripts
 * (by hash) and the scripts they load. The helper frame is framed by the shop itself (the SDK embeds
 * it), the sign-in page by nobody. Development only (the emulator).
 */
export function helperPagePolicy(path: string, html: string): { csp: string; frameOptions: 'SAMEORIGIN' | 'DENY' } | null {
  const scripts = inlineScriptHashes(html).join(' ');
  if (path === '/emulator/auth/iframe') {
    return {
      csp: `default-src 'none'; script-src ${scripts} https://apis.google.com; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`,
      frameOptions: 'SAMEORIGIN',
    };
  }
  if (path === '/emulator/auth/handler') {
    return {
      csp:
        `default-src 'none'; script-src ${scripts} https://unpkg.com; style-src 'unsafe-inline' https://unpkg.com https://fonts.googleapis.com; ` +
        `font-src https://fonts.gstatic.com; img-src 'self' data: https:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
      frameOptions: 'DENY',
    };
  }
  return null;
}

/** Headers the SDK sends; never `authorization` (the emulator treats `Bearer owner` as an administrator). */
const FORWARDED_HEADERS = ['content-type', 'x-client-version', 'x-firebase-gmpid', 'x-firebase-client'];

/**
 * One request to the emulator. A pooled keep-alive connection the emulator closed just as it was
 * reused fails before any answer (undici: 'other side closed'); a GET or HEAD is then sent once
 * more on a new connection. Other methods are not repeated (they might have arrived).
 */
async function fetchUpstream(target: string, init: RequestInit, idempotent: boolean): Promise<Response> {
  try {
    return await fetch(target, init);
  } catch (error) {
    if (!idempotent) throw error;
    return fetch(target, init);
  }
}

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
      const idempotent = request.method === 'GET' || request.method === 'HEAD';
      const hasBody = !idempotent && request.body !== undefined;
      const init: RequestInit = {
        method: request.method,
        headers,
        ...(hasBody ? { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) } : {}),
      };
      let upstream: Response;
      try {
        upstream = await fetchUpstream(target, init, idempotent);
      } catch (error) {
        request.log.error({ err: error, target: path }, 'auth emulator not reachable');
        return reply.code(502).send({ error: { code: 502, message: 'Auth emulator not reachable' } });
      }
      reply.code(upstream.status);
      const type = upstream.headers.get('content-type');
      if (type) reply.header('content-type', type);
      const body = Buffer.from(await upstream.arrayBuffer());
      const policy = type?.startsWith('text/html') ? helperPagePolicy(path, body.toString('utf8')) : null;
      if (policy) {
        reply.raw.removeHeader('content-security-policy');
        reply.header('content-security-policy', policy.csp);
        reply.header('x-frame-options', policy.frameOptions);
      }
      return reply.send(body);
    });
  }
}
