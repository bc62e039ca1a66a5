// Stream tickets (docs/requirements.md#live-updates-heal): no credential in the URL of GET /api/events.
// The browser asks IssueStreamTicket with its ID token in the header (order and push tokens in the
// body) and opens the stream with the short-lived, single-use ticket it gets.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CHANNEL, type SavedOrder } from '@shop/shared/contract';
import { rememberErasure } from '../src/account/erasure-memory';
import { createMemoryEventBus } from '../src/events/event-bus';
import { memoryStreamTickets, STREAM_TICKET_TTL_MS } from '../src/events/stream-tickets';
import { registerEventsRoute } from '../src/http/events-route';
import { testNow } from './support/clock';
import { testDatabases } from './support/databases';
import { takeawayDraft } from './support/orders';
import { STAFF_TOKEN, testVerifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

interface Sse {
  status: number;
  text: () => string;
  until: (check: (text: string) => boolean) => Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close: () => void;
}

/** GET /api/events with fetch; collects the raw text. */
async function openSse(url: string): Promise<Sse> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal, headers: { accept: 'text/event-stream' } });
  let text = '';
  let wake = () => {};
  const decoder = new TextDecoder();
  const ended = (async () => {
    if (res.headers.get('content-type')?.startsWith('text/event-stream') !== true) {
      text = await res.text();
      return;
    }
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        wake();
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: res.status,
    text: () => text,
    async until(check) {
      while (!check(text)) await new Promise<void>((r) => (wake = r));
    },
    ended,
    close: () => abort.abort(),
  };
}

describe.each(testDatabases())('stream tickets on $name', (database) => {
  let t: TestApi;
  let base = '';
  /** The API's clock, moved forward by tests of expiry. */
  let ahead = 0;
  let order: SavedOrder;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier: testVerifier, now: () => testNow() + ahead });
    await t.api.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.api.app.server.address() as AddressInfo).port}`;
    const menu = (await t.call('PullFoodMenu', {})).body.menu as Parameters<typeof takeawayDraft>[0];
    const saved = await t.call('SaveNewOrder', { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    order = saved.body.order as SavedOrder;
  });
  afterAll(async () => t?.close());

  const ticket = async (payload: { channels: string[]; orders?: { uniqueOrderId: string; accessToken: string }[] }, token?: string) => {
    const res = await t.call('IssueStreamTicket', payload, token ? { token } : {});
    return res;
  };

  it('opens the staff stream once with a ticket issued to a staff token; the URL holds no token', async () => {
    const issued = await ticket({ channels: [STAFF_CHANNEL] }, STAFF_TOKEN);
    expect(issued.status).toBe(200);
    const { ticket: value, expiresAt, events, refused } = issued.body as unknown as { ticket: string; expiresAt: number; events: string[]; refused: string[] };
    expect(value).toMatch(/^[A-Za-z0-9_-]{20,100}$/);
    expect(value).not.toContain('kueche');
    expect(events).toEqual([STAFF_CHANNEL]);
    expect(refused).toEqual([]);
    expect(expiresAt - (testNow() + ahead)).toBeLessThanOrEqual(STREAM_TICKET_TTL_MS);

    const stream = await openSse(`${base}/api/events?ticket=${value}`);
    expect(stream.status).toBe(200);
    await stream.until((text) => text.includes('event: staff\ndata: {"type":"hello"'));
    await t.api.events.publish(STAFF_CHANNEL, { type: 'waiterCallAcknowledged', signalId: 'signal-0001' });
    await stream.until((text) => text.includes('"signalId":"signal-0001"'));
    stream.close();

    // Single use: the same ticket opens nothing a second time.
    const again = await openSse(`${base}/api/events?ticket=${value}`);
    expect(again.status).toBe(401);
    await again.ended;
    expect(again.text()).toContain('stream ticket');
  });

  it('refuses a private channel without a token, with a bad token, and to an account without the right', async () => {
    const none = await ticket({ channels: [STAFF_CHANNEL] });
    expect(none.status).toBe(401);
    expect(none.body.jwtInvalid).toBe(true);
    const forged = await ticket({ channels: ['shop', 'useralice'] }, 'forged-token');
    expect(forged.status).toBe(401);
    expect(forged.body.jwtInvalid).toBe(true);
    const guest = await ticket({ channels: [STAFF_CHANNEL] }, 'user:alice');
    expect(guest.status).toBe(403);
    const other = await ticket({ channels: ['userbob'] }, 'user:alice');
    expect(other.status).toBe(403);
    const own = await ticket({ channels: ['shop', 'useralice'] }, 'user:alice');
    expect(own.status).toBe(200);
    expect(own.body.events).toEqual(['shop', 'useralice']);
    // The public channel needs no token.
    expect((await ticket({ channels: ['shop'] })).status).toBe(200);
  });

  it('refuses the token of an erased account (a session issued before the erasure)', async () => {
    const issuedAt = Math.floor(Date.now() / 1000) - 60;
    const token = `user:erased-guest:${issuedAt}`;
    expect((await ticket({ channels: ['usererased-guest'] }, token)).status).toBe(200);
    await rememberErasure(t.api.database.db, 'erased-guest');
    const refused = await ticket({ channels: ['usererased-guest'] }, token);
    expect(refused.status).toBe(401);
    expect(refused.body.jwtInvalid).toBe(true);
  });

  it('expires: a ticket not used within its lifetime opens nothing', async () => {
    const issued = await ticket({ channels: [STAFF_CHANNEL] }, STAFF_TOKEN);
    ahead += STREAM_TICKET_TTL_MS + 1_000;
    const late = await openSse(`${base}/api/events?ticket=${issued.body.ticket as string}`);
    expect(late.status).toBe(401);
    await late.ended;
  });

  it('is for one purpose: it grants only the channels it was issued for and is no ID token', async () => {
    const issued = await ticket({ channels: ['shop'] }, STAFF_TOKEN);
    const value = issued.body.ticket as string;
    // Asking for more channels in the URL changes nothing.
    const stream = await openSse(`${base}/api/events?ticket=${value}&channels=staff,shop`);
    await stream.until((text) => text.includes('event: shop\ndata: {"type":"hello"'));
    await t.api.events.publish(STAFF_CHANNEL, { type: 'waiterCallAcknowledged', signalId: 'signal-0002' });
    await t.api.events.publish('shop', { type: 'menuUpdated', kind: 'drink' });
    await stream.until((text) => text.includes('menuUpdated'));
    expect(stream.text()).not.toContain('signal-0002');
    stream.close();
    // As a bearer token for an action it is no user.
    const asToken = await t.call('LoadStaffOrders', {}, { token: (await ticket({ channels: [STAFF_CHANNEL] }, STAFF_TOKEN)).body.ticket as string });
    expect(asToken.status).toBe(401);
  });

  it("grants an order's channel for its access token only, and leaves out a forged one", async () => {
    const issued = await ticket({
      channels: ['shop'],
      orders: [
        { uniqueOrderId: order.uniqueOrderId, accessToken: order.accessToken! },
        { uniqueOrderId: 'someone-elses-order', accessToken: 'forged' },
      ],
    });
    expect(issued.status).toBe(200);
    expect(issued.body.events).toEqual(['shop', `order${order.uniqueOrderId}`]);
    expect(issued.body.refused).toEqual(['ordersomeone-elses-order']);
    const stream = await openSse(`${base}/api/events?ticket=${issued.body.ticket as string}`);
    await stream.until((text) => text.includes(`event: order${order.uniqueOrderId}\ndata: {"type":"hello"`));
    stream.close();
  });

  it('serves only the shop channel without a ticket and names credentials found in the URL', async () => {
    const stream = await openSse(`${base}/api/events?channels=shop,staff&token=${STAFF_TOKEN}&orders=${order.uniqueOrderId}.${order.accessToken}`);
    await stream.until((text) => text.includes('event: shop\ndata: {"type":"hello"'));
    expect(stream.text()).toContain('refused staff (no ticket)');
    expect(stream.text()).toContain('refused token,orders (credentials in the URL are not accepted');
    expect(stream.text()).not.toContain('event: staff');
    expect(stream.text()).not.toContain(`event: order`);
    stream.close();
  });
});

describe('the grant of a private stream', () => {
  it('ends after its time with a resync asking for a new ticket; a public stream stays', async () => {
    const app = Fastify();
    const events = createMemoryEventBus();
    const tickets = memoryStreamTickets();
    registerEventsRoute(app, events, tickets, { grantMs: 300 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/events`;
    try {
      const { ticket } = await tickets.issue({ channels: [STAFF_CHANNEL], push: null });
      const staff = await openSse(`${url}?ticket=${ticket}`);
      const shop = await openSse(url);
      await staff.ended;
      expect(staff.text()).toContain('event: staff\ndata: {"type":"resync","reason":"reauthorize"}');
      expect(shop.text()).toContain('event: shop\ndata: {"type":"hello"');
      expect(shop.text()).not.toContain('resync');
      shop.close();
    } finally {
      await app.close();
      await events.close();
    }
  });
});
