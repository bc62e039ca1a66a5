import crypto from 'node:crypto';
import { format } from 'node:util';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import { anonymizeIp, redactUrl, safeError, scrubText, secretsOf } from './redact';

export type { Logger };

/**
 * The one logger of an API process (requirements#operations): pino, JSON lines only, Fastify's request logger too
 * (`loggerInstance`). Requests carry an id (the proxy's `x-request-id` when it looks like one, else a
 * new UUID), answered in `x-request-id`. What may not be logged is removed here, once: query values
 * that are capabilities, authorization and cookie headers, client addresses beyond /24, SQL parameters
 * and value details of database errors, connection passwords and every configured secret.
 */
export function createLogger(options: { level: string; env?: NodeJS.ProcessEnv; destination?: DestinationStream }): Logger {
  const secrets = secretsOf(options.env ?? process.env);
  return pino(
    {
      level: options.level,
      // Authorization, cookies and tokens never appear, also when a caller logs a headers object.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          '*.idToken',
          '*.accessToken',
          '*.secret',
          '*.params',
        ],
        censor: '[redacted]',
      },
      serializers: {
        err: (error: unknown) => safeError(error, secrets),
        error: (error: unknown) => safeError(error, secrets),
        req: (req: { method?: string; url?: string; hostname?: string; host?: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
          method: req.method,
          url: req.url ? redactUrl(req.url) : undefined,
          host: req.host ?? req.hostname,
          remoteAddress: anonymizeIp(req.ip ?? req.socket?.remoteAddress),
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      },
      hooks: {
        // The finished line, whatever put a secret into it (a message, a library's error, a nested object).
        streamWrite: (line) => scrubText(line, secrets),
      },
    },
    options.destination ?? pino.destination({ sync: false }),
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Fastify's genReqId: the proxy's request id when it has a sane shape, else a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/**
 * Everything the process writes through `console` goes through the logger as JSON (libraries and
 * older modules write there), and process warnings too: the log stays one JSON object per line.
 */
export function routeConsoleTo(logger: Logger): void {
  const bind =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) =>
      logger[level](format(...args));
  console.log = bind('info');
  console.info = bind('info');
  console.warn = bind('warn');
  console.error = bind('error');
  console.debug = bind('debug');
  process.removeAllListeners('warning');
  process.on('warning', (warning) => logger.warn({ err: warning }, 'process warning'));
}
