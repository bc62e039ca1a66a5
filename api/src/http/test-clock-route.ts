import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInstant, type AdjustableClock } from '../clock';
import { badRequest } from './api-error';

const setClock = z.object({ at: z.union([z.number().int().nonnegative(), z.string().min(1).max(40)]) }).strict();

/**
 * GET/PUT /api/test/clock: read and move the server's clock. Registered only when the API runs on a
 * test clock (NODE_ENV=test with SHOP_TEST_NOW); a production server has no such route.
 */
export function registerTestClockRoute(app: FastifyInstance, clock: AdjustableClock): void {
  app.get('/api/test/clock', async () => ({ ok: true, now: clock.now() }));
  app.put('/api/test/clock', async (request, reply) => {
    const parsed = setClock.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send(badRequest('Expected { "at": <epoch ms or ISO 8601 instant> }').toBody());
    let instant: number;
    try {
      instant = typeof parsed.data.at === 'number' ? parsed.data.at : parseInstant(parsed.data.at);
    } catch (error) {
      return reply.code(400).send(badRequest((error as Error).message).toBody());
    }
    clock.set(instant);
    return { ok: true, now: clock.now() };
  });
}
