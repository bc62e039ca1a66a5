import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ActionName } from '@shop/shared/contract';
import { metrics } from './metrics';

interface Tagged {
  shopAction?: ActionName;
}

/** The action route names the request's action, so its rate and latency are counted per action. */
export function tagAction(request: FastifyRequest, action: ActionName): void {
  (request as Tagged).shopAction = action;
}

/**
 * Counts every answered request: per action for POST /api/action (shop_action_*), per route pattern
 * otherwise (shop_http_*; unknown paths as one label, so that scanners cannot grow the label set).
 * The request id goes back to the caller in `x-request-id`.
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const seconds = reply.elapsedTime / 1000;
    const status = String(reply.statusCode);
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ route, method: request.method, status });
    metrics.httpDuration.observe({ route }, seconds);
    if (route === '/api/action') {
      const action = (request as Tagged).shopAction ?? 'invalid';
      metrics.actionRequests.inc({ action, status });
      metrics.actionDuration.observe({ action }, seconds);
    }
  });
}
