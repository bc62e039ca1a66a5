// Caps and hygiene of requirements#security (docs/security.md): event streams per client and stalled
// streams, TRUST_PROXY with addresses only, page views once per device/route/minute, push tokens
// of the real forms and a bounded number of devices per account. Waiter calls: waiter-call.test.ts
// and limits.test.ts; customer-card codes per account: customer-cards.test.ts.
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, SHOP_CHANNEL } from '@shop/shared/contract';
import { loadConfig, REPO_ROOT } from '../src/config';
import { pageViews, pushTokens } from '../src/db/schema';
import { createMemoryEventBus, type EventBus } from '../src/events/event-bus';
import { registerEventsRoute } from '../src/http/events-route';
import { RATE_RULES } from '../src/http/rate-limits';
import { registerStreamLimits, STREAM_LIMITS } from '../src/http/stream-limits';
import { memoryStreamTickets } from '../src/events/stream-tickets';
import { createApi, noAuth } from '../src/server';
import { openMemoryPglite, testDatabases } from './support/databases';
import { testVerifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

const device = (n: number) => `hygiene-device-0000-${String(n).padStart(12, '0')}`;

/** Opens a stream with a raw socket and resolves with the status line once the headers arrived. */
function openStream(port: number): Promise<{ socket: net.Socket; status: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n'));
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match && head.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve({ socket, status: Number(match[1]) });
      }
    };
    socket.on('data', onData);
    socket.on('error', reject);
  });
}

describe('event streams: a cap per client and in all, stalled streams closed', () => {
  it(`the API refuses one stream more than ${STREAM_LIMITS.perClient} open ones of one address (429); a closed one frees its place`, async () => {
    const config = { ...loadConfig({}), logLevel: 'silent', deployHostsDir: path.join(REPO_ROOT, 'deploy', 'hosts') };
    const api = await createApi(config, { database: await openMemoryPglite(), verifier: noAuth, seed: false });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (api.app.server.address() as net.AddressInfo).port;
    const sockets: net.Socket[] = [];
    try {
      for (let i = 0; i < STREAM_LIMITS.perClient; i++) {
        const { socket, status } = await openStream(port);
        sockets.push(socket);
        expect(status).toBe(200);
      }
      const over = await openStream(port);
      sockets.push(over.socket);
      expect(over.status).toBe(429);
      sockets[0]!.destroy();
      // The server sees the close, then the place is free again.
      await expect.poll(async () => (await openStream(port).then(({ socket, status }) => (sockets.push(socket), status))) === 200).toBe(true);
    } finally {
      sockets.forEach((s) => s.destroy());
      await api.close();
    }
  });

  it('a stream whose client does not read is closed once its bytes wait too long; a reading client keeps its stream', async () => {
    const app = Fastify({ logger: false });
    const bus = createMemoryEventBus();
    let listening = 0;
    // The memory bus, counting the streams that listen (each stream subscribes once to the shop channel).
    const events: EventBus = {
      ...bus,
      subscribe(channel, listener) {
        listening++;
        const unsubscribe = bus.subscribe(channel, listener);
        return Object.assign(
          () => {
            listening--;
            unsubscribe();
          },
          { ready: unsubscribe.ready },
        );
      },
    };
    registerStreamLimits(app, '/api/events', { ...STREAM_LIMITS, maxBufferedBytes: 64 * 1024, stalledMs: 200, checkEveryMs: 50 });
    registerEventsRoute(app, events, memoryStreamTickets());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    const big = 'x'.repeat(64 * 1024);
    const flooding = setInterval(() => void bus.publish(SHOP_CHANNEL, { type: 'menuUpdated', kind: big as never }), 5);
    try {
      const stalled = await openStream(port);
      stalled.socket.pause();
      const reading = await openStream(port);
      reading.socket.on('data', () => undefined);
      expect(listening).toBe(2);
      // Large events until the kernel's buffers are full and bytes wait in the server: the stalled one goes.
      await expect.poll(() => listening, { timeout: 30_000 }).toBe(1);
      clearInterval(flooding);
      expect(reading.socket.destroyed).toBe(false);
      stalled.socket.destroy();
      reading.socket.destroy();
    } finally {
      clearInterval(flooding);
      await app.close();
      await bus.close();
    }
  });
});

describe('a request must arrive whole within REQUEST_TIMEOUT_SECONDS', () => {
  it('a client trickling its headers is answered 408 and disconnected; an event stream outlives the timeout', async () => {
    const config = { ...loadConfig({ REQUEST_TIMEOUT_SECONDS: '1' }), logLevel: 'silent', deployHostsDir: path.join(REPO_ROOT, 'deploy', 'hosts') };
    const api = await createApi(config, { database: await openMemoryPglite(), verifier: noAuth, seed: false });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (api.app.server.address() as net.AddressInfo).port;
    const stream = await openStream(port);
    try {
      const slow = net.connect(port, '127.0.0.1');
      let answer = '';
      slow.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      const closed = new Promise<number>((resolve) => slow.on('close', () => resolve(Date.now())));
      const started = Date.now();
      // One header line every 300 ms: never a whole request.
      const trickle = setInterval(() => slow.writable && slow.write('X-Slow: 1\r\n'), 300);
      slow.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      const closedAt = await closed;
      clearInterval(trickle);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(closedAt - started).toBeLessThan(5_000);
      // The stream opened before is still open and answered after the timeout.
      expect(stream.socket.destroyed).toBe(false);
      expect(stream.status).toBe(200);
    } finally {
      stream.socket.destroy();
      await api.close();
    }
  });
});

describe('TRUST_PROXY takes addresses or CIDRs only', () => {
  it('refuses true and anything that is not an address, with a clear message', () => {
    for (const value of ['true', 'yes', '10.0.0.1,everyone', '10.0.0.0/33', 'loopback']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY takes the reverse proxies' IP addresses or CIDRs/);
    }
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,fd00::/8' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16', '::1', 'fd00::/8']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('behind a named proxy the forwarded address counts; from anyone else it is ignored', async () => {
    const config = {
      ...loadConfig({ TRUST_PROXY: '10.0.0.1', RATE_LIMITS: 'off' }),
      logLevel: 'silent',
      deployHostsDir: path.join(REPO_ROOT, 'deploy', 'hosts'),
    };
    const api = await createApi(config, { database: await openMemoryPglite(), verifier: noAuth, seed: false });
    api.app.get('/test/ip', async (request) => ({ ip: request.ip }));
    try {
      const ipVia = async (remoteAddress: string) =>
        (await api.app.inject({ method: 'GET', url: '/test/ip', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.9' } })).json<{ ip: string }>().ip;
      expect(await ipVia('10.0.0.1')).toBe('203.0.113.9');
      expect(await ipVia('198.51.100.4')).toBe('198.51.100.4');
    } finally {
      await api.close();
    }
  });
});

describe.each(testDatabases())('page views and push tokens on $name', (database) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier: testVerifier, env: { RATE_LIMITS: 'on' } });
  });
  afterAll(async () => t?.close());

  const homeViews = async () =>
    (
      await t.api.database.db
        .select({ n: sql<number>`coalesce(sum(${pageViews.views}), 0)::int` })
        .from(pageViews)
        .where(eq(pageViews.route, 'Home'))
    )[0]!.n;
  const send = (action: string, payload: unknown, browserId: string, ip: string, token?: string) =>
    t.api.app.inject({
      method: 'POST',
      url: '/api/action',
      remoteAddress: ip,
      headers: { host: 'localhost', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: { action, payload, channel: 'on-the-go', browserId, secToken: '', timeout: 10000 },
    });

  it('a device counts once per route and minute; rotating browser ids meet the IP limit', async () => {
    const before = await homeViews();
    for (let i = 0; i < 10; i++) expect((await send('LogPageView', { route: 'Home', deviceClass: 'xxs' }, device(1), '198.51.100.90')).statusCode).toBe(200);
    expect(await homeViews()).toBe(before + 1);
    const rule = RATE_RULES.find((r) => r.name === 'pageViews')!;
    const statuses: number[] = [];
    for (let i = 0; i < 600; i++)
      statuses.push((await send('LogPageView', { route: 'Home', deviceClass: 'xxs' }, device(100 + i), '198.51.100.91')).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(rule.perIp);
    // 600 a minute before requirements#security; now the address's limit.
    expect(await homeViews()).toBe(before + 1 + rule.perIp);
    expect(rule.perIp).toBeLessThanOrEqual(120);
  });

  it('push tokens: only the local form or a real FCM registration token; any other string is refused', async () => {
    const store = (pushToken: string, browserId = device(2)) =>
      send('DocUpserter', { collectionName: 'pushTokens', updates: { deviceId: browserId, pushToken }, subjectKey: 'deviceId' }, browserId, '198.51.100.92');
    for (const bad of ['x'.repeat(20), 'x'.repeat(4096), `${'a'.repeat(22)}:${'b'.repeat(150)}`, `${'a'.repeat(22)}:APA91b${'b'.repeat(501)}`, 'local:short']) {
      expect((await store(bad)).statusCode, bad.slice(0, 30)).toBe(400);
    }
    expect((await store(`local:${crypto.randomBytes(32).toString('base64url')}`)).statusCode).toBe(200);
    expect((await store(`${'c'.repeat(22)}:APA91b${'d'.repeat(140)}`)).statusCode).toBe(200);
    const [row] = await t.api.database.db
      .select()
      .from(pushTokens)
      .where(eq(pushTokens.deviceId, device(2)));
    expect(row).toMatchObject({ kind: 'fcm' });
  });

  it(`an account links at most ${LIMITS.pushDevicesPerAccount} devices; the least recently updated lose the link`, async () => {
    const token = 'user:many-devices';
    for (let i = 0; i < LIMITS.pushDevicesPerAccount + 3; i++) {
      const browserId = device(1000 + i);
      const res = await send(
        'DocUpserter',
        {
          collectionName: 'pushTokens',
          updates: { deviceId: browserId, pushToken: `local:${crypto.randomBytes(32).toString('base64url')}` },
          subjectKey: 'deviceId',
        },
        browserId,
        `198.51.100.${100 + (i % 50)}`,
        token,
      );
      expect(res.statusCode).toBe(200);
    }
    const linked = await t.api.database.db.select().from(pushTokens).where(eq(pushTokens.fuid, 'many-devices'));
    expect(linked).toHaveLength(LIMITS.pushDevicesPerAccount);
    expect(linked.map((r) => r.deviceId)).toContain(device(1000 + LIMITS.pushDevicesPerAccount + 2));
  });
});
