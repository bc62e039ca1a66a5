#!/usr/bin/env node
// npm run bench:cluster (requirements#operations): the production topology on this machine, bounded and loopback only.
// (a) 1, 2 and 3 compiled API instances behind nginx on PostgreSQL and Redis: SaveNewOrder throughput
//     (orders/s) and latency (p50/p95/p99) under a closed loop of concurrent guests;
// (b) 10,000 open event streams (guests following their orders) on 3 instances: staff → guest latency
//     of UpdateOrderStatus (p50/p95/max) and events lost;
// (c) faults with recovery times: database backends terminated, Redis stopped and restarted, SIGTERM
//     and kill -9 of an instance (streams back, readiness back).
// Writes bench-results/cluster.json and prints the tables. Noisy on a shared machine: run it alone
// (`flock /tmp/shop-build.lock npm run bench:cluster`).
//   npm run bench:cluster [-- --seconds=12] [--concurrency=16] [--streams=10000] [--stream-orders=200] [--only=orders|streams|faults]
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './lib/apps.mjs';
import { createStaffAccount, DEMO_STAFF, startAuthEmulator } from './lib/auth-emulator.mjs';
import { createDatabase, nofileLimits, startCluster } from './lib/cluster.mjs';
import { ms, percentile, table } from './bench/stats.mjs';

function option(name, fallback) {
  const arg = process.argv.slice(2).find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : true;
}
const SECONDS = Number(option('seconds', 12));
const CONCURRENCY = Number(option('concurrency', 16));
const STREAMS = Number(option('streams', 10_000));
const STREAM_ORDERS = Number(option('stream-orders', 200));
const ONLY = option('only', null);
const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 3145);
const REDIS_PORT = Number(process.env.BENCH_REDIS_PORT ?? 6393);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const wants = (part) => !ONLY || String(ONLY).split(',').includes(part);
const sleep = (msec) => new Promise((r) => setTimeout(r, msec));
const now = () => performance.now();

// ── helpers from the API's test support (TypeScript, loaded with tsx: bench tooling only) ──
const { tsImport } = await import('tsx/esm/api');
const load = (rel) => tsImport(pathToFileURL(path.join(REPO_ROOT, rel)).href, import.meta.url);
const { takeawayDraft } = await load('api/test/support/orders.ts');
const { solveCashCaptcha } = await load('api/test/support/captcha.ts');
const { testNow } = await load('api/test/support/clock.ts');
const { CONTRACT_VERSION } = await load('shared/src/contract/version.ts');

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let ipCounter = 0;
/** A guest's own address (198.18.0.0/15), so that per-IP rate limits count guests apart, as in production. */
const guestIp = () => {
  const n = ipCounter++ % 2 ** 17;
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
};

/**
 * POST /api/action over a keep-alive connection; status 0 for a failed connection.
 * @param {string} base @param {string} name @param {unknown} payload
 * @param {{ browserId?: string, token?: string, ip?: string }} [options]
 */
function action(base, name, payload, { browserId = `bench-browser-${crypto.randomUUID()}`, token, ip } = {}) {
  const body = JSON.stringify({ action: name, payload, channel: 'on-the-go', browserId, secToken: '', timeout: 10000, contractVersion: CONTRACT_VERSION });
  return new Promise((resolve) => {
    const req = http.request(
      `${base}/api/action`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(ip ? { 'x-forwarded-for': ip } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let json = {};
          try {
            json = JSON.parse(text);
          } catch {
            // a proxy's HTML page
          }
          resolve({ status: res.statusCode, body: json });
        });
      },
    );
    req.on('error', () => resolve({ status: 0, body: {} }));
    req.on('timeout', () => req.destroy());
    req.end(body);
  });
}

async function retrying(fn, what, tries = 200) {
  for (let i = 0; i < tries; i++) {
    const res = await fn();
    if (res.status === 200) return res;
    if (![0, 502, 503, 504].includes(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    await sleep(100);
  }
  throw new Error(`${what}: no answer`);
}

/** Orders paid at pickup, each with its human check solved beforehand (the guest's browser does that before saving). */
async function preparedOrders(base, menu, count) {
  const out = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const browserId = `bench-browser-${crypto.randomUUID()}`;
      const ip = guestIp();
      const issued = await retrying(() => action(base, 'GetCashCaptcha', {}, { browserId, ip }), 'GetCashCaptcha');
      const captcha = await solveCashCaptcha(issued.body.challenge);
      out.push({ browserId, ip, order: { ...takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { createdAt: testNow() }), captcha } });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return out;
}

async function saveAll(base, prepared, concurrency) {
  const latencies = [];
  let errors = 0;
  let next = 0;
  const saved = [];
  const started = now();
  const worker = async () => {
    while (next < prepared.length) {
      const p = prepared[next++];
      const t0 = now();
      const res = await action(base, 'SaveNewOrder', { order: p.order }, { browserId: p.browserId, ip: p.ip });
      latencies.push(now() - t0);
      if (res.status === 200 && res.body.duplicate === false) saved.push({ uniqueOrderId: res.body.uniqueOrderId, accessToken: res.body.accessToken });
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (now() - started) / 1000;
  return { saved, latencies, errors, seconds };
}

// ── event streams ──
/**
 * The URL getter of a stream as the browser opens it: a fresh single-use ticket (IssueStreamTicket) per connection.
 * @param {string} base @param {unknown} payload
 * @param {{ token?: string, ip?: string }} [options] the staff's token; the address the guest asks from
 */
function ticketedUrl(base, payload, { token, ip } = {}) {
  return async () => {
    const res = await action(base, 'IssueStreamTicket', payload, { ...(token ? { token } : {}), ...(ip ? { ip } : {}) });
    return res.status === 200 && res.body?.ticket ? `${base}/api/events?ticket=${encodeURIComponent(res.body.ticket)}` : null;
  };
}
/**
 * Opens an SSE stream and calls onEvent(eventName, data, receivedAt); reconnects after the retry hint like EventSource.
 * `url` is a string or an async function giving the URL of each connection (a new stream ticket each time); `ip`
 * the guest's own address (the API holds at most 32 open streams per address).
 * @param {string | (() => Promise<string | null>)} url @param {(event: string, data: any, at: number) => void} onEvent @param {string} [ip]
 */
function openStream(url, onEvent, ip) {
  const state = { live: false, closed: false, connections: 0, retryMs: 3000, req: null };
  const open = async () => {
    if (state.closed) return;
    const target = typeof url === 'string' ? url : await url().catch(() => null);
    if (state.closed) return;
    if (!target) {
      setTimeout(open, 1000);
      return;
    }
    let buffer = '';
    let finished = false;
    const finish = (msec) => {
      if (finished) return;
      finished = true;
      state.live = false;
      if (!state.closed) setTimeout(open, msec);
    };
    const req = http.get(target, { agent: false, headers: ip ? { 'x-forwarded-for': ip } : {} }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        res.on('end', () => finish(1000));
        return;
      }
      state.connections++;
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const at = now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data = null;
          for (const line of block.split('\n')) {
            if (line.startsWith('retry:')) state.retryMs = Number(line.slice(6));
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data = JSON.parse(line.slice(5));
          }
          if (!data) continue;
          if (data.type === 'hello') state.live = true;
          onEvent(event, data, at);
        }
      });
      res.on('end', () => finish(state.retryMs));
      res.on('error', () => finish(state.retryMs));
      res.on('close', () => finish(state.retryMs));
    });
    req.on('error', () => finish(1000));
    state.req = req;
  };
  open();
  state.close = () => {
    state.closed = true;
    state.req?.destroy();
  };
  return state;
}

async function waitUntil(check, timeoutMs, every = 50) {
  const started = now();
  while (!(await check())) {
    if (now() - started > timeoutMs) return null;
    await sleep(every);
  }
  return now() - started;
}

const readyAll = async (instances) =>
  (
    await Promise.all(
      instances.map((m) =>
        fetch(`${m.url}/api/ready`, { signal: AbortSignal.timeout(1500) }).then(
          (r) => r.status === 200,
          () => false,
        ),
      ),
    )
  ).every(Boolean);

function staffToken(emulatorHost) {
  return fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_STAFF.email, password: DEMO_STAFF.password, returnSecureToken: true }),
  })
    .then((r) => r.json())
    .then((j) => {
      if (!j.idToken) throw new Error(`staff sign-in failed: ${JSON.stringify(j)}`);
      return j.idToken;
    });
}

function startRedis() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-redis-'));
  let child = null;
  const start = async () => {
    const { spawn } = await import('node:child_process');
    child = spawn(
      '/usr/bin/redis-server',
      ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--maxclients', '20000'],
      {
        stdio: 'ignore',
      },
    );
    await waitUntil(
      () =>
        new Promise((resolve) => {
          const s = new net.Socket();
          s.once('connect', () => (s.destroy(), resolve(true)));
          s.once('error', () => resolve(false));
          s.connect(REDIS_PORT, '127.0.0.1');
        }),
      10_000,
    );
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  return { url: `redis://127.0.0.1:${REDIS_PORT}`, start, stop, dispose: async () => (await stop(), fs.rmSync(dir, { recursive: true, force: true })) };
}

function machine() {
  const cpus = os.cpus();
  const version = (cmd, args) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
        .trim()
        .split('\n')[0];
    } catch (error) {
      return (error.stderr ?? '').toString().trim().split('\n')[0] || 'unknown';
    }
  };
  const nginx = spawnSync('/usr/sbin/nginx', ['-v'], { encoding: 'utf8' }).stderr.trim();
  return {
    cpus: `${cpus.length} × ${cpus[0]?.model ?? 'unknown'}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    nginx,
    redis: version('/usr/bin/redis-server', ['--version']),
    postgres: version('psql', ['--version']),
    nofile: nofileLimits(),
    loadAverage: os.loadavg().map((l) => l.toFixed(2)),
  };
}

// ── the run ──
const results = {
  date: new Date().toISOString(),
  machine: machine(),
  settings: { SECONDS, CONCURRENCY, STREAMS, STREAM_ORDERS },
  orders: [],
  streams: null,
  faults: [],
};
console.log(
  `machine: ${results.machine.cpus}, ${results.machine.memoryGb} GB, Node ${results.machine.node}, ${results.machine.nginx}, open files ${results.machine.nofile.soft}/${results.machine.nofile.hard}`,
);
if (results.machine.nofile.soft < STREAMS + 1000)
  console.warn(`warning: this process may open ${results.machine.nofile.soft} files; ${STREAMS} streams need more (ulimit -n)`);

const stops = [];
const cleanUp = async () => {
  for (const stop of stops.splice(0).reverse()) await stop().catch((e) => console.error(e.message));
};
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  const emulator = await startAuthEmulator();
  stops.push(() => emulator.stop());
  await createStaffAccount(emulator.host);
  const redis = startRedis();
  await redis.start();
  stops.push(() => redis.dispose());

  const clusterEnv = { NODE_ENV: 'test', SHOP_TEST_NOW: new Date(testNow()).toISOString(), FIREBASE_PROJECT_ID: emulator.projectId, LOG_LEVEL: 'error' };
  const withCluster = async (instances, fn) => {
    const database = await createDatabase(ADMIN_URL);
    const cluster = await startCluster({ instances, port: PORT, databaseUrl: database.url, redisUrl: redis.url, emulatorHost: emulator.host, env: clusterEnv });
    // Also stopped (and its database dropped) when the bench is interrupted.
    const stopCluster = async () => {
      await cluster.stop();
      await database.drop();
    };
    stops.push(stopCluster);
    try {
      const menu = (await retrying(() => action(cluster.url, 'PullFoodMenu', {}), 'PullFoodMenu')).body.menu;
      return await fn(cluster, menu, database);
    } finally {
      stops.splice(stops.indexOf(stopCluster), 1);
      await stopCluster();
    }
  };

  if (wants('orders')) {
    for (const instances of [1, 2, 3]) {
      await withCluster(instances, async (cluster, menu) => {
        // Warm-up, then a bounded closed loop: as many orders as CONCURRENCY guests save in SECONDS.
        await saveAll(cluster.url, await preparedOrders(cluster.url, menu, 20), 4);
        // Enough for the expected pace (each human check costs the bench ~0.15 s of CPU beforehand); `exhausted` says when not.
        const estimate = Math.max(200, Math.ceil(SECONDS * (40 + 20 * instances)));
        process.stdout.write(`orders, ${instances} instance(s): preparing ${estimate} orders (human check solved beforehand) … `);
        const prepared = await preparedOrders(cluster.url, menu, estimate);
        const deadline = now() + SECONDS * 1000;
        const latencies = [];
        let saved = 0;
        let errors = 0;
        let next = 0;
        const started = now();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (now() < deadline && next < prepared.length) {
              const p = prepared[next++];
              const t0 = now();
              const res = await action(cluster.url, 'SaveNewOrder', { order: p.order }, { browserId: p.browserId, ip: p.ip });
              latencies.push(now() - t0);
              if (res.status === 200 && res.body.duplicate === false) saved++;
              else errors++;
            }
          }),
        );
        const seconds = (now() - started) / 1000;
        const row = {
          instances,
          orders: saved,
          errors,
          seconds: Number(seconds.toFixed(1)),
          ordersPerSecond: Number((saved / seconds).toFixed(1)),
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          p99Ms: percentile(latencies, 99),
          exhausted: next >= prepared.length,
        };
        results.orders.push(row);
        console.log(`${row.ordersPerSecond} orders/s, p50 ${ms(row.p50Ms)} ms, p95 ${ms(row.p95Ms)} ms, p99 ${ms(row.p99Ms)} ms, errors ${errors}`);
      });
    }
  }

  if (wants('streams') || wants('faults')) {
    await withCluster(3, async (cluster, menu, database) => {
      const staff = await staffToken(emulator.host);
      const { saved } = await saveAll(cluster.url, await preparedOrders(cluster.url, menu, STREAM_ORDERS), 8);
      if (saved.length < STREAM_ORDERS) throw new Error(`only ${saved.length} of ${STREAM_ORDERS} orders saved`);
      /** Per order: the streams following it and when the staff's change was sent. */
      const followers = new Map(saved.map((o) => [o.uniqueOrderId, { sentAt: 0, received: [] }]));
      const streams = [];
      const orderOf = (i) => saved[i % saved.length];
      const count = wants('streams') ? STREAMS : Math.min(STREAMS, 600);
      process.stdout.write(`streams: opening ${count} … `);
      const opening = now();
      for (let i = 0; i < count; i++) {
        const order = orderOf(i);
        const channel = `order${order.uniqueOrderId}`;
        // Each guest asks for its tickets and opens its stream from its own address, as 10,000 phones do.
        const ip = guestIp();
        streams.push(
          openStream(
            ticketedUrl(cluster.url, { channels: ['shop'], orders: [{ uniqueOrderId: order.uniqueOrderId, accessToken: order.accessToken }] }, { ip }),
            (event, data, at) => {
              if (event === channel && data.type === 'orderUpdated') {
                const f = followers.get(order.uniqueOrderId);
                if (f.sentAt) f.received.push(at - f.sentAt);
              }
            },
            ip,
          ),
        );
        // Guests arrive over a few seconds (about 1,000 a second), not all in one instant.
        if (i % 100 === 99) await sleep(100);
      }
      const allLive = await waitUntil(() => streams.every((s) => s.live), 300_000, 200);
      const live = streams.filter((s) => s.live).length;
      console.log(`${live} live after ${((allLive ?? now() - opening) / 1000).toFixed(1)} s`);
      stops.push(async () => streams.forEach((s) => s.close()));

      if (wants('streams')) {
        // The kitchen accepts every order, two changes at a time; each follower's latency from the click.
        let next = 0;
        await Promise.all(
          Array.from({ length: 2 }, async () => {
            while (next < saved.length) {
              const order = saved[next++];
              followers.get(order.uniqueOrderId).sentAt = now();
              await retrying(
                () => action(cluster.url, 'UpdateOrderStatus', { uniqueOrderId: order.uniqueOrderId, change: 'confirm' }, { token: staff }),
                'confirm',
              );
            }
          }),
        );
        const perOrder = Math.round(count / saved.length);
        await waitUntil(() => [...followers.values()].every((f) => f.received.length >= perOrder), 30_000, 100);
        const latencies = [...followers.values()].flatMap((f) => f.received);
        // Every stream follows one order, and every order is changed once: one delivery per stream.
        const expected = count;
        results.streams = {
          streams: count,
          live,
          events: saved.length,
          deliveries: latencies.length,
          expectedDeliveries: expected,
          lost: expected - latencies.length,
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          maxMs: Math.max(...latencies),
        };
        console.log(
          `staff → guest over ${count} streams: p50 ${ms(results.streams.p50Ms)} ms, p95 ${ms(results.streams.p95Ms)} ms, max ${ms(results.streams.maxMs)} ms, ${results.streams.lost} of ${expected} deliveries lost`,
        );
      }

      if (wants('faults')) {
        const sample = streams.slice(0, 600);
        // Orders ready to save (human check solved) for the "saving works again" probes.
        const probes = await preparedOrders(cluster.url, menu, 60);
        const everyLive = () => sample.every((s) => s.live);
        /** A save while the fault lasts: its status and time (orders must not stall or fail because of Redis). */
        const probeSave = async () => {
          const p = probes.pop();
          const t0 = now();
          const res = await action(cluster.url, 'SaveNewOrder', { order: p.order }, { browserId: p.browserId, ip: p.ip });
          return { status: res.status, ms: Math.round(now() - t0) };
        };
        /**
         * Injects a fault, saves an order while it lasts, ends it (restore) and measures from that moment
         * until the sample of streams is live again (hello after reconnecting) and every running instance is ready.
         */
        /** @type {(name: string, inject: () => Promise<unknown>, options?: { restore?: () => Promise<unknown> }) => Promise<void>} */
        const fault = async (name, inject, { restore } = {}) => {
          await waitUntil(everyLive, 60_000);
          await waitUntil(() => readyAll(cluster.instances.filter((m) => m.alive)), 60_000);
          const t0 = now();
          const injected = await inject();
          const injectMs = Math.round(now() - t0);
          const during = await probeSave();
          if (restore) await restore();
          // Both measured from the moment the fault ended, side by side.
          const [streamsBack, readyBack] = await Promise.all([
            waitUntil(everyLive, 120_000),
            waitUntil(() => readyAll(cluster.instances.filter((m) => m.alive)), 120_000),
          ]);
          const row = {
            fault: name,
            injectMs,
            saveDuringFault: during,
            streamsBackMs: streamsBack === null ? null : Math.round(streamsBack),
            readyBackMs: readyBack === null ? null : Math.round(readyBack),
            aliveInstances: cluster.instances.filter((m) => m.alive).length,
            ...(injected && typeof injected === 'object' ? injected : {}),
          };
          results.faults.push(row);
          console.log(
            `fault ${name}: save during it ${during.status} in ${during.ms} ms; after it ended: streams back ${row.streamsBackMs} ms, ready ${row.readyBackMs} ms (${row.aliveInstances} instances alive)`,
          );
        };
        const { default: pg } = await import('pg');
        const admin = new pg.Client({ connectionString: ADMIN_URL });
        await admin.connect();
        await fault('database backends terminated', () =>
          admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'streetfood-shop'`, [database.name]),
        );
        await admin.end();
        await fault('Redis stopped for 5 s', () => redis.stop(), {
          restore: async () => {
            await sleep(5000);
            await redis.start();
          },
        });
        const victim = cluster.instances[0];
        await fault('SIGTERM of one instance', async () => {
          const t0 = now();
          const exit = await victim.kill('SIGTERM');
          return { exit, drainedAndExitedMs: Math.round(now() - t0) };
        });
        victim.start();
        await victim.waitReady();
        await fault('kill -9 of one instance', () => cluster.instances[1].kill('SIGKILL'));
      }
    });
  }
} finally {
  await cleanUp();
  agent.destroy();
}

fs.mkdirSync(path.join(REPO_ROOT, 'bench-results'), { recursive: true });
fs.writeFileSync(path.join(REPO_ROOT, 'bench-results', 'cluster.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(
  '\n' +
    table([
      ['instances', 'orders', 'orders/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'],
      ...results.orders.map((r) => [r.instances, r.orders, r.ordersPerSecond, ms(r.p50Ms), ms(r.p95Ms), ms(r.p99Ms), r.errors]),
    ]),
);
if (results.streams)
  console.log(
    `\nstreams ${results.streams.live}/${results.streams.streams} live; staff → guest p50 ${ms(results.streams.p50Ms)} ms, p95 ${ms(results.streams.p95Ms)} ms, max ${ms(results.streams.maxMs)} ms; lost ${results.streams.lost}`,
  );
if (results.faults.length) {
  console.log(
    '\n' +
      table([
        ['fault', 'save during it', 'streams back ms', 'ready back ms'],
        ...results.faults.map((f) => [f.fault, `${f.saveDuringFault.status} in ${f.saveDuringFault.ms} ms`, f.streamsBackMs ?? '–', f.readyBackMs ?? '–']),
      ]),
  );
}
console.log('\nwritten: bench-results/cluster.json');
process.exit(0);
