import type { FastifyInstance } from 'fastify';
import { SHOP_CHANNEL, STAFF_CHANNEL, userChannel, type ServerEvent } from '@shop/shared/contract';
import type { TokenVerifier } from '../auth/verify';
import type { EventBus, Unsubscribe } from '../events/event-bus';

const HEARTBEAT_MS = 25_000;
const MAX_CHANNELS = 4;

/**
 * The channels a request may listen to: 'shop' for everyone, 'user<uid>' only for the holder of a
 * valid ID token with that uid, 'staff' only for a token with the staff claim. Everything else is
 * refused; with nothing left, 'shop'.
 */
export function allowedChannels(requested: string[], uid: string | null, staff = false): { channels: string[]; refused: string[] } {
  const unique = [...new Set(requested.map((c) => c.trim()).filter(Boolean))].slice(0, MAX_CHANNELS);
  const ok = (c: string) => c === SHOP_CHANNEL || (uid !== null && c === userChannel(uid)) || (staff && c === STAFF_CHANNEL);
  const channels = unique.filter(ok);
  return { channels: channels.length ? channels : [SHOP_CHANNEL], refused: unique.filter((c) => !ok(c)) };
}

/**
 * GET /api/events: server-sent events (shop-spec §4 Events stream). Query: channels (comma list,
 * default 'shop') and token (the Firebase ID token, because EventSource cannot send headers).
 * A 'hello' event on each granted channel means: subscribed, every later event will arrive.
 * A refused channel is named in an SSE comment and otherwise ignored, so an expired token still
 * leaves the shop channel working.
 */
export function registerEventsRoute(app: FastifyInstance, events: EventBus, verifier: TokenVerifier): void {
  app.get('/api/events', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const requested = typeof query.channels === 'string' ? query.channels.split(',') : [SHOP_CHANNEL];
    const token = typeof query.token === 'string' && query.token ? query.token : null;
    const user = token ? await verifier.verify(token) : null;
    const { channels, refused } = allowedChannels(requested, user?.uid ?? null, user?.staff === true);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const write = (chunk: string) => {
      if (!res.writableEnded && !res.destroyed) res.write(chunk);
    };
    const send = (channel: string, event: ServerEvent) => write(`event: ${channel}\ndata: ${JSON.stringify(event)}\n\n`);
    write('retry: 3000\n\n');
    if (refused.length) write(`: refused ${refused.join(',')} (${token ? 'invalid or expired token' : 'no token'})\n\n`);

    const subscriptions: Unsubscribe[] = channels.map((c) => events.subscribe(c, (e) => send(c, e)));
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
    const stop = () => {
      clearInterval(heartbeat);
      subscriptions.forEach((u) => u());
    };
    request.raw.on('close', stop);
    try {
      await Promise.all(subscriptions.map((u) => u.ready));
    } catch (error) {
      request.log.error({ err: error }, 'event subscription failed');
      write(': subscription failed, reconnect later\n\n');
      stop();
      res.end();
      return;
    }
    for (const c of channels) send(c, { type: 'hello', at: Date.now() });
  });
}
