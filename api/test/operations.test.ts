// requirements#operations in one process: JSON logs without secrets, liveness and readiness, metrics behind an
// allow list or a token, streams told to resync, shutdown within its time, the operations settings,
// and a database that goes away (503 + Retry-After through a TCP proxy, PostgreSQL only).
import crypto from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '@shop/shared/contract';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { loadConfig, opsConfigOf, REPO_ROOT } from '../src/config';
import { isDatabaseUnavailable } from '../src/db/unavailable';
import { createMemoryEventBus, createRedisEventBus } from '../src/events/event-bus';
import { farewell } from '../src/events/stream-registry';
import { readiness } from '../src/ops/health-routes';
import { createLogger } from '../src/ops/logger';
import { instrumentProvider, metrics } from '../src/ops/metrics';
import type { PaymentProvider } from '../src/payments/provider';
import { anonymizeIp, redactConnectionUrl, redactUrl } from '../src/ops/redact';
import { installShutdown } from '../src/ops/shutdown';
import { createApi, noAuth, type Api } from '../src/server';
import { testNow } from './support/clock';
import { RedisServer } from './support/cluster-client';
import { takeawayDraft } from './support/orders';
import { solveCashCaptcha, TEST_BROWSER_ID } from './support/test-api';
import { openMemoryPglite } from './support/databases';

/** The log lines a logger wrote, parsed (each must be one JSON object). */
function capture(): { stream: Writable; lines: () => Record<string, unknown>[]; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return {
    stream,
    text: () => text,
    lines: () =>
      text
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

async function startApi(env: NodeJS.ProcessEnv = {}, logTo?: Writable, level = 'silent'): Promise<{ api: Api; url: string }> {
  const config = { ...loadConfig({ ORDER_SWEEP_SECONDS: '0', RATE_LIMITS: 'off', ...env }), deployHostsDir: path.join(REPO_ROOT, 'deploy', 'hosts') };
  const logger = createLogger({ level, env, ...(logTo ? { destination: logTo } : {}) });
  // PostgreSQL is opened by the API itself (pool settings, connection-loss reports), PGlite in memory here.
  const database = config.databaseUrl ? undefined : await openMemoryPglite();
  const api = await createApi(config, { ...(database ? { database } : {}), verifier: noAuth, now: testNow, logger });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  return { api, url: `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}` };
}

const post = (api: Api, action: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  api.app.inject({
    method: 'POST',
    url: '/api/action',
    headers: { host: 'localhost', ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: { action, payload, channel: 'on-the-go', browserId: TEST_BROWSER_ID, secToken: '', timeout: 10000 },
  });

/** Reads a stream until it ends (or `until` holds); returns everything written. */
function readStream(url: string, until?: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const req = http.get(url, { agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (until?.(text)) {
          req.destroy();
          resolve(text);
        }
      });
      res.on('end', () => resolve(text));
    });
    req.on('error', (error) => (until?.(text) ? resolve(text) : reject(error)));
  });
}

describe('logs: JSON only, nothing secret or personal', () => {
  it('redacts capabilities in URLs, connection passwords, bearer tokens and anonymises addresses', () => {
    expect(redactUrl('/api/events?channels=shop,staff&token=eyJhbGciOiJSUzI1NiJ9.abc.def&orders=o1.tok&push=local-abc')).toBe(
      '/api/events?channels=shop,staff&token=[redacted]&orders=[redacted]&push=[redacted]',
    );
    expect(redactUrl('/Korb?cart=Zk3mQ9xR2pL7vT4wY8nB1cD5')).toBe('/Korb?cart=[redacted]');
    expect(redactUrl('/mf/mf-menu/0.1.0/159.9e84e7f4.js')).toBe('/mf/mf-menu/0.1.0/159.9e84e7f4.js');
    expect(redactConnectionUrl('redis://:s3cr3t-pass@redis:6379/0')).toBe('redis://:[redacted]@redis:6379/0');
    expect(redactConnectionUrl('postgres://shop:pa55word@db:5432/shop')).toBe('postgres://shop:[redacted]@db:5432/shop');
    expect(anonymizeIp('203.0.113.77')).toBe('203.0.113.0');
    expect(anonymizeIp('::ffff:198.51.100.9')).toBe('198.51.100.0');
    expect(anonymizeIp('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::');
  });

  it('an error line keeps the SQL but not its parameters, the database detail or a configured secret', () => {
    const out = capture();
    const env = {
      STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
      REDIS_URL: 'redis://:redis-pass-77@redis:6379',
      DATABASE_URL: 'postgres://shop:db-pass-88@db/shop',
    };
    const logger = createLogger({ level: 'info', env, destination: out.stream });
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      detail: 'Key (email)=(erika@example.org) already exists.',
      table: 'app_users',
      constraint: 'users_email_key',
    });
    logger.error(
      { err: new DrizzleQueryError('insert into app_users (email, name) values ($1, $2)', ['erika@example.org', 'Erika'], pgError) },
      'action failed',
    );
    logger.warn(`cannot reach ${env.REDIS_URL} and ${env.DATABASE_URL}; key ${env.STRIPE_SECRET_KEY}; Authorization: Bearer eyJhbGciOi.x.y`);
    logger.info(
      { req: { method: 'GET', url: '/api/events?token=abc.def.ghi&orders=id.token', headers: { authorization: 'Bearer t' }, ip: '203.0.113.5' } },
      'incoming',
    );
    const text = out.text();
    for (const secret of [
      'erika@example.org',
      'Erika',
      'sk_live_0123456789abcdef',
      'redis-pass-77',
      'db-pass-88',
      'eyJhbGciOi',
      'abc.def.ghi',
      '203.0.113.5',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    const [error, warning, request] = out.lines();
    expect(error).toMatchObject({
      level: 50,
      msg: 'action failed',
      err: { message: 'Failed query: insert into app_users (email, name) values ($1, $2)', cause: { code: '23505', table: 'app_users' } },
    });
    expect(warning!.msg).toContain('redis://:[redacted]@redis:6379');
    expect(request).toMatchObject({ req: { method: 'GET', url: '/api/events?token=[redacted]&orders=[redacted]', remoteAddress: '203.0.113.0' } });
  });

  it('the request log of a stream URL carries a request id and no token', async () => {
    const out = capture();
    const { api, url } = await startApi({}, out.stream, 'info');
    try {
      const text = await readStream(`${url}/api/events?channels=shop&token=very-secret-id-token-0123456789&orders=order-1.order-token-secret`, (t) =>
        t.includes('hello'),
      );
      expect(text).toContain('hello');
      const res = await fetch(`${url}/api/health`, { headers: { 'x-request-id': 'proxy-req-0001' } });
      expect(res.headers.get('x-request-id')).toBe('proxy-req-0001');
    } finally {
      await api.close();
    }
    const lines = out.lines();
    expect(out.text()).not.toContain('very-secret-id-token');
    expect(out.text()).not.toContain('order-token-secret');
    const streamLine = lines.find((l) => (l.req as { url?: string } | undefined)?.url?.startsWith('/api/events'));
    expect(streamLine).toMatchObject({ reqId: expect.any(String), req: { url: '/api/events?channels=shop&token=[redacted]&orders=[redacted]' } });
    expect(lines.some((l) => l.reqId === 'proxy-req-0001')).toBe(true);
  });
});

describe('operations settings (one validated block)', () => {
  it('has the documented defaults', () => {
    expect(opsConfigOf({})).toEqual({
      dbPoolMax: 10,
      dbStatementTimeoutMs: 10_000,
      dbConnectTimeoutMs: 3_000,
      redisCommandTimeoutMs: 500,
      redisPrefix: 'shop:',
      shutdownTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      metricsToken: undefined,
      metricsAllow: ['127.0.0.1', '::1'],
    });
  });

  it.each([
    ['DB_POOL_MAX', '0'],
    ['DB_STATEMENT_TIMEOUT_MS', 'ten'],
    ['REDIS_COMMAND_TIMEOUT_MS', '1.5'],
    ['REDIS_PREFIX', 'shop prefix'],
    ['SHUTDOWN_TIMEOUT_SECONDS', '-1'],
    ['REQUEST_TIMEOUT_SECONDS', '0'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_ALLOW', '10.0.0.0/99'],
  ])('refuses %s=%s with the setting named', (name, value) => {
    expect(() => opsConfigOf({ [name]: value })).toThrow(name);
  });
});

describe('liveness, readiness and metrics', () => {
  let instance: { api: Api; url: string };
  beforeAll(async () => {
    instance = await startApi({ METRICS_TOKEN: 'scrape-token-0123456789' });
  });
  afterAll(async () => instance?.api.close());

  it('GET /api/ready names every check and the payment methods; 503 once draining, while /api/health stays 200', async () => {
    const ready = await instance.api.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      ready: true,
      checks: { database: { ok: true }, migrations: { ok: true }, redis: { ok: true, configured: false }, descriptors: { ok: true }, shutdown: { ok: true } },
      payments: { mode: 'test', methods: ['card', 'wallet', 'paypal', 'customerCard'] },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('readiness fails when the database, the migrations or Redis fail', async () => {
    const deps = {
      database: instance.api.database,
      events: instance.api.events,
      redis: true,
      descriptors: instance.api.descriptors,
      payments: () => ({ mode: 'test' as const, methods: [] }),
      draining: () => false,
    };
    expect((await readiness(deps)).ready).toBe(true);
    const away = await readiness({ ...deps, database: { ...deps.database, migrationState: () => Promise.reject(new Error('connect ECONNREFUSED')) } });
    expect(away).toMatchObject({ ready: false, checks: { database: { ok: false }, migrations: { ok: false } } });
    const behind = await readiness({ ...deps, database: { ...deps.database, migrationState: async () => ({ applied: 1, expected: 2, ok: false }) } });
    expect(behind).toMatchObject({ ready: false, checks: { database: { ok: true }, migrations: { ok: false, applied: 1, expected: 2 } } });
    const redisDown = await readiness({ ...deps, events: { ...deps.events, ping: () => Promise.reject(new Error('Redis subscription connection is down')) } });
    expect(redisDown).toMatchObject({ ready: false, checks: { redis: { ok: false, error: 'Redis subscription connection is down' } } });
    const hung = await readiness({ ...deps, events: { ...deps.events, ping: () => new Promise<void>(() => undefined) } }, 50);
    expect(hung).toMatchObject({ ready: false, checks: { redis: { ok: false } } });
  });

  it('GET /api/metrics: from an allowed address or with the token; counts actions and saved orders', async () => {
    const menu = (await post(instance.api, 'PullFoodMenu', {})).json<{ menu: Menu }>().menu;
    const issued = (await post(instance.api, 'GetCashCaptcha', {})).json<{ challenge: unknown }>();
    const order = { ...takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]), captcha: await solveCashCaptcha(issued.challenge) };
    expect((await post(instance.api, 'SaveNewOrder', { order })).statusCode).toBe(200);
    expect((await post(instance.api, 'SaveNewOrder', { order })).json()).toMatchObject({ duplicate: true });

    const outside = await instance.api.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(403);
    const wrongToken = await instance.api.app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrongToken.statusCode).toBe(403);
    const withToken = await instance.api.app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer scrape-token-0123456789' },
    });
    expect(withToken.statusCode).toBe(200);
    const local = await instance.api.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(local.statusCode).toBe(200);
    const text = local.body;
    expect(text).toMatch(/shop_action_requests_total\{action="SaveNewOrder",status="200"\} [1-9]/);
    expect(text).toMatch(/shop_action_duration_seconds_count\{action="PullFoodMenu"\} [1-9]/);
    expect(text).toMatch(/shop_orders_saved_total [1-9]/);
    for (const name of ['shop_payments_total', 'shop_open_streams', 'shop_event_fanout_lag_seconds', 'shop_database_errors_total', 'shop_redis_errors_total']) {
      expect(text).toContain(`# TYPE ${name}`);
    }
  });
});

describe('payments by outcome', () => {
  it('counts every provider call by provider, operation and outcome, failures as error', async () => {
    const value = async (labels: Record<string, string>) =>
      (await metrics.payments.get()).values.find((v) => Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l))?.value ?? 0;
    const fake: PaymentProvider = {
      id: 'paypal',
      authorize: async () => ({ ref: 'r1', state: 'declined', providerStatus: 'DECLINED', amount: 100 }),
      confirm: async () => ({ ref: 'r1', state: 'authorized', providerStatus: 'APPROVED', amount: 100 }),
      capture: () => Promise.reject(new Error('provider down')),
      void: async () => ({ ref: 'r1', state: 'voided', providerStatus: 'VOIDED', amount: 100 }),
      refund: async () => ({ ref: 'r1', state: 'refunded', providerStatus: 'REFUNDED', amount: 100 }),
    };
    const provider = instrumentProvider(fake);
    const before = {
      declined: await value({ provider: 'paypal', operation: 'authorize', outcome: 'declined' }),
      error: await value({ provider: 'paypal', operation: 'capture', outcome: 'error' }),
    };
    await provider.authorize({ uniqueOrderId: 'o1', amount: 100, description: 'x', idempotencyKey: 'k' });
    await expect(provider.capture('r1', 100)).rejects.toThrow('provider down');
    expect(await value({ provider: 'paypal', operation: 'authorize', outcome: 'declined' })).toBe(before.declined + 1);
    expect(await value({ provider: 'paypal', operation: 'capture', outcome: 'error' })).toBe(before.error + 1);
  });
});

describe('streams are told to resync', () => {
  let instance: { api: Api; url: string };
  beforeAll(async () => {
    instance = await startApi();
  });
  afterAll(async () => instance?.api.close());

  it('on shutdown: a retry hint and a resync event on each channel, then the end; new streams get no hello', async () => {
    const url = `${instance.url}/api/events?channels=shop`;
    const open = readStream(url);
    await new Promise((r) => setTimeout(r, 50));
    await expect.poll(() => instance.api.events.streams.size).toBe(1);
    expect(instance.api.drain()).toBe(1);
    const text = await open;
    expect(text).toContain('event: shop\ndata: {"type":"hello"');
    expect(text).toMatch(/retry: \d+\n\nevent: shop\ndata: \{"type":"resync","reason":"shutdown"\}\n\n$/);
    const refused = await readStream(url);
    expect(refused).toMatch(/retry: \d+/);
    expect(refused).not.toContain('hello');
    const ready = await instance.api.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { shutdown: { ok: false } } });
  });

  it('while the event transport is away: open streams resync, new ones are held without hello and resync when it is back', async () => {
    const bus = createMemoryEventBus();
    const writes: string[] = [];
    let ended = 0;
    const target = { events: ['shop', 'order1'], write: (c: string) => writes.push(c), end: () => ended++ };
    expect(bus.streams.open(target)).not.toBeNull();
    bus.streams.transportLost();
    expect(ended).toBe(1);
    expect(writes.join('')).toContain('event: order1\ndata: {"type":"resync","reason":"transport-lost"}');
    writes.length = 0;
    // A stream arriving meanwhile: held open (no retry storm), no hello (the route sends none for null).
    expect(bus.streams.open(target)).toBeNull();
    expect(ended).toBe(1);
    expect(bus.streams.size).toBe(1);
    bus.streams.transportRegained();
    expect(ended).toBe(2);
    expect(writes.join('')).toContain('event: shop\ndata: {"type":"resync","reason":"transport-regained"}');
    expect(bus.streams.open(target)).not.toBeNull();
    expect(farewell({ events: ['a'] }, 'shutdown', 1234)).toBe('retry: 1234\n\nevent: a\ndata: {"type":"resync","reason":"shutdown"}\n\n');
    await bus.close();
  });
});

describe('shutdown', () => {
  it('exits 0 once drained and closed, and 1 when closing hangs past the timeout', async () => {
    const logger = createLogger({ level: 'silent' });
    const codes: number[] = [];
    let drained = 0;
    const clean = installShutdown(
      { drain: () => ++drained, close: async () => undefined },
      { timeoutMs: 5_000, logger, exit: (c) => codes.push(c), signals: [] },
    );
    await clean.shutdown('SIGTERM');
    expect({ drained, codes }).toEqual({ drained: 1, codes: [0] });
    const hung = installShutdown(
      { drain: () => 0, close: () => new Promise<void>(() => undefined) },
      { timeoutMs: 100, logger, exit: (c) => codes.push(c), signals: [] },
    );
    void hung.shutdown('SIGTERM');
    await expect.poll(() => codes).toEqual([0, 1]);
  });
});

describe('a database that goes away', () => {
  it('recognises unreachable, cut, overloaded and timed-out databases, and nothing else', () => {
    const cases: [unknown, boolean][] = [
      [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), true],
      [new Error('Connection terminated unexpectedly'), true],
      [new Error('timeout exceeded when trying to connect'), true],
      [new DrizzleQueryError('select 1', [], Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })), true],
      [Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }), true],
      [Object.assign(new Error('x'), { code: '08006' }), true],
      [new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], 'connect failed'), true],
      [Object.assign(new Error('duplicate key'), { code: '23505' }), false],
      [new TypeError("Cannot read properties of undefined (reading 'x')"), false],
    ];
    for (const [error, expected] of cases) expect(isDatabaseUnavailable(error), String(error)).toBe(expected);
  });

  const ADMIN_URL = process.env.TEST_DATABASE_URL;
  describe.skipIf(!ADMIN_URL)('PostgreSQL behind a TCP proxy that is cut and restored', () => {
    let proxy: net.Server;
    const sockets: net.Socket[] = [];
    let cut = false;
    let proxyPort = 0;
    let dbName = '';
    let instance: { api: Api; url: string };
    let warnings: ReturnType<typeof capture>;

    beforeAll(async () => {
      const admin = new URL(ADMIN_URL!);
      dbName = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`CREATE DATABASE ${dbName}`);
      await client.end();
      proxy = net.createServer((socket) => {
        if (cut) return socket.destroy();
        const upstream = net.connect(Number(admin.port || 5432), admin.hostname);
        sockets.push(socket, upstream);
        socket.pipe(upstream).pipe(socket);
        const drop = () => {
          socket.destroy();
          upstream.destroy();
        };
        socket.on('error', drop);
        upstream.on('error', drop);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      proxyPort = (proxy.address() as AddressInfo).port;
      const url = new URL(ADMIN_URL!);
      url.host = `127.0.0.1:${proxyPort}`;
      url.pathname = `/${dbName}`;
      warnings = capture();
      instance = await startApi({ DATABASE_URL: url.toString(), DB_CONNECT_TIMEOUT_MS: '1000' }, warnings.stream, 'warn');
    }, 120_000);

    afterAll(async () => {
      cut = false;
      await instance?.api.close();
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => proxy?.close(resolve));
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await client.end();
    });

    afterEach(() => {
      cut = false;
    });

    it('answers 503 with the German text and Retry-After while the database is away, and serves again when it is back', async () => {
      expect((await post(instance.api, 'PullFoodMenu', {})).statusCode).toBe(200);
      // Cut every connection (the pool's idle ones error out: no crash) and refuse new ones.
      cut = true;
      for (const s of sockets.splice(0)) s.destroy();
      const away = await post(instance.api, 'PullFoodMenu', {});
      expect(away.statusCode).toBe(503);
      expect(away.headers['retry-after']).toBe('3');
      expect(away.json()).toMatchObject({ ok: false, error: { code: 'unavailable', userMessage: shellTexts.serviceUnavailable } });
      const notReady = await instance.api.app.inject({ method: 'GET', url: '/api/ready' });
      expect(notReady.statusCode).toBe(503);
      expect((await instance.api.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      cut = false;
      await expect.poll(async () => (await post(instance.api, 'PullFoodMenu', {})).statusCode, { timeout: 15_000 }).toBe(200);
      expect((await instance.api.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      expect(warnings.text()).toContain('PostgreSQL connection lost');
    });

    it('a connection cut in the middle of an order is a 503 the checkout retries, and the retry saves the order once', async () => {
      const menu = (await post(instance.api, 'PullFoodMenu', {})).json<{ menu: Menu }>().menu;
      const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { createdAt: testNow() });
      const captcha = async () => solveCashCaptcha((await post(instance.api, 'GetCashCaptcha', {})).json<{ challenge: unknown }>().challenge);
      const first = { ...draft, captcha: await captcha() };
      // Cut the connections as soon as the order's transaction begins.
      const cutting = setInterval(() => {
        if (sockets.length) for (const s of sockets.splice(0)) s.destroy();
      }, 1);
      const broken = await post(instance.api, 'SaveNewOrder', { order: first });
      clearInterval(cutting);
      expect([200, 503]).toContain(broken.statusCode);
      const retried = await post(instance.api, 'SaveNewOrder', { order: { ...draft, captcha: await captcha() } });
      expect(retried.statusCode).toBe(200);
      const { default: pg } = await import('pg');
      const url = new URL(ADMIN_URL!);
      url.pathname = `/${dbName}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const { rows } = await client.query('select count(*)::int as n from orders where client_id = $1', [draft.clientId]);
      await client.end();
      expect(rows[0].n).toBe(1);
    });
  });
});

describe('Redis away at start and back later', () => {
  it.skipIf(!RedisServer.available())('the instance starts, refuses streams until Redis answers, then serves them', async () => {
    const port = Number(process.env.OPS_TEST_REDIS_PORT ?? 6392);
    const redis = new RedisServer(port);
    const bus = await createRedisEventBus(redis.url, { prefix: `ops-test-${crypto.randomUUID()}:`, log: () => undefined });
    try {
      expect(bus.connected).toBe(false);
      let held = 0;
      expect(bus.streams.open({ events: ['shop'], write: () => undefined, end: () => held++ })).toBeNull();
      await expect(bus.ping()).rejects.toThrow();
      await redis.start();
      await expect.poll(() => bus.connected, { timeout: 15_000 }).toBe(true);
      expect(held).toBe(1); // the held stream was ended with resync once Redis answered
      await bus.ping();
      expect(bus.streams.open({ events: ['shop'], write: () => undefined, end: () => undefined })).not.toBeNull();
      // A publish never fails the caller, also when Redis goes away again.
      await redis.stop();
      await expect(bus.publish('shop', { type: 'menuUpdated', kind: 'food' })).resolves.toBeUndefined();
    } finally {
      await bus.close();
      await redis.dispose();
    }
  });
});

describe.skipIf(!process.env.REDIS_URL)('REDIS_PREFIX: two shops on one Redis (REDIS_URL)', () => {
  it('neither hears the other’s events nor shares its rate-limit counters', async () => {
    const run = crypto.randomUUID();
    const env = (shop: string) => ({ REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `${shop}-${run}:`, RATE_LIMITS: 'on' });
    const a = await startApi(env('shopA'));
    const b = await startApi(env('shopB'));
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      const heardA: unknown[] = [];
      const heardB: { type: string; kind?: string }[] = [];
      const ua = a.api.events.subscribe('shop', (e) => heardA.push(e));
      const ub = b.api.events.subscribe('shop', (e) => heardB.push(e));
      await Promise.all([ua.ready, ub.ready]);
      await a.api.events.publish('shop', { type: 'menuUpdated', kind: 'food' });
      await expect.poll(() => heardA.length).toBe(1);
      // B's own event arrives after A's would have (one Redis, in order): B heard only its own.
      await b.api.events.publish('shop', { type: 'menuUpdated', kind: 'drink' });
      await expect.poll(() => heardB.length).toBe(1);
      expect(heardB).toEqual([{ type: 'menuUpdated', kind: 'drink' }]);
      ua();
      ub();

      expect((await post(a.api, 'LoadCoupons', { couponCode: 'PREFIX1' }, { 'x-forwarded-for': '203.0.113.50' })).statusCode).toBe(200);
      expect((await redis.keys(`shopA-${run}:rate:*`)).length).toBeGreaterThan(0);
      expect(await redis.keys(`shopB-${run}:*`)).toEqual([]);
    } finally {
      redis.disconnect();
      await a.api.close();
      await b.api.close();
    }
  });
});
