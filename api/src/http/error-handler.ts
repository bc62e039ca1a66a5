import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ActionError } from '@shop/shared/contract';
import { serviceUnavailable } from './service-unavailable';

/** Clear English messages for the request errors Fastify raises before a handler runs. */
const MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Invalid JSON body: the request body could not be parsed as JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: "Empty body: a request with content-type 'application/json' needs a JSON body",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type: send the body as 'application/json'",
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length',
};

/** The envelope body for an error that escaped a route: 4xx are the caller's fault, the rest internal. */
export function errorBody(error: FastifyError): { status: number; body: { ok: false; error: ActionError } } {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) return { status, body: { ok: false, error: { code: 'internal', message: 'Internal error' } } };
  const code: ActionError['code'] = status === 404 ? 'not_found' : status === 401 ? 'unauthenticated' : status === 403 ? 'forbidden' : 'bad_request';
  const message = (error.code && MESSAGES[error.code]) ?? error.message ?? 'Bad request';
  return { status, body: { ok: false, error: { code, message } } };
}

/** A response stream cut because the client left (not a server fault, nobody is left to answer). */
function clientWentAway(error: FastifyError, request: FastifyRequest): boolean {
  return error.code === 'ERR_STREAM_PREMATURE_CLOSE' && (request.raw.destroyed || request.raw.socket.destroyed);
}

/**
 * Errors outside the action handler's own try/catch (malformed JSON, wrong content type, body too
 * large, a failing static file) answer with the API's envelope `{ ok: false, error: { code, message } }`
 * instead of Fastify's default shape. Unexpected errors are logged and never leak their message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const unavailable = serviceUnavailable(error);
    if (unavailable) {
      reply.header('retry-after', String(unavailable.retryAfterSeconds));
      return reply.code(503).send(unavailable.toBody());
    }
    if (clientWentAway(error, request)) {
      // The guest closed the tab or navigated on while a file was streaming: nothing failed here.
      request.log.info({ code: error.code }, 'client closed the connection before the response ended');
      return reply;
    }
    const { status, body } = errorBody(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).send(body);
  });
}
