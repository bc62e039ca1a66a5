/**
 * Whether a failure means "the database is away or overloaded for a moment" (answer 503 with
 * Retry-After, the caller may send the request again) rather than a bug (500). Looks through
 * Drizzle's wrapper (`cause`) at node-postgres' and PostgreSQL's own errors.
 */

/** Socket errors of a connection that cannot be opened or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);

/**
 * SQLSTATEs: class 08 (connection exception), 57P01–57P03 (terminated by an administrator, crash,
 * cannot connect now), 53300 (too many connections), 57014 (statement timeout), 40001/40P01
 * (serialization failure, deadlock: the transaction may simply be tried again).
 */
const RETRYABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '40001', '40P01']);

/** node-postgres' own messages for a connection that is gone or never came. */
const CONNECTION_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Query read timeout|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || RETRYABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    // AggregateError (several addresses refused, e.g. localhost as ::1 and 127.0.0.1).
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((e) => isDatabaseUnavailable(e))) return true;
    current = cause;
  }
  return false;
}
