import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACCEPTED_CONTRACT_VERSIONS, ACTIONS, actionRequest, isAcceptedContractVersion, isActionName, type ResponseFlags } from '@shop/shared/contract';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import type { ActionContext, HandlerMap } from '../actions/context';
import { ApiError, badRequest } from './api-error';
import { findInputProblem } from './input-guard';
import type { RateLimiter } from './rate-limits';
import { serviceUnavailable } from './service-unavailable';
import { metrics } from '../ops/metrics';
import { tagAction } from '../ops/request-metrics';

export type ContextFactory = (request: FastifyRequest, browserId: string) => Promise<{ ctx: ActionContext; flags: ResponseFlags }>;

function issuesOf(error: z.ZodError, prefix: string) {
  return error.issues.map((i) => ({ path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'), message: i.message }));
}

function describe(issues: { path: string; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((i) => `${i.path || '(body)'}: ${i.message}`)
    .join('; ');
}

/**
 * POST /api/action: envelope and payload validated by the contract's zod schemas; a bad body is
 * a 400 with a clear message, never a 500.
 */
export function registerActionRoute(app: FastifyInstance, handlers: HandlerMap, contextFor: ContextFactory, limit: RateLimiter = async () => undefined): void {
  app.post('/api/action', { bodyLimit: 512 * 1024 }, async (request: FastifyRequest, reply: FastifyReply) => {
    // Flags of the request context (e.g. jwtInvalid) travel with errors too, so that a 401 caused
    // by an expired token still makes the client refresh it.
    let flags: ResponseFlags = {};
    try {
      const problem = findInputProblem(request.body);
      if (problem) {
        throw new ApiError(
          400,
          'validation',
          problem.reason === 'depth' ? `Nested too deeply at ${problem.path}` : `Control characters or broken Unicode in ${problem.path || 'the body'}`,
          shellTexts.invalidCharacters,
        );
      }
      const envelope = actionRequest.safeParse(request.body);
      if (!envelope.success) {
        const issues = issuesOf(envelope.error, '');
        throw badRequest(`Invalid request: ${describe(issues)}`, issues);
      }
      const { action, payload } = envelope.data;
      if (!isAcceptedContractVersion(envelope.data.contractVersion)) {
        // An app older or newer than this API: the spec's forceReload makes the shell reload it (ADR 0020).
        flags = { forceReload: true };
        throw new ApiError(
          409,
          'contract_unsupported',
          `Contract version ${String(envelope.data.contractVersion)} is not accepted (accepted: ${ACCEPTED_CONTRACT_VERSIONS.join(', ')})`,
          shellTexts.forceReloadNotice,
        );
      }
      if (!isActionName(action)) throw new ApiError(400, 'unknown_action', `Unknown action "${action}"`);
      tagAction(request, action);
      await limit(request, action, envelope.data.browserId, payload);
      const schema = ACTIONS[action].payload as z.ZodType;
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        const issues = issuesOf(parsed.error, 'payload');
        throw badRequest(`Invalid payload for ${action}: ${describe(issues)}`, issues);
      }
      const context = await contextFor(request, envelope.data.browserId);
      flags = context.flags;
      const ctx = context.ctx;
      const handler = handlers[action] as (p: unknown, c: ActionContext) => Promise<object>;
      const result = await handler(parsed.data, ctx);
      if (action === 'SaveNewOrder' && (result as { duplicate?: unknown }).duplicate === false) metrics.ordersSaved.inc();
      return await reply.code(200).send({ ok: true, ...flags, ...result });
    } catch (thrown) {
      // The database away for a moment: 503 with retry-after, which the client retries (never a 500).
      const error = serviceUnavailable(thrown) ?? thrown;
      if (error instanceof ApiError) {
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(error.status).send({ ...error.toBody(), ...flags });
      }
      if (error instanceof z.ZodError) {
        const issues = issuesOf(error, '');
        return reply.code(400).send(badRequest(`Invalid data: ${describe(issues)}`, issues).toBody());
      }
      request.log.error({ err: error }, 'action failed');
      return reply.code(500).send(new ApiError(500, 'internal', 'Internal error', shellTexts.serverError).toBody());
    }
  });
}
