/**
 * What never reaches a log line (requirements#operations, docs/security.md "Logs"): credentials in URLs (query values
 * with a secret-like name or an opaque long value, passwords in connection URLs), bearer tokens,
 * configured secrets wherever they appear, SQL parameters and the database's value details, and the
 * last part of client addresses. Pure string functions, used by the logger's serializers.
 */

export const REDACTED = '[redacted]';

/** Query parameter names whose values are capabilities or personal data. */
const SENSITIVE_NAME = /token|ticket|secret|passw|pwd|key|code|auth|session|sig|orders|push|cart|credential|mail|phone|name|address/i;
/** An opaque value long enough to be a capability (tokens, order access tokens, share links). */
const OPAQUE = /^[A-Za-z0-9._~+/=%-]{24,}$/;
/** user:password@ in a URL. */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:)[^@\s/]+@/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;

/** A request URL (path and query) with capabilities replaced: secret-like query values and opaque path segments. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q < 0 ? url : url.slice(0, q);
  const path = pathPart
    .split('/')
    .map((segment) => (OPAQUE.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment) && !segment.includes('.') ? REDACTED : segment))
    .join('/');
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      return SENSITIVE_NAME.test(name) || OPAQUE.test(value) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** A connection URL without its password (redis://:secret@host → redis://:[redacted]@host). */
export function redactConnectionUrl(url: string): string {
  return url.replace(URL_PASSWORD, `$1${REDACTED}@`);
}

/**
 * The secrets of this process's configuration: values of variables named like a secret, and the
 * passwords inside connection URLs. `scrubText` replaces each wherever it appears.
 */
export function secretsOf(env: NodeJS.ProcessEnv): string[] {
  const found = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (/SECRET|PASSWORD|TOKEN|_KEY$|CREDENTIALS/i.test(name) && value.length >= 8 && !/^[./~]/.test(value) && value !== 'application-default')
      found.add(value);
    if (/_URL$/i.test(name)) {
      try {
        const password = decodeURIComponent(new URL(value).password);
        if (password.length >= 4) found.add(password);
      } catch {
        // not a URL
      }
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** A text without connection passwords, bearer tokens and the given secrets. */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(URL_PASSWORD, `$1${REDACTED}@`).replace(BEARER, `$1 ${REDACTED}`);
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
}

/** A client address without its host part (IPv4 /24, IPv6 /48): enough to see a pattern, not a person. */
export function anonymizeIp(ip: string | undefined): string | undefined {
  if (!ip) return ip;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0`;
  if (ip.includes(':')) {
    if (ip === '::1') return ip;
    return `${ip.split(':').slice(0, 3).join(':')}::`;
  }
  return ip;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
  table?: unknown;
  constraint?: unknown;
  routine?: unknown;
  statusCode?: unknown;
  errors?: unknown;
}

export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  statusCode?: number;
  table?: string;
  constraint?: string;
  cause?: SafeError;
  errors?: SafeError[];
}

/**
 * An error as a log may hold it: Drizzle's failed query keeps its SQL but not its parameters, a
 * PostgreSQL error keeps its code, table and constraint but not its detail (`Key (email)=(…)`), and
 * every text is scrubbed of secrets. The stack is rebuilt from the safe message and the frames.
 */
export function safeError(error: unknown, secrets: readonly string[] = [], depth = 0): SafeError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: scrubText(String(error), secrets) };
  const e = error as ErrorLike;
  const type = typeof e.name === 'string' ? e.name : (error.constructor?.name ?? 'Error');
  const rawMessage = typeof e.message === 'string' ? e.message : `${type} without a message`;
  // DrizzleQueryError: "Failed query: <sql>\nparams: <values>": the values are guests' data.
  const message = scrubText(typeof e.query === 'string' && 'params' in e ? `Failed query: ${e.query}` : rawMessage, secrets);
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const out: SafeError = { type, message };
  if (frames.length) out.stack = scrubText(`${type}: ${message}\n${frames.join('\n')}`, secrets);
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = String(e.code);
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (typeof e.table === 'string') out.table = e.table;
  if (typeof e.constraint === 'string') out.constraint = e.constraint;
  if (depth < 4 && e.cause !== undefined) out.cause = safeError(e.cause, secrets, depth + 1);
  if (depth < 2 && Array.isArray(e.errors)) out.errors = e.errors.slice(0, 5).map((inner) => safeError(inner, secrets, depth + 1));
  return out;
}
