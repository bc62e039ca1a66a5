import type { FastifyInstance } from 'fastify';
import { LOCAL_PUSH_TOKEN, orderChannel, PUSH_EVENT, SHOP_CHANNEL, STAFF_CHANNEL, userChannel, type ServerEvent } from '@shop/shared/contract';
import { LIVE_ORDERS_MAX } from '@shop/shared/domain/orders';
import type { TokenVerifier } from '../auth/verify';
import type { EventBus, Unsubscribe } from '../events/event-bus';
import type { OrderTokens } from '../orders/order-tokens';
import { pushChannel } from '../push/local-provider';

const HEARTBEAT_MS = 25_000;
const MAX_CHANNELS = 4;
/** Orders one stream may follow (the guest's open orders). */
export const MAX_ORDER_CHANNELS = LIVE_ORDERS_MAX;
const ORDER_ID = /^[A-Za-z0-9-]{1,80}$/;

/**
 * The order channels a request may listen to: `orders` is a comma list of `<uniqueOrderId>.<accessToken>`;
 * each pair whose token is the order's access token grants `order<uniqueOrderId>`.
 */
export function allowedOrderChannels(param: unknown, tokens: OrderTokens): { channels: string[]; refused: number } {
  if (typeof param !== 'string' || param.length === 0) return { channels: [], refused: 0 };
  const pairs = [...new Set(param.split(','))].slice(0, MAX_ORDER_CHANNELS);
  const channels: string[] = [];
  let refused = 0;
  for (const pair of pairs) {
    const dot = pair.indexOf('.');
    const id = dot > 0 ? pair.slice(0, dot) : '';
    if (ORDER_ID.test(id) && tokens.verify(id, pair.slice(dot + 1))) channels.push(orderChannel(id));
    else refused++;
  }
  return { channels, refused };
}

/**
 * The push channel a request may listen to (the offline default of push messages): `push` is the
 * device's local token, its secret; the channel is named after the token's hash.
 */
export function allowedPushChannel(param: unknown): string | null {
  return typeof param === 'string' && LOCAL_PUSH_TOKEN.test(param) ? pushChannel(param) : null;
}

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
 * default 'shop'), token (the Firebase ID token, because EventSource cannot send headers) and
 * orders (`<uniqueOrderId>.<accessToken>` pairs: the live status of those orders, signed in or not)
 * and push (the device's local push token: its messages arrive as SSE events named 'push').
 * A 'hello' event on each granted channel means: subscribed, every later event will arrive.
 * A refused channel is named in an SSE comment and otherwise ignored, so an expired token still
 * leaves the shop channel working.
 */
export function registerEventsRoute(app: FastifyInstance, events: EventBus, verifier: TokenVerifier, orderTokens: OrderTokens): void {
  app.get('/api/events', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const requested = typeof query.channels === 'string' ? query.channels.split(',') : [SHOP_CHANNEL];
    const token = typeof query.token === 'string' && query.token ? query.token : null;
    const user = token ? await verifier.verify(token) : null;
    const allowed = allowedChannels(requested, user?.uid ?? null, user?.staff === true);
    const ordered = allowedOrderChannels(query.orders, orderTokens);
    const push = allowedPushChannel(query.push);
    const channels = [...allowed.channels, ...ordered.channels, ...(push ? [push] : [])];
    const refused = ordered.refused > 0 ? [...allowed.refused, `${ordered.refused} order(s)`] : allowed.refused;
    if (query.push !== undefined && !push) refused.push('push');
    // The push channel's name is derived from the device's secret: its events go out as 'push'.
    const eventName = (channel: string) => (channel === push ? PUSH_EVENT : channel);

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
    if (refused.length) write(`: refused ${refused.join(',')} (${token || ordered.refused ? 'invalid or expired token' : 'no token'})\n\n`);

    const subscriptions: Unsubscribe[] = channels.map((c) => events.subscribe(c, (e) => send(eventName(c), e)));
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
    for (const c of channels) send(eventName(c), { type: 'hello', at: Date.now() });
  });
}
