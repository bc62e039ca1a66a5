import type { FastifyInstance } from 'fastify';
import { LOCAL_PUSH_TOKEN, orderChannel, PUSH_EVENT, SHOP_CHANNEL, STAFF_CHANNEL, userChannel, type ServerEvent } from '@shop/shared/contract';
import { LIVE_ORDERS_MAX } from '@shop/shared/domain/orders';
import type { EventBus, Unsubscribe } from '../events/event-bus';
import { farewell, retryHint } from '../events/stream-registry';
import { STREAM_GRANT_MS, type StreamGrant, type StreamTickets } from '../events/stream-tickets';
import type { OrderTokens } from '../orders/order-tokens';
import { pushChannel } from '../push/local-provider';

const HEARTBEAT_MS = 25_000;
export const MAX_CHANNELS = 4;
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

/** Query parameters that once carried credentials: refused, never read (docs/requirements.md#live-updates-heal). */
const CREDENTIAL_PARAMS = ['token', 'orders', 'push'] as const;

export interface EventsRouteOptions {
  /** How long a stream with private channels lasts before it must be authorised again (STREAM_GRANT_MS). */
  grantMs?: number;
}

/**
 * GET /api/events: server-sent events (requirements#events-stream). No credential travels in the URL
 * (docs/requirements.md#live-updates-heal): `ticket` is a single-use stream ticket from
 * IssueStreamTicket and opens the channels granted then (the user's, staff, orders, the device's push
 * channel); an unknown, used or expired ticket is answered 401 (the browser asks for a new one).
 * Without a ticket the stream carries the public 'shop' channel only; ID tokens, order tokens or push
 * tokens in the query are ignored and named in an SSE comment.
 * A 'hello' event on each granted channel means: subscribed, every later event will arrive.
 * A stream with private channels is ended after `grantMs` with a final `resync` (reason
 * 'reauthorize'): the browser asks for a new ticket with its current credentials.
 */
export function registerEventsRoute(app: FastifyInstance, events: EventBus, tickets: StreamTickets, options: EventsRouteOptions = {}): void {
  const grantMs = options.grantMs ?? STREAM_GRANT_MS;
  app.get('/api/events', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    let grant: StreamGrant = { channels: [SHOP_CHANNEL], push: null };
    const refused: string[] = [];
    if (query.ticket !== undefined) {
      const redeemed = typeof query.ticket === 'string' ? await tickets.redeem(query.ticket) : null;
      if (!redeemed) {
        reply.code(401).header('cache-control', 'no-store');
        return { ok: false, error: { code: 'unauthenticated', message: 'Unknown, used or expired stream ticket: ask IssueStreamTicket for a new one' } };
      }
      grant = redeemed;
    } else if (typeof query.channels === 'string') {
      refused.push(...allowedChannels(query.channels.split(','), null).refused);
    }
    const credentials = CREDENTIAL_PARAMS.filter((name) => query[name] !== undefined);
    const channels = grant.channels.length ? [...grant.channels] : [SHOP_CHANNEL];
    const push = grant.push;
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
    if (refused.length) write(`: refused ${refused.join(',')} (no ticket)\n\n`);
    if (credentials.length) write(`: refused ${credentials.join(',')} (credentials in the URL are not accepted; use a stream ticket)\n\n`);

    // Registered so that it can be told to resync (Redis lost or back, shutdown); null: come back later, no hello.
    const target = { events: channels.map(eventName), write, end: () => res.end() };
    const stream = events.streams.open(target);
    if (!stream) return;
    const subscriptions: Unsubscribe[] = channels.map((c) => events.subscribe(c, (e) => send(eventName(c), e)));
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
    const isPrivate = channels.some((c) => c !== SHOP_CHANNEL);
    const expiry = isPrivate
      ? setTimeout(() => {
          stop();
          try {
            write(farewell(target, 'reauthorize', retryHint('reauthorize')));
          } finally {
            res.end();
          }
        }, grantMs)
      : undefined;
    const stop = () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      subscriptions.forEach((u) => u());
      stream.remove();
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
