// Server-sent events (GET /api/events) over real sockets: the in-memory bus of one process, and the
// Redis bus that carries events between two API instances (REDIS_URL).
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Menu, SavedOrder, ServerEvent } from '@shop/shared/contract';
import type { TokenVerifier } from '../src/auth/verify';
import { loadConfig, REPO_ROOT } from '../src/config';
import { createMemoryEventBus, createRedisEventBus, type EventBus } from '../src/events/event-bus';
import { createApi, type Api } from '../src/server';
import { takeawayDraft } from './support/orders';
import { TEST_BROWSER_ID, solveCashCaptcha } from './support/test-api';
import { testNow } from './support/clock';
import { openMemoryPglite } from './support/databases';

const REDIS_URL = process.env.REDIS_URL;

/**
 * Token verification is Firebase's job (tested with the auth emulator elsewhere); here a verifier
 * with two known tokens stands in so the route's channel rules can be checked exactly.
 */
const verifier: TokenVerifier = {
  async verify(token) {
    const uid = { 'token-of-alice': 'alice', 'token-of-bob': 'bob' }[token];
    return uid ? { uid, email: `${uid}@example.org`, emailVerified: true, name: uid, providerId: 'password' } : null;
  },
};

interface SseMessage {
  event: string;
  data: ServerEvent;
}

/** A minimal EventSource over fetch: collects events and comments, waits for the ones a test needs. */
class SseClient {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  status = 0;
  headers = new Headers();
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  private done: Promise<void> = Promise.resolve();

  static async open(baseUrl: string, query: string): Promise<SseClient> {
    const client = new SseClient();
    const res = await fetch(`${baseUrl}/api/events${query}`, { signal: client.abort.signal, headers: { accept: 'text/event-stream' } });
    client.status = res.status;
    client.headers = res.headers;
    client.done = client.read(res.body!).catch(() => undefined);
    return client;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (data.length) this.messages.push({ event, data: JSON.parse(data.join('\n')) as ServerEvent });
        this.waiters.splice(0).forEach((w) => w());
      }
    }
  }

  /** Resolves with the first message matching `predicate` (the test timeout guards a missing one). */
  async next(predicate: (m: SseMessage) => boolean): Promise<SseMessage> {
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async helloOn(channel: string) {
    return this.next((m) => m.event === channel && m.data.type === 'hello');
  }

  async close() {
    this.abort.abort();
    await this.done;
  }
}

const marker = () => `marker-${crypto.randomUUID()}`;
const orderEvent = (uniqueOrderId: string): ServerEvent => ({ type: 'orderUpdated', uniqueOrderId });
const isOrder = (channel: string, id: string) => (m: SseMessage) => m.event === channel && m.data.type === 'orderUpdated' && m.data.uniqueOrderId === id;

async function startInstance(events: EventBus, seed = false, redisUrl?: string): Promise<{ api: Api; url: string }> {
  const config = { ...loadConfig(redisUrl ? { REDIS_URL: redisUrl } : {}), logLevel: 'silent', deployHostsDir: path.join(REPO_ROOT, 'deploy', 'hosts') };
  const api = await createApi(config, { database: await openMemoryPglite(), events, verifier, seed, now: testNow });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  return { api, url: `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}` };
}

/** IssueStreamTicket as the browser asks it (the ID token in the header); the query that opens the stream. */
async function ticketQuery(api: Api, payload: { channels: string[] }, token?: string): Promise<string> {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/action',
    headers: { host: 'localhost', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: { action: 'IssueStreamTicket', payload, channel: 'on-the-go', browserId: TEST_BROWSER_ID, secToken: '', timeout: 10000 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return `?ticket=${encodeURIComponent(res.json<{ ticket: string }>().ticket)}`;
}

async function saveOrderAs(api: Api, token: string): Promise<SavedOrder> {
  const call = async (action: string, payload: unknown, headers: Record<string, string> = {}) => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/action',
      headers: { host: 'localhost', ...headers },
      payload: { action, payload, channel: 'on-the-go', browserId: TEST_BROWSER_ID, secToken: '', timeout: 10000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Record<string, unknown>>();
  };
  const menu = (await call('PullFoodMenu', {})).menu as Menu;
  const issued = await call('GetCashCaptcha', {});
  const captcha = await solveCashCaptcha(issued.challenge);
  const order = { ...takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]), captcha };
  const saved = await call('SaveNewOrder', { order }, { authorization: `Bearer ${token}` });
  return saved.order as SavedOrder;
}

describe('GET /api/events on one instance (in-memory bus)', () => {
  let instance: { api: Api; url: string };
  const clients: SseClient[] = [];
  const open = async (query = '') => {
    const client = await SseClient.open(instance.url, query);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    instance = await startInstance(createMemoryEventBus(), true);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => instance?.api.close());

  it("says 'hello' on connect as an uncached event stream", async () => {
    const client = await open();
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(client.headers.get('cache-control')).toContain('no-cache');
    const hello = await client.helloOn('shop');
    expect(hello.data).toEqual({ type: 'hello', at: expect.any(Number) });
  });

  it('delivers a published shop event to every connected client', async () => {
    const [a, b] = [await open('?channels=shop'), await open()];
    await Promise.all([a.helloOn('shop'), b.helloOn('shop')]);
    await instance.api.events.publish('shop', { type: 'menuUpdated', kind: 'drink' });
    for (const client of [a, b]) {
      const got = await client.next((m) => m.data.type === 'menuUpdated');
      expect(got).toEqual({ event: 'shop', data: { type: 'menuUpdated', kind: 'drink' } });
    }
  });

  it('refuses a user channel without a ticket, and takes no ID token from the URL', async () => {
    for (const query of ['?channels=shop,useralice', '?channels=useralice&token=token-of-alice', '?channels=shop,useralice&token=forged']) {
      const client = await open(query);
      await client.helloOn('shop');
      const id = marker();
      await instance.api.events.publish('useralice', orderEvent(`secret-${id}`));
      await instance.api.events.publish('shop', orderEvent(id));
      await client.next(isOrder('shop', id));
      // Events of one bus arrive in order: the shop marker came, the user event before it did not.
      expect(client.messages.filter((m) => m.event === 'useralice')).toEqual([]);
      expect(client.comments.join('\n')).toMatch(/refused useralice \(no ticket\)/);
      if (query.includes('token=')) expect(client.comments.join('\n')).toContain('refused token (credentials in the URL are not accepted');
    }
  });

  it('answers 401 to an unknown or used ticket, never a stream', async () => {
    const query = await ticketQuery(instance.api, { channels: ['shop', 'useralice'] }, 'token-of-alice');
    const first = await open(query);
    await first.helloOn('useralice');
    for (const again of [query, '?ticket=not-a-ticket-but-long-enough', '?ticket=']) {
      const res = await fetch(`${instance.url}/api/events${again}`, { headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).not.toMatch(/event-stream/);
      await res.body?.cancel();
    }
  });

  it('grants the user channel to the holder of a valid token and delivers the user’s order updates', async () => {
    const client = await open(await ticketQuery(instance.api, { channels: ['shop', 'useralice'] }, 'token-of-alice'));
    await Promise.all([client.helloOn('shop'), client.helloOn('useralice')]);
    expect(client.comments.some((c) => c.startsWith('refused'))).toBe(false);

    const order = await saveOrderAs(instance.api, 'token-of-alice');
    const update = await client.next(isOrder('useralice', order.uniqueOrderId));
    expect(update.data).toMatchObject({ type: 'orderUpdated', uniqueOrderId: order.uniqueOrderId, state: 'New' });
  });

  it('ignores repeated, unknown and malformed channel parameters and still serves the shop channel', async () => {
    const client = await open('?channels=shop&channels=useralice');
    await client.helloOn('shop');
    const other = await open('?channels=,,staff,../x');
    await other.helloOn('shop');
    expect(other.comments.join('\n')).toContain('refused staff,../x');
  });
});

describe('in-memory event bus', () => {
  it('delivers within the process to the channel’s listeners until they unsubscribe', async () => {
    const bus = createMemoryEventBus();
    const shop: ServerEvent[] = [];
    const user: ServerEvent[] = [];
    const offShop = bus.subscribe('shop', (e) => shop.push(e));
    const offUser = bus.subscribe('useralice', (e) => user.push(e));
    await offShop.ready;
    await bus.publish('shop', { type: 'newsUpdated' });
    await bus.publish('useralice', orderEvent('o-1'));
    offShop();
    await bus.publish('shop', { type: 'offersUpdated' });
    expect(shop).toEqual([{ type: 'newsUpdated' }]);
    expect(user).toEqual([orderEvent('o-1')]);
    offUser();
    await bus.close();
  });

  it('does not reach another API instance (that needs REDIS_URL)', async () => {
    const a = await startInstance(createMemoryEventBus());
    const b = await startInstance(createMemoryEventBus());
    const client = await SseClient.open(b.url, '');
    try {
      await client.helloOn('shop');
      const lost = marker();
      const seen = marker();
      await a.api.events.publish('shop', orderEvent(lost));
      await b.api.events.publish('shop', orderEvent(seen));
      await client.next(isOrder('shop', seen));
      expect(client.messages.some(isOrder('shop', lost))).toBe(false);
    } finally {
      await client.close();
      await a.api.close();
      await b.api.close();
    }
  });
});

describe.skipIf(!REDIS_URL)(`Redis event bus across two API instances${REDIS_URL ? '' : ' (skipped: REDIS_URL is not set)'}`, () => {
  // A prefix of its own keeps this run apart from other users of the same Redis.
  const prefix = `shop-test:${crypto.randomUUID()}:`;
  let a: { api: Api; url: string };
  let b: { api: Api; url: string };
  const clients: SseClient[] = [];

  beforeAll(async () => {
    // With REDIS_URL the stream tickets live in Redis too: issued by one instance, redeemed by another.
    a = await startInstance(await createRedisEventBus(REDIS_URL!, { prefix }), true, REDIS_URL);
    b = await startInstance(await createRedisEventBus(REDIS_URL!, { prefix }), false, REDIS_URL);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await a?.api.close();
    await b?.api.close();
  });

  it('carries an event published by one instance to an SSE client of the other', async () => {
    const client = await SseClient.open(b.url, '?channels=shop');
    clients.push(client);
    await client.helloOn('shop');
    const id = marker();
    await a.api.events.publish('shop', orderEvent(id));
    const got = await client.next(isOrder('shop', id));
    expect(got.data).toEqual(orderEvent(id));
  });

  it('carries a user’s order update from the instance that saved it to the instance the user listens on', async () => {
    const client = await SseClient.open(b.url, await ticketQuery(a.api, { channels: ['shop', 'useralice'] }, 'token-of-alice'));
    const bobs = await SseClient.open(b.url, await ticketQuery(a.api, { channels: ['userbob'] }, 'token-of-bob'));
    clients.push(client, bobs);
    await Promise.all([client.helloOn('useralice'), bobs.helloOn('userbob')]);

    const order = await saveOrderAs(a.api, 'token-of-alice');
    await client.next(isOrder('useralice', order.uniqueOrderId));

    const id = marker();
    await a.api.events.publish('userbob', orderEvent(id));
    await bobs.next(isOrder('userbob', id));
    expect(bobs.messages.some((m) => m.data.type === 'orderUpdated' && m.data.uniqueOrderId === order.uniqueOrderId)).toBe(false);
  });

  it('keeps buses with another prefix apart and stops delivering after unsubscribe', async () => {
    const other = await createRedisEventBus(REDIS_URL!, { prefix: `shop-test:${crypto.randomUUID()}:` });
    const mine = await createRedisEventBus(REDIS_URL!, { prefix });
    /** Collects a channel's events; `until(id)` resolves when the order event with that id came. */
    const collect = (bus: EventBus) => {
      const got: ServerEvent[] = [];
      let wake = () => {};
      const off = bus.subscribe('shop', (e) => {
        got.push(e);
        wake();
      });
      const until = async (id: string) => {
        while (!got.some((e) => e.type === 'orderUpdated' && e.uniqueOrderId === id)) await new Promise<void>((r) => (wake = r));
      };
      return { got, off, until };
    };
    try {
      const mineA = collect(mine);
      const theirs = collect(other);
      await Promise.all([mineA.off.ready, theirs.off.ready]);
      const first = marker();
      const foreign = marker();
      await other.publish('shop', orderEvent(foreign));
      await a.api.events.publish('shop', orderEvent(first));
      await Promise.all([mineA.until(first), theirs.until(foreign)]);
      expect(mineA.got).toEqual([orderEvent(first)]);
      expect(theirs.got).toEqual([orderEvent(foreign)]);

      mineA.off();
      const mineB = collect(mine);
      await mineB.off.ready;
      const second = marker();
      await a.api.events.publish('shop', orderEvent(second));
      await mineB.until(second);
      expect(mineA.got).toEqual([orderEvent(first)]);
      mineB.off();
      theirs.off();
    } finally {
      await other.close();
      await mine.close();
    }
  });
});
