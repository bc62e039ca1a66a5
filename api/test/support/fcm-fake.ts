import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers as Google does for the calls firebase-admin makes to send push
 * messages, so the FCM adapter is tested through the official SDK end to end:
 * - POST /token (oauth2.googleapis.com): a service account's signed JWT (RS256, checked against the
 *   account's public key) exchanged for an access token;
 * - POST /v1/projects/{id}/messages:send (fcm.googleapis.com, HTTP v1): the Bearer token checked,
 *   the message checked as FCM does (one target, data values strings), and FCM's error bodies for
 *   unregistered tokens (404 NOT_FOUND / UNREGISTERED), malformed tokens (400 INVALID_ARGUMENT)
 *   and tokens of another sender (403 PERMISSION_DENIED / SENDER_ID_MISMATCH).
 * The API reaches it through FCM_API_BASE (api/src/push/redirect-agent.ts).
 */

type Json = Record<string, unknown>;

export interface SentMessage {
  readonly project: string;
  readonly host: string | undefined;
  readonly message: Json & { token: string; data: Record<string, string>; webpush?: { headers?: Record<string, string> } };
}

export interface FcmFake {
  readonly url: string;
  readonly projectId: string;
  /** The service account key file the API is given (FCM_CREDENTIALS). */
  readonly serviceAccountFile: string;
  /** Messages FCM accepted, in order. */
  readonly sent: SentMessage[];
  /** Every request (method, host header, path), for the wiring checks. */
  readonly requests: { method: string; host: string | undefined; path: string }[];
  /** Access tokens issued by the token endpoint. */
  readonly issuedTokens: string[];
  /** Tokens FCM no longer knows (the browser unsubscribed). */
  unregister(token: string): void;
  /** Tokens of another project's sender. */
  foreign(token: string): void;
  close(): Promise<void>;
}

const FCM_ERROR = 'type.googleapis.com/google.firebase.fcm.v1.FcmError';

function fcmError(status: number, statusText: string, message: string, errorCode: string): { status: number; body: Json } {
  return { status, body: { error: { code: status, message, status: statusText, details: [{ '@type': FCM_ERROR, errorCode }] } } };
}

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

function verifyJwt(assertion: string, publicKey: crypto.KeyObject): Json | null {
  const [header, payload, signature] = assertion.split('.');
  if (!header || !payload || !signature) return null;
  const ok = crypto.verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'));
  if (!ok) return null;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Json;
}

export async function startFcmFake(projectId = 'demo-streetfood-push'): Promise<FcmFake> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `push-sender@${projectId}.iam.gserviceaccount.com`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcm-fake-'));
  const serviceAccountFile = path.join(dir, 'service-account.json');
  fs.writeFileSync(
    serviceAccountFile,
    JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: crypto.randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: '100000000000000000001',
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  );

  const sent: SentMessage[] = [];
  const requests: FcmFake['requests'] = [];
  const issuedTokens: string[] = [];
  const unregistered = new Set<string>();
  const foreignTokens = new Set<string>();
  let messageCount = 0;

  function token(body: string): { status: number; body: Json } {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400, body: { error: 'unsupported_grant_type' } };
    const claims = verifyJwt(form.get('assertion') ?? '', publicKey);
    if (!claims) return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (claims.iss !== clientEmail || !scopes.includes('https://www.googleapis.com/auth/firebase.messaging')) {
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid issuer or scope' } };
    }
    const accessToken = `ya29.fake-${base64url(crypto.randomBytes(24))}`;
    issuedTokens.push(accessToken);
    return { status: 200, body: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' } };
  }

  function send(project: string, host: string | undefined, authorization: string | undefined, raw: string): { status: number; body: Json } {
    const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (!issuedTokens.includes(bearer)) {
      return {
        status: 401,
        body: {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
            status: 'UNAUTHENTICATED',
          },
        },
      };
    }
    if (project !== projectId) return fcmError(403, 'PERMISSION_DENIED', `Permission denied on project ${project}`, 'SENDER_ID_MISMATCH');
    const body = JSON.parse(raw) as { message?: SentMessage['message'] };
    const message = body.message;
    if (!message || typeof message.token !== 'string') return fcmError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', 'INVALID_ARGUMENT');
    for (const [key, value] of Object.entries(message.data ?? {})) {
      if (typeof value !== 'string') {
        return {
          status: 400,
          body: { error: { code: 400, message: `Invalid value at 'message.data[${key}].value' (TYPE_STRING)`, status: 'INVALID_ARGUMENT' } },
        };
      }
    }
    if (!/^[A-Za-z0-9_:-]{20,}$/.test(message.token))
      return fcmError(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', 'INVALID_ARGUMENT');
    if (unregistered.has(message.token)) return fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED');
    if (foreignTokens.has(message.token)) return fcmError(403, 'PERMISSION_DENIED', 'SenderId mismatch', 'SENDER_ID_MISMATCH');
    sent.push({ project, host, message });
    messageCount += 1;
    return { status: 200, body: { name: `projects/${project}/messages/0:${1700000000000 + messageCount}%fake` } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push({ method: req.method ?? '', host: req.headers.host, path: url.pathname });
      let answer: { status: number; body: Json };
      const m = url.pathname.match(/^\/v1\/projects\/([^/]+)\/messages:send$/);
      if (req.method === 'POST' && url.pathname === '/token') answer = token(raw);
      else if (req.method === 'POST' && m) answer = send(decodeURIComponent(m[1]!), req.headers.host, req.headers.authorization, raw);
      else answer = { status: 404, body: { error: { code: 404, message: `No route ${req.method} ${url.pathname}`, status: 'NOT_FOUND' } } };
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    projectId,
    serviceAccountFile,
    sent,
    requests,
    issuedTokens,
    unregister: (t) => unregistered.add(t),
    foreign: (t) => foreignTokens.add(t),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
