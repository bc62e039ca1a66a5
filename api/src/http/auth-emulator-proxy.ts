import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Path prefixes the Firebase Auth SDK uses against an emulator host. */
const PREFIXES = ['/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/', '/emulator/'];

/**
 * What a browser may reach through the proxy (docs/security.md): exactly the endpoints the Firebase
 * Auth web SDK calls for the shop's sign-in methods, and the emulator's two helper pages of a
 * federated sign-in. Never the emulator's administration (/emulator/v1/…: accounts, config, e-mail
 * and SMS codes), never the project's admin API (…/v1/projects/<id>/…, where custom claims such as
 * `staff` are set), never `accounts:signInWithCustomToken` (the emulator accepts unsigned custom
 * tokens with any claims; the shop never uses custom tokens).
 */
const ALLOWED = [
  /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:(signUp|signInWithPassword|signInWithIdp|signInWithEmailLink|signInWithPhoneNumber|sendVerificationCode|sendOobCode|lookup|update|delete|createAuthUri|resetPassword)$/,
  // getProjectConfig (authorized domains of a popup or redirect sign-in): the bare collection, no project below it.
  /^\/identitytoolkit\.googleapis\.com\/v1\/projects$/,
  /^\/identitytoolkit\.googleapis\.com\/v1\/recaptchaParams$/,
  /^\/identitytoolkit\.googleapis\.com\/v2\/(recaptchaConfig|passwordPolicy|accounts:revokeToken)$/,
  /^\/securetoken\.googleapis\.com\/v1\/token$/,
  /^\/emulator\/auth\/(handler|iframe)$/,
];

/** Characters a canonical path may hold (RFC 3986 pchar and '/'); nothing that could start a query, a fragment or an escape. */
const PATH_CHARACTERS = /^[A-Za-z0-9._~!$&'()*+,;=:@/-]*$/;
const MAX_DECODE_ROUNDS = 4;

/**
 * The path as the emulator will understand it, or null when it cannot be made unambiguous:
 * percent-decoded until it no longer changes (double encoding, `%2e%2e`, `%2E%2E`, `%2f`), with
 * backslashes read as slashes; refused with a dot segment ('.', '..'), an empty segment, a
 * character outside the path alphabet or an escape that is still left after a few rounds.
 */
export function canonicalEmulatorPath(rawPath: string): string | null {
  let path = rawPath;
  for (let round = 0; ; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) break;
    if (round === MAX_DECODE_ROUNDS) return null;
    path = decoded;
  }
  path = path.replace(/\\/g, '/');
  if (!path.startsWith('/') || !PATH_CHARACTERS.test(path)) return null;
  const segments = path.slice(1).split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  return path;
}

/** Whether a canonical path is one the SDK needs (ALLOWED). */
export function isAllowedEmulatorPath(path: string): boolean {
  return ALLOWED.some((pattern) => pattern.test(path));
}

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
 * The emulator's two helper pages of a federated sign-in (requirements#sign-in, provider redirect or
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
      const queryAt = request.url.indexOf('?');
      const path = canonicalEmulatorPath(queryAt < 0 ? request.url : request.url.slice(0, queryAt));
      if (path === null) return reply.code(400).send({ error: { code: 400, message: 'Not a plain path (dot segments, escapes or odd characters)' } });
      if (!isAllowedEmulatorPath(path)) {
        return reply.code(403).send({ error: { code: 403, message: 'Not available through the shop (emulator administration)' } });
      }
      // What was checked is what is sent: the canonical path, the query as it came.
      const target = `http://${emulatorHost}${path}${queryAt < 0 ? '' : request.url.slice(queryAt)}`;
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
